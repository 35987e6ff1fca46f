import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onMemberResync } from '../../../lib/member-live';
import { getLiveCursor, setLiveCursor, setToken } from '../../../lib/storage';
import { sockets } from '../../../test/fake-socket';
import { mountMemberLive } from '../testing';

vi.mock('socket.io-client', async () =>
  (await import('../../../test/fake-socket')).fakeSocketModule({ connectAtOnce: false }),
);

afterEach(() => {
  sockets.length = 0;
});

/** The token the socket would send at its next (re)connection. */
function sentToken(): unknown {
  const auth = sockets[0]?.options.auth as (send: (data: unknown) => void) => void;
  let sent: unknown;
  auth((data) => {
    sent = data;
  });
  return sent;
}

describe('the member live socket', () => {
  it('connects with the stored token over WebSocket only; an event reaches the screens and shows a toast', async () => {
    setToken('tok-1', true);
    const { heard, stop } = mountMemberLive();
    const socket = sockets[0]!;
    expect(socket.connected).toBe(true);
    expect(sockets[0]!.options).toMatchObject({ path: '/socket.io', transports: ['websocket'], reconnection: false });
    // This tab has just signed in: it asks for every event since the session began.
    expect(sentToken()).toEqual({ token: 'tok-1', since: 0 });

    act(() => socket.fire('money', { kind: 'deposit', amount: 150, qrcodeId: 'q1' }));
    expect(heard).toEqual([{ kind: 'deposit', amount: 150, qrcodeId: 'q1' }]);
    expect((await screen.findByTestId('toast-success')).textContent).toBe('Deposit of 150.00 received in your wallet.');

    act(() => socket.fire('money', { kind: 'withdraw-refused', amount: 20 }));
    expect((await screen.findByTestId('toast-danger')).textContent).toBe(
      'Withdrawal of 20.00 was refused; the money is back in your wallet.',
    );
    stop();
  });

  it('ignores what is not a live money event', () => {
    setToken('tok-2', true);
    const { heard, stop } = mountMemberLive();
    const toasts = () => screen.queryAllByRole('status').length + screen.queryAllByRole('alert').length;
    const before = toasts();
    act(() => {
      sockets[0]!.fire('money', { kind: 'jackpot', amount: 1e9 });
      sockets[0]!.fire('money', { kind: 'deposit', amount: -5 });
      sockets[0]!.fire('money', 'deposit');
    });
    expect(heard).toEqual([]);
    expect(toasts()).toBe(before);
    stop();
  });

  it('waits without a token, then reconnects every check with the token stored then', () => {
    vi.useFakeTimers();
    const { view, stop } = mountMemberLive();
    const socket = sockets[0]!;
    expect(socket.connected).toBe(false);
    setToken('tok-3', false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(socket.connected).toBe(true);
    expect(sentToken()).toEqual({ token: 'tok-3' });
    view.unmount();
    expect(socket.connected).toBe(false);
    expect(socket.handlers.size).toBe(0);
    stop();
  });

  it('tells the screens to read again once the cursor arrives after a drop or a failed attempt, never on the first connection', () => {
    vi.useFakeTimers();
    setToken('tok-4', true);
    let resyncs = 0;
    const stopResync = onMemberResync(() => {
      resyncs += 1;
    });
    const { view, stop } = mountMemberLive();
    const socket = sockets[0]!;
    expect(socket.connected).toBe(true);
    act(() => socket.fire('money-cursor', { cursor: 0 }));
    expect(resyncs).toBe(0);

    // The server goes away: the next check connects again; once the server has sent the gap's
    // events and the cursor, the screens re-read once.
    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });
    act(() => vi.advanceTimersByTime(5_000));
    expect(socket.connected).toBe(true);
    expect(resyncs).toBe(0);
    act(() => socket.fire('money-cursor', { cursor: 0 }));
    expect(resyncs).toBe(1);
    act(() => vi.advanceTimersByTime(5_000));
    act(() => socket.fire('money-cursor', { cursor: 0 }));
    expect(resyncs).toBe(1);

    // A failed attempt is a gap too.
    act(() => {
      socket.connected = false;
      socket.fire('connect_error', new Error('refused'));
    });
    act(() => vi.advanceTimersByTime(5_000));
    act(() => socket.fire('money-cursor', { cursor: 0 }));
    expect(resyncs).toBe(2);
    view.unmount();
    stopResync();
    stop();
    vi.useRealTimers();
  });

  it('connects again with the cursor of its last connection; the gap’s events come before the re-read, each handed on once', () => {
    vi.useFakeTimers();
    setToken('tok-5', true);
    const order: string[] = [];
    const stopResync = onMemberResync(() => order.push('resync'));
    const { heard, view, stop } = mountMemberLive();
    const socket = sockets[0]!;
    act(() => socket.fire('money-cursor', { cursor: 7 }));
    expect(sentToken()).toEqual({ token: 'tok-5', since: 7 });
    // 9 arrives live while 8, committed just before it, is still on its way: the cursor stays.
    act(() => socket.fire('money', { id: 9, kind: 'deposit', amount: 150, qrcodeId: 'q9' }));
    expect(sentToken()).toEqual({ token: 'tok-5', since: 7 });

    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });
    act(() => vi.advanceTimersByTime(5_000));
    // The server sends every event after 7 (9 was heard live already), then the cursor.
    act(() => {
      socket.fire('money', { id: 8, kind: 'deposit', amount: 10 });
      socket.fire('money', { id: 9, kind: 'deposit', amount: 150, qrcodeId: 'q9' });
      order.push('events');
      socket.fire('money-cursor', { cursor: 9 });
    });
    expect(heard.map((event) => event.id)).toEqual([9, 8]);
    expect(order).toEqual(['events', 'resync']);
    expect(sentToken()).toEqual({ token: 'tok-5', since: 9 });
    // A cursor that is not one is ignored.
    act(() => socket.fire('money-cursor', { cursor: -1 }));
    expect(sentToken()).toEqual({ token: 'tok-5', since: 9 });
    view.unmount();
    stopResync();
    stop();
    vi.useRealTimers();
  });

  it('gives an attempt no longer than a check, and starts a new one at once when the network is back', () => {
    vi.useFakeTimers();
    setToken('tok-6', true);
    const { view, stop } = mountMemberLive();
    const socket = sockets[0]!;
    expect(socket.options).toMatchObject({ timeout: 5_000 });
    act(() => socket.fire('money-cursor', { cursor: 3 }));
    let resyncs = 0;
    const stopResync = onMemberResync(() => {
      resyncs += 1;
    });

    // The phone loses its network; the attempt made then hangs (it neither opens nor fails).
    const calls: string[] = [];
    socket.connect = () => {
      calls.push('connect');
      return socket;
    };
    const disconnect = socket.disconnect;
    socket.disconnect = () => {
      calls.push('disconnect');
      return disconnect();
    };
    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });
    act(() => vi.advanceTimersByTime(5_000));
    expect(calls).toEqual(['connect']);

    // The network is back before the next check: the hanging attempt is dropped and a new one made.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(calls).toEqual(['connect', 'disconnect', 'connect']);
    act(() => {
      socket.connected = true;
      socket.fire('connect');
      socket.fire('money-cursor', { cursor: 3 });
    });
    expect(resyncs).toBe(1);
    // Connected: the network's next news changes nothing.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(calls).toHaveLength(3);

    view.unmount();
    act(() => {
      socket.connected = false;
      window.dispatchEvent(new Event('online'));
    });
    expect(calls).toHaveLength(4);
    expect(calls.at(-1)).toBe('disconnect');
    stopResync();
    stop();
    vi.useRealTimers();
  });

  it('after a reload, connects with the cursor the page before it reached and hands on only what it had not', () => {
    setToken('tok-7', true);
    setLiveCursor({ cursor: 7, seen: [9] });
    const { heard, view, stop } = mountMemberLive();
    const socket = sockets[0]!;
    expect(sentToken()).toEqual({ token: 'tok-7', since: 7 });
    // The server sends the events after 7: 9 was handed on before the reload, 8 came while it loaded.
    act(() => {
      socket.fire('money', { id: 8, kind: 'deposit', amount: 10 });
      socket.fire('money', { id: 9, kind: 'deposit', amount: 150, qrcodeId: 'q9' });
      socket.fire('money-cursor', { cursor: 9 });
    });
    expect(heard.map((event) => event.id)).toEqual([8]);
    expect(getLiveCursor()).toEqual({ cursor: 9, seen: [9, 8] });
    act(() => socket.fire('money', { id: 10, kind: 'withdraw-paid', amount: 5 }));
    expect(getLiveCursor()).toEqual({ cursor: 9, seen: [9, 8, 10] });
    view.unmount();
    stop();
  });

  it('starts from the session’s beginning after a sign-in in this tab, and ignores a kept place that is not one', () => {
    setLiveCursor({ cursor: 7, seen: [9] });
    setToken('tok-8', true);
    expect(getLiveCursor()).toEqual({ cursor: 0, seen: [] });
    sessionStorage.setItem('krapao.liveCursor', JSON.stringify({ cursor: -1, seen: [] }));
    expect(getLiveCursor()).toBeNull();
    sessionStorage.setItem('krapao.liveCursor', '{');
    const { view, stop } = mountMemberLive();
    expect(sentToken()).toEqual({ token: 'tok-8' });
    act(() => sockets[0]!.fire('money-cursor', { cursor: 4 }));
    expect(getLiveCursor()).toEqual({ cursor: 4, seen: [] });
    view.unmount();
    stop();
  });

  it('in a tab that signed in, hands on an event that came between the sign-in and the socket', () => {
    setToken('tok-9', false);
    const { heard, view, stop } = mountMemberLive();
    expect(sentToken()).toEqual({ token: 'tok-9', since: 0 });
    // The server sends the session's events after 0, then the cursor.
    act(() => {
      sockets[0]!.fire('money', { id: 31, kind: 'deposit', amount: 135 });
      sockets[0]!.fire('money-cursor', { cursor: 31 });
    });
    expect(heard.map((event) => event.id)).toEqual([31]);
    expect(getLiveCursor()).toEqual({ cursor: 31, seen: [31] });
    view.unmount();
    stop();
  });
});
