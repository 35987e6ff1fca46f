import { slipsPaths, type TOpsSlip } from '@krapao/contracts/ops/slips';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { SlipsQueue } from './slips-queue';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const IMAGE = '/api/ops/slips/image/ref1?exp=1772366400&sig=abc';

function slip(id: number, createdAt: string, over: Partial<TOpsSlip> = {}): TOpsSlip {
  return {
    id,
    memberId: 100_000 + id,
    reference: `ref${id}`,
    status: 'FAILED',
    note: 'NOT_MATCH',
    amount: 250,
    currency: 'BAHT',
    sendingBank: '014',
    transRef: 'T0123456789AB',
    attempts: 2,
    createdAt,
    updatedAt: createdAt,
    imageUrl: IMAGE,
    member: {
      username: `08100000${id}`,
      name: 'Somchai Jaidee',
      createdAt: '2026-02-19T12:00:00.000Z',
      deposits30d: 25_000,
      withdrawals30d: 3000,
      turnoverLeft: 120,
      hasActiveCondition: false,
    },
    ...over,
  };
}

const items = [
  slip(1, '2026-03-01T09:00:00.000Z'),
  slip(2, '2026-03-01T11:50:00.000Z', { status: 'PENDING', note: null, amount: 0, sendingBank: null, transRef: null }),
];

/** A fetch that answers the list, and records the rest. */
function server(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === slipsPaths.list && init?.method !== 'POST') return jsonResponse(200, { items });
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

const posted = (fetchMock: ReturnType<typeof server>, url: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('the slips queue', () => {
  it('lists the oldest first with the verifier’s answer, and opens a row on its image and member', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('3 h 0 min')).toBeTruthy();
    expect(within(rows[0]!).getByText("Sent from an account that is not the member's")).toBeTruthy();
    expect(within(rows[0]!).getByText('250 BAHT')).toBeTruthy();
    expect(within(rows[1]!).getByText('Waiting on the bank')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not read')).toBeTruthy();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Details' }));
    const details = screen.getByTestId('slip-details');
    expect(within(details).getByRole('img', { name: 'Slip 1' }).getAttribute('src')).toBe(IMAGE);
    expect(within(details).getByRole('link').getAttribute('href')).toBe(IMAGE);
    expect(details.textContent).toContain('014 / T0123456789AB');
    expect(details.textContent).toContain('10 days');
    expect(details.textContent).toContain('25,000 BAHT');
  }, 15_000);

  it('credits by hand: refuses a bad amount before asking, then posts the amount text, the transfer and the reason', async () => {
    const fetchMock = server((url) =>
      url === slipsPaths.credit.replace(':slipId', '1')
        ? jsonResponse(200, { id: 1, status: 'SUCCESS', transactionId: 77, approvalId: null })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (BAHT)') as HTMLInputElement;
    expect(amount.value).toBe('250');
    expect((within(dialog).getByLabelText('Transaction reference') as HTMLInputElement).value).toBe('T0123456789AB');

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'seen on the KBank statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText('Enter an amount above 0 with at most 2 decimals')).toBeTruthy();
    expect(posted(fetchMock, slipsPaths.credit.replace(':slipId', '1'))).toBeUndefined();

    await userEvent.clear(amount);
    await userEvent.type(amount, '260.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, slipsPaths.credit.replace(':slipId', '1'))).toEqual({
      amount: '260.50',
      sendingBank: '014',
      transRef: 'T0123456789AB',
      reason: 'seen on the KBank statement',
    });
  }, 15_000);

  it('says a credit above the limit was sent for approval', async () => {
    vi.stubGlobal(
      'fetch',
      server((url) =>
        url === slipsPaths.credit.replace(':slipId', '1')
          ? jsonResponse(200, { id: 1, status: 'FAILED', transactionId: null, approvalId: 31 })
          : undefined,
      ),
    );
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'seen on the statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByRole('status')).textContent).toContain('Slip 1: the amount is above the limit');
  }, 15_000);

  it('shows the bank statement check refusing a transfer, and keeps the dialog open', async () => {
    vi.stubGlobal(
      'fetch',
      server((url) =>
        url === slipsPaths.credit.replace(':slipId', '1')
          ? jsonResponse(409, { message: 'OPS_NOT_ON_STATEMENT', reason: 'not-found' })
          : undefined,
      ),
    );
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'seen on the statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText(/The bank statement does not show this transfer/)).toBeTruthy();
  }, 15_000);

  it('shows the server’s refusal of a transfer already credited, and keeps the dialog open', async () => {
    vi.stubGlobal(
      'fetch',
      server((url) =>
        url === slipsPaths.credit.replace(':slipId', '1')
          ? jsonResponse(409, { message: 'OPS_REFERENCE_USED' })
          : undefined,
      ),
    );
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Credit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'seen on the statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(await within(dialog).findByText('This bank transfer has already been credited to a wallet')).toBeTruthy();
  }, 15_000);

  it('rejects with a required reason, and posts only the reason', async () => {
    const fetchMock = server((url) =>
      url === slipsPaths.reject.replace(':slipId', '2')
        ? jsonResponse(200, { id: 2, status: 'FAILED', transactionId: null, approvalId: null })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SlipsQueue now={() => NOW} />, '/slips');
    const rows = await screen.findAllByTestId('slip-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Amount (BAHT)')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why (at least 3 characters)')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'no such transfer at the bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(fetchMock, slipsPaths.reject.replace(':slipId', '2'))).toEqual({
      reason: 'no such transfer at the bank',
    });
  }, 15_000);
});
