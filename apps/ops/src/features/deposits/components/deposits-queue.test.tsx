import { depositsPaths, type TOpsDepositMember, type TOpsDepositReview } from '@krapao/contracts/ops/deposits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { DepositsQueue } from './deposits-queue';

const context = {
  username: '0812345678',
  name: 'Somchai Jaidee',
  createdAt: '2026-02-01T12:00:00.000Z',
  deposits30d: 2500,
  withdrawals30d: 0,
  turnoverLeft: 300,
  hasActiveCondition: false,
};

const bankLine: TOpsDepositReview = {
  id: 7,
  kind: 'BANK',
  reference: '014:T123',
  amount: 1500,
  currency: 'BAHT',
  reason: 'unmatched',
  status: 'WAITING',
  line: { fromBankCode: 'SCB', from: '7712345', toAccountNo: '0591234567', at: '2026-03-01T09:00:00.000Z' },
  memberId: null,
  member: null,
  createdAt: '2026-03-01T09:01:00.000Z',
};
const heldLine: TOpsDepositReview = {
  ...bankLine,
  id: 8,
  kind: 'TRUEMONEY',
  reference: 'transfer:TM1',
  amount: 40,
  reason: 'unproven-phone',
  line: { fromBankCode: null, from: '0812345678', toAccountNo: null, at: '2026-03-01T10:00:00.000Z' },
  memberId: 100_123,
  member: context,
};
const somchai: TOpsDepositMember = { id: 100_123, currency: 'BAHT', context };

type Answer = (url: string, init?: RequestInit) => Response | undefined;

/** A fetch that answers the list and the member search, and records the rest. */
function server(answer: Answer = () => undefined) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === depositsPaths.list) return jsonResponse(200, { items: [bankLine, heldLine] });
    if (url.startsWith(depositsPaths.member)) {
      const q = new URL(url, 'http://x').searchParams.get('q');
      if (q === '0812345678' || q === '100123') return jsonResponse(200, somchai);
      if (q === '0209999999') return jsonResponse(200, { ...somchai, id: 100_200, currency: 'LAK' });
      return jsonResponse(404, { message: 'NO_DATA' });
    }
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

const posts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('the deposits queue', () => {
  it('lists each line with its channel, sender and why it waits, and opens the known member', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<DepositsQueue />, '/deposits');
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('From SCB 7712345 to 0591234567');
    expect(rows[0]!.textContent).toContain('No member has this sender');
    expect(rows[0]!.textContent).toContain('1,500 BAHT');
    expect(within(rows[1]!).getByRole('link', { name: '0812345678' })).toBeTruthy();

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Details' }));
    const details = screen.getByTestId('deposit-details');
    expect(details.textContent).toContain('transfer:TM1');
    expect(details.textContent).toContain('300 BAHT');
  }, 15_000);

  it('credits a line to the member staff find by phone, with a reason', async () => {
    const fetchMock = server((_url, init) =>
      init?.method === 'POST' ? jsonResponse(200, { id: 7, status: 'CREDITED', memberId: 100_123 }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<DepositsQueue />, '/deposits');
    const [row] = await screen.findAllByTestId('deposit-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    const submit = () =>
      within(dialog)
        .getAllByRole('button')
        .find((b) => b.getAttribute('type') === 'submit')!;
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(dialog).getByLabelText('Member phone or member ID'), '0000000000{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not found');
    const query = within(dialog).getByLabelText('Member phone or member ID');
    await userEvent.clear(query);
    await userEvent.type(query, '0812345678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect((await within(dialog).findByTestId('assign-member')).textContent).toContain('Somchai Jaidee');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit to 0812345678' }));
    expect(await within(dialog).findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'member called with the receipt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit to 0812345678' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([
      [depositsPaths.assign.replace(':reviewId', '7'), { memberId: 100_123, reason: 'member called with the receipt' }],
    ]);
  }, 15_000);

  it('starts from the line’s own member, and refuses a member of another currency', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<DepositsQueue />, '/deposits');
    const rows = await screen.findAllByTestId('deposit-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByTestId('assign-member')).textContent).toContain('0812345678');

    const query = within(dialog).getByLabelText('Member phone or member ID');
    await userEvent.clear(query);
    await userEvent.type(query, '0209999999{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('uses LAK');
    expect(within(dialog).queryByTestId('assign-member')).toBeNull();
  }, 15_000);

  it('marks a line as not ours, and shows that a slip took it first', async () => {
    const fetchMock = server((_url, init) =>
      init?.method === 'POST' ? jsonResponse(409, { message: 'OPS_REFERENCE_USED', status: 'CREDITED' }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<DepositsQueue />, '/deposits');
    const [row] = await screen.findAllByTestId('deposit-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Not ours' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'sent to us by mistake');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not ours' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This bank transfer has already been credited to a wallet',
    );
    expect(posts(fetchMock)).toEqual([
      [depositsPaths.reject.replace(':reviewId', '7'), { reason: 'sent to us by mistake' }],
    ]);
  }, 15_000);
});
