import type { TRefundCheck } from '@krapao/contracts/refund';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { RefundAction } from './refund-modal';

const CHECK: TRefundCheck = {
  result: true,
  bonus: false,
  info: '<p>Cashback <b>5%</b> every week</p>',
  refundAmount: 50,
  refundSuccess: 5,
  refundFail: 10,
  receivedAmount: 0,
};
const LOG = {
  total: 11,
  refunds: [
    { refundAmount: 20, createdAt: '2024-05-01T08:09:10.000Z' },
    { refundAmount: 7.25, createdAt: '2024-04-24T08:00:00.000Z' },
  ],
};

function renderRefund(handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch({
    'GET /api/refund/banners': { body: [] },
    'GET /api/refund/check': { body: CHECK },
    'POST /api/refund': { body: LOG },
    ...handlers,
  });
  const onClose = vi.fn();
  renderAt(<RefundAction open onClose={onClose} />, '/user/home');
  return { api, onClose, user: userEvent.setup() };
}

const check = (extra: Partial<TRefundCheck>) => ({ 'GET /api/refund/check': { body: { ...CHECK, ...extra } } });
const panel = () => screen.findByTestId('refund-panel');
/** Toasts outlive a test (the store is module-wide): look for ours among them. */
const toasts = (tone: 'success' | 'danger') => screen.queryAllByTestId(`toast-${tone}`).map((el) => el.textContent);
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('refund quick action', () => {
  it('no banners: loads them first, then the plain refund modal', async () => {
    const { api } = renderRefund();
    await screen.findByTestId('refund-modal');
    expect(screen.queryByTestId('banner-modal')).toBeNull();
    expect(api.calls[0]?.path).toBe('/api/refund/banners');
  });

  it('banners: the carousel first; closing it opens the refund modal', async () => {
    const { user } = renderRefund({ 'GET /api/refund/banners': { body: [{ image: '/b.png', html: '<p>Hi</p>' }] } });
    const banner = await screen.findByTestId('banner-modal');
    expect(screen.queryByTestId('refund-modal')).toBeNull();
    await user.click(within(banner).getByTestId('banner-modal-continue'));
    expect(await screen.findByTestId('refund-modal')).toBeTruthy();
  });
});

describe('refund modal', () => {
  it('shows refundAmount, the success and fail percentages and the info HTML', async () => {
    renderRefund();
    await panel();
    expect(screen.getByTestId('refund-amount').textContent).toBe('50.00');
    expect(screen.getByTestId('refund-success').textContent).toBe('5 %');
    expect(screen.getByTestId('refund-fail').textContent).toBe('10 %');
    expect(screen.getByTestId('refund-received').textContent).toBe('0.00');
    expect(within(screen.getByTestId('refund-info')).getByText('5%').tagName).toBe('B');
    expect(screen.queryByTestId('refund-none')).toBeNull();
    expect(button('refund-receive').disabled).toBe(false);
    expect(button('refund-add-wallet').disabled).toBe(true);
  });

  it('result false: the no-refund state, nothing to receive', async () => {
    renderRefund(check({ result: false, refundAmount: 0 }));
    await panel();
    expect(screen.getByTestId('refund-none').textContent).toBe('There is no refund for you right now.');
    expect(screen.getByTestId('refund-info')).toBeTruthy();
    expect(button('refund-receive').disabled).toBe(true);
  });

  it('bonus true: receive is disabled and the rule says why', async () => {
    renderRefund(check({ bonus: true, receivedAmount: 10, refundAmount: 60 }));
    await panel();
    expect(button('refund-receive').disabled).toBe(true);
    expect(button('refund-add-wallet').disabled).toBe(true);
    expect(screen.getByTestId('refund-bonus-rule').textContent).toBe(
      'A refund is not allowed while a bonus condition is active.',
    );
  });

  it('receive: GET /api/refund/receive with an Idempotency-Key, its message, then the state is checked again', async () => {
    const { api, user, onClose } = renderRefund({
      'GET /api/refund/receive': { body: { message: 'REFUND_SUCCESS', amount: 50 } },
    });
    await panel();
    await user.click(button('refund-receive'));
    await waitFor(() => expect(toasts('success')).toContain('Refund received successfully'));
    const calls = api.callsTo('GET', '/api/refund/receive');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/refund/check')).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a receive error: a danger toast, then GET /api/refund/check again', async () => {
    const { api, user } = renderRefund({
      'GET /api/refund/receive': { status: 400, body: { message: 'BONUS_ALREADY_ACTIVE' } },
    });
    await panel();
    await user.click(button('refund-receive'));
    await waitFor(() => expect(toasts('danger')).toContain('You already have an active bonus'));
    await waitFor(() => expect(api.callsTo('GET', '/api/refund/check')).toHaveLength(2));
  });

  it('add to wallet asks first; no sends nothing', async () => {
    const { api, user, onClose } = renderRefund(check({ receivedAmount: 50 }));
    await panel();
    expect(button('refund-add-wallet').disabled).toBe(false);
    await user.click(button('refund-add-wallet'));
    const confirm = screen.getByTestId('refund-add-confirm');
    expect(within(confirm).getByTestId('refund-add-message').textContent).toContain('50.00');
    expect(within(confirm).getByTestId('refund-add-message').textContent).toContain('5 %');
    await user.click(screen.getByTestId('refund-add-no'));
    expect(screen.queryByTestId('refund-add-confirm')).toBeNull();
    expect(api.callsTo('GET', '/api/refund/addWallet')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('add to wallet, yes: GET /api/refund/addWallet with a key, its message, closes with a wallet refresh', async () => {
    const { api, user, onClose } = renderRefund({
      ...check({ receivedAmount: 50 }),
      'GET /api/refund/addWallet': { body: { message: 'SUCCESS', amount: 50 } },
    });
    await panel();
    await user.click(button('refund-add-wallet'));
    await user.click(screen.getByTestId('refund-add-yes'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const calls = api.callsTo('GET', '/api/refund/addWallet');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(toasts('success')).toContain('Completed successfully');
  });

  it('closing by hand asks for no refresh', async () => {
    const { user, onClose } = renderRefund();
    await panel();
    await user.click(within(screen.getByTestId('refund-modal')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('the refund log: POST /api/refund {page: 1, limit: 10}, amount and date; page 2 sends page 2', async () => {
    const { api, user } = renderRefund();
    const rows = await screen.findAllByTestId('refund-row');
    expect(api.callsTo('POST', '/api/refund')[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('refund-row-amount').textContent).toBe('20.00');
    expect(within(rows[0] as HTMLElement).getByTestId('refund-date').textContent).toBe(
      formatDate('2024-05-01T08:09:10.000Z'),
    );
    expect(within(rows[1] as HTMLElement).getByTestId('refund-row-amount').textContent).toBe('7.25');
    await user.click(within(screen.getByTestId('refund-pager')).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/refund')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/refund')[1]?.body).toEqual({ page: 2, limit: 10 });
  });
});
