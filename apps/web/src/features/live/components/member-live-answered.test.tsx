// A live money event that repeats what the app shows already (the answer of the member's own request,
// an open QR's paid state) refreshes the screens but shows no second toast; any other event does.
import { TOAST_DURATION_MS } from '@krapao/contracts/constants';
import type { TMemberLiveEvent } from '@krapao/contracts/live';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_WAIT_MS, ANSWERED_QUIET_MS, answeringMemberLive, useShownInApp } from '../../../lib/member-live';
import { mockFetch } from '../../../test/fetch-mock';
import { uploadSlip } from '../../deposit/api/upload-slip';
import { transfer } from '../../wallet/api/transfer';
import { withdrawAll } from '../../withdraw/api/withdraw';
import { mountMemberLive } from '../testing';

const socket = vi.hoisted(() => ({ onEvent: (_event: unknown) => {} }));
vi.mock('../lib/live-socket', () => ({
  connectLiveSocket: (opts: { onEvent: (event: unknown) => void }) => {
    socket.onEvent = opts.onEvent;
    return () => {};
  },
}));
const upload = vi.hoisted(() => ({ answer: (): Promise<unknown> => Promise.reject(new Error('unset')) }));
vi.mock('../../../lib/upload', () => ({ uploadWithProgress: () => upload.answer() }));

/** The server telling this member's socket. */
const tell = (event: TMemberLiveEvent) => socket.onEvent(event);
/** Told while the request is still on its way back: from the network, never within the call itself. */
const tellSoon = (event: TMemberLiveEvent) => queueMicrotask(() => tell(event));

/** Every toast text on screen (each test ends with the toasts' time run out). */
const toasts = () => [...document.querySelectorAll('[data-testid^="toast-"]')].map((el) => el.textContent);

/** Lets the toast decision (it may wait on a request) run to its end. */
const settled = () => act(() => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
});

/** A screen showing the QR q-open paid. */
function PaidQr() {
  useShownInApp((event) => event.kind === 'deposit' && event.qrcodeId === 'q-open');
  return null;
}

const TRANSFER = { message: 'SUCCESS', status: 'SUCCESS', transferId: '9', amount: 60 };

describe('live toasts of outcomes the app already shows', () => {
  it('a transfer settled in its own request, told before or after its answer: the screens hear it, no toast', async () => {
    const { heard, stop } = mountMemberLive();
    mockFetch({
      'POST /api/wallet/transfer': (body) => {
        const { amount } = body as { amount: number };
        // The server tells after its commit, here before the answer reaches the app.
        if (amount === 60) tellSoon({ kind: 'transfer-done', amount: 60 });
        return { body: { ...TRANSFER, amount } };
      },
    });
    await act(() => transfer({ from: 'WALLET', to: 'PG', amount: 60 }, 'k-60'));
    await act(() => transfer({ from: 'WALLET', to: 'PG', amount: 61 }, 'k-61'));
    tell({ kind: 'transfer-done', amount: 61 });
    await settled();
    expect(heard).toEqual([
      { kind: 'transfer-done', amount: 60 },
      { kind: 'transfer-done', amount: 61 },
    ]);
    expect(toasts()).toEqual([]);

    // Each answer quiets one event: the same again is news.
    tell({ kind: 'transfer-done', amount: 61 });
    await settled();
    expect(toasts()).toEqual(['Your transfer of 61.00 is complete.']);
    stop();
  });

  it('a refused transfer quiets its failure; a PENDING answer or another amount leaves the toast', async () => {
    const { stop } = mountMemberLive();
    mockFetch({
      'POST /api/wallet/transfer': (body) => {
        const { amount } = body as { amount: number };
        if (amount === 30) {
          tellSoon({ kind: 'transfer-failed', amount: 30 });
          return { status: 400, body: { message: 'TRANSFER_FAIL' } };
        }
        return { body: { ...TRANSFER, message: 'PENDING', status: 'PENDING', amount } };
      },
    });
    await act(() => expect(transfer({ from: 'PG', to: 'WALLET', amount: 30 }, 'k-30')).rejects.toThrow());
    await act(() => transfer({ from: 'WALLET', to: 'PG', amount: 40 }, 'k-40'));
    tell({ kind: 'transfer-done', amount: 40 });
    tell({ kind: 'transfer-failed', amount: 31 });
    await settled();
    expect(toasts()).toEqual([
      'Your transfer of 40.00 is complete.',
      'Your transfer of 31.00 did not go through; the money is back.',
    ]);
    stop();
  });

  it('a withdrawal paid at once and a slip credited inline are not announced again; a pending one is', async () => {
    const { stop } = mountMemberLive();
    mockFetch({
      'POST /api/wallet/withdrawAll': (body) => {
        const { amount } = body as { amount: number };
        const status = amount === 500 ? 'SUCCESS' : 'PENDING';
        return { body: { message: 'SUCCESS', status, withdrawId: '3', amount } };
      },
    });
    await act(() => withdrawAll({ amount: 500 }, 'w-500'));
    tell({ kind: 'withdraw-paid', amount: 500 });
    await act(() => withdrawAll({ amount: 700 }, 'w-700'));
    tell({ kind: 'withdraw-paid', amount: 700 });

    const file = new File(['x'], 'slip.png', { type: 'image/png' });
    const slip = { message: 'SUCCESS', note: null, reference: 'r1' };
    upload.answer = () => {
      tellSoon({ kind: 'deposit', amount: 150 });
      return Promise.resolve({ ...slip, status: 'SUCCESS', amount: 150 });
    };
    await act(() => uploadSlip({ file, idempotencyKey: 's-150' }));
    upload.answer = () => Promise.resolve({ ...slip, status: 'PENDING', amount: 90 });
    await act(() => uploadSlip({ file, idempotencyKey: 's-90' }));
    tell({ kind: 'deposit', amount: 90 });
    await settled();
    expect(toasts()).toEqual([
      'Withdrawal of 700.00 paid to your bank account.',
      'Deposit of 90.00 received in your wallet.',
    ]);
    stop();
  });

  it('waits at most ANSWER_WAIT_MS for a request in flight; an answer quiets its event ANSWERED_QUIET_MS', async () => {
    const { stop } = mountMemberLive();
    let answer = (_value: { amount: number }) => {};
    const request = new Promise<{ amount: number }>((resolve) => {
      answer = resolve;
    });
    answeringMemberLive(request, {
      kinds: ['deposit'],
      ok: (value) => ({ kind: 'deposit', amount: value.amount }),
    });
    tell({ kind: 'deposit', amount: 20 });
    await act(() => vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 100));
    expect(toasts()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(toasts()).toEqual(['Deposit of 20.00 received in your wallet.']);

    await act(async () => answer({ amount: 35 }));
    await act(() => vi.advanceTimersByTimeAsync(ANSWERED_QUIET_MS));
    tell({ kind: 'deposit', amount: 35 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(toasts()).toContain('Deposit of 35.00 received in your wallet.');
    stop();
  });

  it('an open screen that shows the outcome (a paid QR) claims it while mounted', async () => {
    const { heard, stop } = mountMemberLive();
    const panel = render(<PaidQr />);
    tell({ kind: 'deposit', amount: 75, qrcodeId: 'q-open' });
    tell({ kind: 'deposit', amount: 76, qrcodeId: 'q-other' });
    await settled();
    expect(heard).toHaveLength(2);
    expect(toasts()).toEqual(['Deposit of 76.00 received in your wallet.']);
    panel.unmount();
    tell({ kind: 'deposit', amount: 75, qrcodeId: 'q-open' });
    await settled();
    expect(toasts()).toContain('Deposit of 75.00 received in your wallet.');
    stop();
  });
});
