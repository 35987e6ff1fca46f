import { type TOpsWithdrawal, withdrawalsPaths } from '@krapao/contracts/ops/withdrawals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { DecideDialog } from './decide-dialog';
import { WithdrawalsQueue } from './withdrawals-queue';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function withdrawal(id: number, createdAt: string, over: Partial<TOpsWithdrawal> = {}): TOpsWithdrawal {
  return {
    id,
    memberId: 100_000 + id,
    amount: 6000,
    currency: 'BAHT',
    status: 'WAITING_APPROVAL',
    reviewReasons: ['above-auto-max'],
    bankAccount: { bankCode: 'KBANK', accountNo: '1234567890', accountName: 'Somchai' },
    payoutRef: null,
    note: null,
    createdAt,
    updatedAt: createdAt,
    member: {
      username: `08100000${id}`,
      name: 'Somchai Jaidee',
      createdAt: '2026-02-19T12:00:00.000Z',
      deposits30d: 25_000,
      withdrawals30d: 3000,
      turnoverLeft: 0,
      hasActiveCondition: true,
    },
    ...over,
  };
}

const items = [withdrawal(1, '2026-01-30T09:00:00.000Z'), withdrawal(2, '2026-03-01T11:53:00.000Z')];

/** A fetch that answers the list, and records the rest. */
function server(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url.startsWith(withdrawalsPaths.list) && !init?.method?.match(/POST/)) return jsonResponse(200, { items });
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

describe('the withdrawals queue', () => {
  it('lists the oldest first with how long each waited, and opens a row on the member’s context', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<WithdrawalsQueue permissions={['withdrawals.review']} now={() => NOW} />, '/withdrawals');
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('30 d 3 h')).toBeTruthy();
    expect(within(rows[1]!).getByText('7 min')).toBeTruthy();
    expect(within(rows[0]!).getByText('Above the automatic limit')).toBeTruthy();
    // Without withdrawals.bulk: no checkboxes, no bulk button.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /selected/ })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Details' }));
    const details = screen.getByTestId('withdrawal-details');
    expect(details.textContent).toContain('KBANK 1234567890 (Somchai)');
    expect(details.textContent).toContain('10 days');
    expect(details.textContent).toContain('25,000 BAHT');
  }, 15_000);

  it('approves the selected ones after asking for the authenticator code', async () => {
    const fetchMock = server((url) =>
      url === withdrawalsPaths.bulkApprove
        ? jsonResponse(200, {
            results: [
              { id: 1, status: 'APPROVED', error: null },
              { id: 2, status: 'REJECTED', error: 'OPS_ALREADY_DECIDED' },
            ],
          })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(
      <WithdrawalsQueue permissions={['withdrawals.review', 'withdrawals.bulk']} now={() => NOW} />,
      '/withdrawals',
    );
    await screen.findAllByTestId('withdrawal-row');
    const bulk = screen.getByRole('button', { name: 'Approve 0 selected' }) as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select withdrawal 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select withdrawal 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve 2 selected' }));

    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 2' }));
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 2' }));

    expect(await screen.findByText(/Approved: 1\. Refused: 1\./)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => url === withdrawalsPaths.bulkApprove)!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ ids: [1, 2], code: '123456' });
  }, 15_000);
});

describe('the decision dialog', () => {
  it('mark-paid needs a reason and the bank’s reference, then posts both', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { id: 1, status: 'PAID', payoutRef: 'KB-778' }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const w = withdrawal(1, '2026-03-01T10:00:00.000Z', { status: 'APPROVED' });
    renderWith(<DecideDialog withdrawal={w} decision="markPaid" onClose={onClose} />, '/withdrawals');

    await userEvent.type(screen.getByLabelText('Reason'), 'paid from the KBank app');
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(/Enter the bank's reference/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Bank reference'), 'KB-778');
    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(withdrawalsPaths.markPaid.replace(':withdrawalId', '1'));
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'paid from the KBank app', bankRef: 'KB-778' });
  }, 15_000);

  it('approves without a reason, and shows a decision someone else made first', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(409, { message: 'OPS_ALREADY_DECIDED', status: 'APPROVED' }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWith(
      <DecideDialog withdrawal={withdrawal(1, '2026-03-01T10:00:00.000Z')} decision="approve" onClose={onClose} />,
      '/withdrawals',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Someone has already decided this');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({});
    expect(onClose).not.toHaveBeenCalled();
  }, 15_000);
});
