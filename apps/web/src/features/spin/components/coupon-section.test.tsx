import { CLAIM_DEBOUNCE_MS } from '@krapao/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { coupon, setup, stubCanvas } from '../testing';
import { CouponSection } from './coupon-section';
import { SpinPanel } from './spin-panel';

const CLAIM = 'POST /api/spinwheel/coupon/claim';
const FIVE = [coupon('c1', 1234.5), coupon('c2', 20), coupon('c3', 30), coupon('c4', 40), coupon('c5', 0.1)];

/** The page's two parts, so a claim's reload of the wheel can be seen. */
function renderPage(handlers: Record<string, MockHandler> = {}) {
  stubCanvas();
  const api = mockFetch({
    'GET /api/spinwheel/setup': { body: setup(2) },
    'GET /api/spinwheel/coupon': { body: FIVE },
    ...handlers,
  });
  renderAt(
    <>
      <SpinPanel />
      <CouponSection />
    </>,
    '/user/spin',
  );
  return { api };
}

const rows = () => screen.findAllByTestId('coupon-row');
const cells = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent;
const claims = (api: ReturnType<typeof mockFetch>) => api.callsTo('POST', '/api/spinwheel/coupon/claim');

async function openClaim(index = 0) {
  const row = (await rows())[index] as HTMLElement;
  fireEvent.click(within(row).getByTestId('coupon-claim'));
  return screen.getByTestId('claim-modal');
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('coupon table', () => {
  it('shows 3 rows a page with index, slice label, prize name and amount; page 2 has the other 2', async () => {
    renderPage();
    const first = await rows();
    expect(first).toHaveLength(3);
    const row = first[0] as HTMLElement;
    expect([cells(row, 'coupon-index'), cells(row, 'coupon-slice'), cells(row, 'coupon-name')]).toEqual([
      '1',
      'Label c1',
      'Name c1',
    ]);
    expect(cells(row, 'coupon-amount')).toBe('1,234.50');
    expect(within(row).getByTestId('coupon-claim').textContent).toBe('Claim');
    fireEvent.click(within(screen.getByTestId('coupon-pager')).getByRole('button', { name: /2/ }));
    const second = await rows();
    expect(second).toHaveLength(2);
    expect(second.map((r) => cells(r, 'coupon-index'))).toEqual(['4', '5']);
    expect(cells(second[1] as HTMLElement, 'coupon-amount')).toBe('0.10');
  });

  it('with no coupons says so and shows no pager', async () => {
    renderPage({ 'GET /api/spinwheel/coupon': { body: [] } });
    expect((await screen.findByTestId('coupon-empty')).textContent).toContain('No coupons to claim yet');
    expect(screen.queryByTestId('coupon-pager')).toBeNull();
  });
});

describe('coupon claim', () => {
  it('a claim button opens the confirmation for that coupon', async () => {
    const { api } = renderPage();
    const modal = await openClaim(1);
    expect(within(modal).getByTestId('claim-slice').textContent).toBe('Label c2');
    expect(within(modal).getByTestId('claim-amount').textContent).toBe('20.00');
    // The credit is a bonus under a condition (decision 055): the member is told before claiming.
    expect(within(modal).getByTestId('claim-condition').textContent).toContain('bonus with a condition');
    expect(claims(api)).toHaveLength(0);
  });

  it('a double click on confirm sends one POST {coupon} with a key, 500 ms after the last click', async () => {
    const { api } = renderPage({ [CLAIM]: { body: { message: 'SUCCESS', amount: 20 } } });
    const confirm = within(await openClaim(1)).getByTestId('claim-confirm');
    vi.useFakeTimers(); // exact time from here on
    fireEvent.click(confirm);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(claims(api)).toHaveLength(0);
    fireEvent.click(confirm);
    await act(() => vi.advanceTimersByTimeAsync(CLAIM_DEBOUNCE_MS - 1));
    expect(claims(api)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(claims(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(CLAIM_DEBOUNCE_MS * 2));
    expect(claims(api).map((c) => c.body)).toEqual([{ coupon: 'c2' }]);
    expect(claims(api)[0]?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('success: the message shows, the claim modal closes, and the wheel and coupons reload', async () => {
    const { api } = renderPage({ [CLAIM]: { body: { message: 'SUCCESS', amount: 1234.5 } } });
    fireEvent.click(within(await openClaim(0)).getByTestId('claim-confirm'));
    const dialog = await screen.findByTestId('success-dialog');
    expect(within(dialog).getByTestId('claim-success').textContent).toBe(
      'Coupon claimed. 1,234.50 has been added to your wallet.',
    );
    expect(screen.queryByTestId('claim-modal')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/coupon')).toHaveLength(2));
  });

  it('failure: the error dialog has the generic title and the spin text of the code; modal closed, reload', async () => {
    const { api } = renderPage({ [CLAIM]: { status: 400, body: { message: 'COUPON_EXPIRED' } } });
    fireEvent.click(within(await openClaim(2)).getByTestId('claim-confirm'));
    const dialog = await screen.findByTestId('error-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Error');
    expect(within(dialog).getByTestId('spin-error').textContent).toBe('This coupon has expired.');
    expect(screen.queryByTestId('claim-modal')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup')).toHaveLength(2));
    expect(claims(api).map((c) => c.body)).toEqual([{ coupon: 'c3' }]);
  });

  it('cancelling before the debounce ends sends nothing', async () => {
    const { api } = renderPage({ [CLAIM]: { body: { message: 'SUCCESS', amount: 20 } } });
    const modal = await openClaim(0);
    fireEvent.click(within(modal).getByTestId('claim-confirm'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await act(() => vi.advanceTimersByTimeAsync(CLAIM_DEBOUNCE_MS * 2));
    expect(claims(api)).toHaveLength(0);
    expect(screen.queryByTestId('claim-modal')).toBeNull();
  });
});
