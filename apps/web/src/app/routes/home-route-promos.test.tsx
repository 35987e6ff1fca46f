// /user/home's promotion sub-screens: invite, refund, the invite bonus receive, and the
// agreement's server recording.
import { AGREEMENT_MODAL_DELAY_MS } from '@krapao/contracts/constants';
import type { TWalletResponse } from '@krapao/contracts/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, setAgreementAccepted } from '../../lib/storage';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { HomeRoute } from './home-route';

const WALLET: TWalletResponse = {
  profile: { name: 'Somchai', username: '0812345678', _id: '100001', coin: 3 },
  bankAccount: null,
  wallet: { amount: 100 },
  invite: { amount: 30, success: 70, fail: 30 },
  slots: [],
};

function renderHome(handlers: Record<string, MockHandler> = {}, { agreementAccepted = true } = {}) {
  if (agreementAccepted) setAgreementAccepted();
  const api = mockFetch({
    'GET /api/wallet/refresh/slot': { body: { message: 'SUCCESS', slots: [] } },
    'GET /api/wallet': { body: WALLET },
    ...handlers,
  });
  renderAt(<HomeRoute />, '/user/home');
  return { api, user: userEvent.setup() };
}

const loaded = () => waitFor(() => expect(screen.getByTestId('home-name').textContent).toBe('Somchai'));

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('/user/home invite and refund', () => {
  it('invite: the banners call comes before the modal; banners show first, then the invite modal with the link', async () => {
    const { api, user } = renderHome({
      'GET /api/invite/banners': { body: [{ image: '/banners/i.png', html: '<p>Invite</p>' }] },
      'POST /api/invite': { body: { total: 0, invites: [] } },
    });
    await loaded();
    await user.click(screen.getByTestId('action-invite'));
    const banner = await screen.findByTestId('banner-modal');
    expect(api.callsTo('GET', '/api/invite/banners')).toHaveLength(1);
    expect(screen.queryByTestId('invite-modal')).toBeNull();
    await user.click(within(banner).getByTestId('banner-modal-continue'));
    expect(screen.getByTestId('invite-link').textContent).toBe(`${window.location.origin}/register?code=PR100001`);
  });

  it('receive invite bonus: the confirm shows 70 % and 30 %; yes → invite/bonus, then GET /api/wallet', async () => {
    const { api, user } = renderHome({
      'GET /api/invite/bonus': { body: { message: 'INVITE_BONUS_SUCCESS', amount: 30 } },
    });
    await loaded();
    await user.click(screen.getByTestId('home-invite-receive'));
    expect((await screen.findByTestId('invite-confirm-success')).textContent).toBe('70 %');
    expect(screen.getByTestId('invite-confirm-fail').textContent).toBe('30 %');
    await user.click(screen.getByTestId('invite-confirm-yes'));
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
    const paths = api.calls.map((c) => c.path);
    expect(paths.lastIndexOf('/api/invite/bonus')).toBeLessThan(paths.lastIndexOf('/api/wallet'));
    expect(screen.getByTestId('invite-receive-result').textContent).toBe('Invite bonus received successfully');
  });

  it('receive invite bonus, declined: neither call', async () => {
    const { api, user } = renderHome();
    await loaded();
    await user.click(screen.getByTestId('home-invite-receive'));
    await user.click(screen.getByTestId('invite-confirm-no'));
    expect(screen.queryByTestId('invite-confirm')).toBeNull();
    expect(api.callsTo('GET', '/api/invite/bonus')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/wallet')).toHaveLength(1);
  });

  it('refund: adding to the wallet closes the modal with a wallet reload', async () => {
    const check = { result: true, bonus: false, info: '', refundAmount: 50, refundSuccess: 5, refundFail: 10 };
    const { api, user } = renderHome({
      'GET /api/refund/banners': { body: [] },
      'GET /api/refund/check': { body: { ...check, receivedAmount: 50 } },
      'GET /api/refund/addWallet': { body: { message: 'REFUND_SUCCESS', amount: 50 } },
    });
    await loaded();
    await user.click(screen.getByTestId('action-refund'));
    await user.click(await screen.findByTestId('refund-add-wallet'));
    await user.click(screen.getByTestId('refund-add-yes'));
    await waitFor(() => expect(screen.queryByTestId('refund-modal')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/wallet')).toHaveLength(2));
  });
});

describe('/user/home agreement on the server', () => {
  const AGREEMENTS = { 'GET /api/lookup/agreements': { body: ['<p>Rule one</p>'] } };

  it('accepting also records it on the server (PUT /api/account/agreement); a failure there is silent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderHome(
      {
        ...AGREEMENTS,
        'GET /api/account/agreement': { body: { accepted: false, acceptedAt: null } },
        'PUT /api/account/agreement': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
      },
      { agreementAccepted: false },
    );
    await loaded();
    act(() => vi.advanceTimersByTime(AGREEMENT_MODAL_DELAY_MS + 50));
    await screen.findByTestId('agreement-modal');
    expect(api.callsTo('PUT', '/api/account/agreement')).toHaveLength(0);
    act(() => screen.getByTestId('agreement-accept').click());
    await waitFor(() => expect(api.callsTo('PUT', '/api/account/agreement')).toHaveLength(1));
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBe('true');
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });

  it('skips the modal and sets the flag when the server says the agreement was accepted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderHome(
      { ...AGREEMENTS, 'GET /api/account/agreement': { body: { accepted: true, acceptedAt: '2024-05-01T00:00:00Z' } } },
      { agreementAccepted: false },
    );
    await loaded();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.agreement)).toBe('true'));
    act(() => vi.advanceTimersByTime(AGREEMENT_MODAL_DELAY_MS * 2));
    expect(screen.queryByTestId('agreement-modal')).toBeNull();
    expect(api.callsTo('GET', '/api/account/agreement')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/lookup/agreements')).toHaveLength(0);
    expect(api.callsTo('PUT', '/api/account/agreement')).toHaveLength(0);
  });
});
