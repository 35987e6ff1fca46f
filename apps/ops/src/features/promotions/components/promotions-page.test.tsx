import {
  promotionRulesPaths,
  promotionsPaths,
  type TOpsBonus,
  type TOpsInviteSettings,
  type TOpsPromotionCode,
  type TOpsRefundSettings,
} from '@krapao/contracts/ops/promotions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { PromotionsPage } from './promotions-page';

const welcome: TOpsBonus = {
  code: 'WELCOME',
  name: 'Welcome bonus 100%',
  type: 'limit',
  maxReceived: 1,
  percent: 100,
  maxBonus: 500,
  minDeposit: 100,
  turnover: 3,
  percentFail: 10,
  banners: [{ image: '/banners/bonus-welcome.svg', html: '<p>Welcome</p>' }],
  currency: 'BAHT',
  isActive: true,
  sortOrder: 1,
};
const code: TOpsPromotionCode = {
  code: 'KRAPAO100',
  description: 'Free credit 100',
  amount: 100,
  turnover: 2,
  percentFail: 20,
  maxUses: 1000,
  uses: 3,
  currency: 'BAHT',
  startsAt: null,
  endsAt: null,
  isActive: true,
};
const invite: TOpsInviteSettings = {
  inviteRules: { isActive: true, sharePercent: 1, minimumClaim: 1, requireInviteePlay: false },
  invite: { success: 5, fail: 10 },
  changes: { inviteRules: { at: '2026-03-01T10:00:00.000Z', staffName: 'Nok' }, invite: null },
};
const refund: TOpsRefundSettings = {
  refundRules: { isActive: true, percent: 5, success: 5, fail: 10, minimum: 1, period: 'day', info: '' },
  changes: { refundRules: null },
};

type Call = { url: string; body: Record<string, unknown> };

/** A fetch answering the page's reads; every POST is recorded and answered by `answer`. */
function server(answer: (call: Call) => Response = () => jsonResponse(200, {})) {
  const posts: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const call = { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
      posts.push(call);
      return answer(call);
    }
    if (url === promotionsPaths.bonuses) return jsonResponse(200, { items: [welcome] });
    if (url === promotionsPaths.codes) return jsonResponse(200, { items: [code] });
    if (url === promotionRulesPaths.invite) return jsonResponse(200, invite);
    if (url === promotionRulesPaths.refund) return jsonResponse(200, refund);
    return jsonResponse(404, { message: 'NO_DATA' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return posts;
}

const dialog = () => screen.getByRole('dialog');

describe('the promotions page', () => {
  it('lists bonuses and codes, and edits a bonus: the changed rules are sent without code or currency', async () => {
    const posts = server(() => jsonResponse(200, { ...welcome, percent: 50 }));
    renderWith(<PromotionsPage />, '/promotions');
    const row = await screen.findByTestId('bonus-row-WELCOME');
    expect(row.textContent).toContain('1 time in all');
    expect(row.textContent).toContain('500 BAHT');
    expect((await screen.findByTestId('code-row-KRAPAO100')).textContent).toContain('3 of 1000');

    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const percent = within(dialog()).getByLabelText('Bonus (%)');
    await userEvent.clear(percent);
    await userEvent.type(percent, '50');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe('/api/ops/bonuses/WELCOME');
    expect(posts[0]!.body).toMatchObject({ percent: 50, maxBonus: 500, turnover: 3, isActive: true });
    expect(posts[0]!.body).not.toHaveProperty('code');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('refuses a percentage above 100 and a maximum of 0 in the form, sending nothing', async () => {
    const posts = server();
    renderWith(<PromotionsPage />, '/promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'New bonus' }));
    await userEvent.type(within(dialog()).getByLabelText('Code'), 'NIGHT');
    await userEvent.type(within(dialog()).getByLabelText('Name'), 'Night bonus');
    const percent = within(dialog()).getByLabelText('Bonus (%)');
    await userEvent.clear(percent);
    await userEvent.type(percent, '150');
    const max = within(dialog()).getByLabelText('Maximum bonus');
    await userEvent.clear(max);
    await userEvent.type(max, '0');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('A whole percentage from 1 to 100.')).toBeTruthy();
    expect(within(dialog()).getByText('More than 0, two decimals at most.')).toBeTruthy();
    expect(posts).toEqual([]);
  }, 20_000);

  it('shows the server refusal of a duplicate code in the operator’s words', async () => {
    server(() => jsonResponse(409, { message: 'OPS_CODE_TAKEN', fields: ['code'] }));
    renderWith(<PromotionsPage />, '/promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    await userEvent.type(within(dialog()).getByLabelText('Code'), 'KRAPAO100');
    await userEvent.type(within(dialog()).getByLabelText('Description'), 'Again');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog()).findByText('This code is already in use. Choose another code')).toBeTruthy();
  }, 20_000);

  it('refuses a code that ends before it starts, sending nothing', async () => {
    const posts = server();
    renderWith(<PromotionsPage />, '/promotions');
    await userEvent.click(await screen.findByRole('button', { name: 'New code' }));
    await userEvent.type(within(dialog()).getByLabelText('Code'), 'SPRING');
    await userEvent.type(within(dialog()).getByLabelText('Description'), 'Spring credit');
    await userEvent.type(within(dialog()).getByLabelText('Starts'), '2026-04-02T10:00');
    await userEvent.type(within(dialog()).getByLabelText('Ends'), '2026-04-01T10:00');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog()).findByText('The end must come after the start.')).toBeTruthy();
    expect(posts).toEqual([]);
  }, 20_000);

  it('switches a code off with a reason', async () => {
    const posts = server(() => jsonResponse(200, { ...code, isActive: false }));
    renderWith(<PromotionsPage />, '/promotions');
    const row = await screen.findByTestId('code-row-KRAPAO100');
    await userEvent.click(within(row).getByRole('button', { name: 'Switch off' }));
    await userEvent.type(within(dialog()).getByLabelText('Reason'), 'campaign over');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/ops/promotion-codes/KRAPAO100/disable', body: { reason: 'campaign over' } });
  }, 20_000);

  it('changes the invite share with a reason, and shows who changed it last', async () => {
    const posts = server(() =>
      jsonResponse(200, {
        ...invite,
        inviteRules: { ...invite.inviteRules, sharePercent: 2.5 },
        changes: { ...invite.changes, inviteRules: { at: '2026-03-02T10:00:00.000Z', staffName: 'Dao' } },
      }),
    );
    renderWith(<PromotionsPage />, '/promotions');
    const form = await screen.findByRole('form', { name: 'Invites' });
    expect(within(form).getByTestId('last-change').textContent).toContain('Nok');
    const share = within(form).getByLabelText("Referrer's share (%)");
    await userEvent.clear(share);
    await userEvent.type(share, '2.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At least 3 characters.')).toBeTruthy();
    expect(posts).toEqual([]);
    await userEvent.type(within(form).getByLabelText('Reason'), 'summer campaign');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: promotionRulesPaths.invite,
      body: {
        key: 'inviteRules',
        value: { isActive: true, sharePercent: 2.5, minimumClaim: 1, requireInviteePlay: false },
        reason: 'summer campaign',
      },
    });
    await waitFor(() => expect(within(form).getByTestId('last-change').textContent).toContain('Dao'));
  }, 20_000);
});
