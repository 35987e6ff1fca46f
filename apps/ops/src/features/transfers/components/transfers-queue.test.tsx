import { type TOpsTransfer, transfersPaths } from '@krapao/contracts/ops/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { SettleDialog } from './settle-dialog';
import { TransfersQueue } from './transfers-queue';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function transfer(id: number, createdAt: string, over: Partial<TOpsTransfer> = {}): TOpsTransfer {
  return {
    id,
    providerTransferId: `KP${id}`,
    memberId: 100_000 + id,
    member: { username: `08100000${id}`, name: 'Somchai Jaidee' },
    direction: 'TO_GAME',
    gameCode: 'PG',
    gameName: 'PG Soft',
    provider: 'demo',
    amount: 60,
    currency: 'BAHT',
    status: 'UNKNOWN',
    createdAt,
    updatedAt: createdAt,
    attempts: 3,
    lastError: 'provider unavailable: HTTP 503 from provider',
    isBusy: false,
    ...over,
  };
}

const items = [
  transfer(7, '2026-03-01T10:50:00.000Z'),
  transfer(9, '2026-03-01T11:54:00.000Z', { direction: 'FROM_GAME', attempts: 0, lastError: null, status: 'PENDING' }),
];
const url = (path: string, id: number) => path.replace(':transferId', String(id));

/** A fetch that answers the list, and what `answer` gives; records every call. */
function server(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const given = answer(url, init);
    if (given) return given;
    if (url === transfersPaths.list) return jsonResponse(200, { items, stuckAfterMinutes: 5 });
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

describe('the stuck-transfers queue', () => {
  it('lists each transfer with its age, member, way, game, amount, attempts and last error', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<TransfersQueue now={() => NOW} />, '/transfers');
    const rows = await screen.findAllByTestId('transfer-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('1 h 10 min')).toBeTruthy();
    expect(first.getByText('081000007')).toBeTruthy();
    expect(first.getByText('In: wallet → game')).toBeTruthy();
    expect(first.getByText('60 BAHT')).toBeTruthy();
    expect(first.getByText('KP7')).toBeTruthy();
    expect(first.getByText('3 unanswered attempts')).toBeTruthy();
    expect(first.getByText(/HTTP 503/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Out: game → wallet')).toBeTruthy();
    expect(screen.getByText(/5 minutes after they began/)).toBeTruthy();
  }, 15_000);

  it("shows the provider's answer for one transfer", async () => {
    const fetchMock = server((u) =>
      u === url(transfersPaths.providerAnswer, 7)
        ? jsonResponse(200, {
            id: 7,
            providerTransferId: 'KP7',
            answer: 'APPLIED',
            detail: null,
            settlesAs: 'SUCCESS',
            amount: 60,
            currency: 'BAHT',
            status: 'UNKNOWN',
            askedAt: '2026-03-01T12:00:00.000Z',
          })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<TransfersQueue now={() => NOW} />, '/transfers');
    const [row] = await screen.findAllByTestId('transfer-row');
    await userEvent.click(within(row!).getByRole('button', { name: "Provider's answer" }));
    const answer = await screen.findByTestId('provider-answer');
    expect(answer.textContent).toContain('Applied: it went through');
    expect(answer.textContent).toContain('The money stays in the game balance.');
    // Asking changes nothing: only GETs went out.
    expect(fetchMock.mock.calls.every(([, init]) => !init?.method || init.method === 'GET')).toBe(true);
  }, 15_000);

  it('reconciles one now and says what came of it', async () => {
    const fetchMock = server((u, init) =>
      u === url(transfersPaths.reconcile, 7) && init?.method === 'POST'
        ? jsonResponse(200, { id: 7, status: 'UNKNOWN' })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<TransfersQueue now={() => NOW} />, '/transfers');
    const [row] = await screen.findAllByTestId('transfer-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText(/KP7: still no answer from the provider/)).toBeTruthy();
  }, 15_000);
});

describe('settling by hand', () => {
  it('needs the outcome and a reason, then posts both', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { id: 7, status: 'FAILED' }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWith(<SettleDialog transfer={items[0]!} onClose={onClose} />, '/transfers');
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect(await screen.findByText('Choose how it ended at the provider')).toBeTruthy();
    expect(screen.getByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: /Did not go through/ }));
    await userEvent.type(screen.getByLabelText('Reason'), 'not in the provider back office');
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [u, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(u).toBe(url(transfersPaths.settle, 7));
    expect(JSON.parse(String(init.body))).toEqual({ outcome: 'FAILED', reason: 'not in the provider back office' });
  }, 15_000);

  it("shows a refusal when the provider's answer contradicts the outcome, and stays open", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { message: 'OPS_PROVIDER_DISAGREES', answer: 'APPLIED' })),
    );
    const onClose = vi.fn();
    renderWith(<SettleDialog transfer={items[0]!} onClose={onClose} />, '/transfers');
    await userEvent.click(screen.getByRole('radio', { name: /Did not go through/ }));
    await userEvent.type(screen.getByLabelText('Reason'), 'member says so');
    await userEvent.click(screen.getByRole('button', { name: 'Settle' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/contradicts this outcome/);
    expect(onClose).not.toHaveBeenCalled();
  }, 15_000);
});
