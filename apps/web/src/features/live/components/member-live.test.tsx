import type { TMemberLiveEvent } from '@krapao/contracts/live';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { onMemberLive } from '../../../lib/member-live';
import { setToken } from '../../../lib/storage';
import { MemberLive } from './member-live';

type Fake = {
  connected: boolean;
  handlers: Map<string, ((...args: unknown[]) => void)[]>;
  on: (event: string, handler: (...args: unknown[]) => void) => Fake;
  connect: () => Fake;
  disconnect: () => Fake;
  removeAllListeners: () => Fake;
  fire: (event: string, ...args: unknown[]) => void;
};

const made = vi.hoisted(() => ({ sockets: [] as Fake[], options: [] as Record<string, unknown>[] }));
vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    const socket: Fake = {
      connected: false,
      handlers: new Map(),
      on(event, handler) {
        socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), handler]);
        return socket;
      },
      connect() {
        socket.connected = true;
        return socket;
      },
      disconnect() {
        socket.connected = false;
        return socket;
      },
      removeAllListeners() {
        socket.handlers.clear();
        return socket;
      },
      fire(event, ...rest) {
        for (const handler of socket.handlers.get(event) ?? []) handler(...rest);
      },
    };
    made.sockets.push(socket);
    made.options.push(args.at(-1) as Record<string, unknown>);
    return socket;
  },
}));

afterEach(() => {
  made.sockets.length = 0;
  made.options.length = 0;
});

function mount() {
  const heard: TMemberLiveEvent[] = [];
  const stop = onMemberLive((event) => heard.push(event));
  const view = render(
    <>
      <MemberLive />
      <Toaster />
    </>,
  );
  return { heard, view, stop };
}

/** The token the socket would send at its next (re)connection. */
function sentToken(): unknown {
  const auth = made.options[0]?.auth as (send: (data: unknown) => void) => void;
  let sent: unknown;
  auth((data) => {
    sent = data;
  });
  return sent;
}

describe('the member live socket', () => {
  it('connects with the stored token over WebSocket only; an event reaches the screens and shows a toast', async () => {
    setToken('tok-1', true);
    const { heard, stop } = mount();
    const socket = made.sockets[0]!;
    expect(socket.connected).toBe(true);
    expect(made.options[0]).toMatchObject({ path: '/socket.io', transports: ['websocket'], reconnection: false });
    expect(sentToken()).toEqual({ token: 'tok-1' });

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
    const { heard, stop } = mount();
    const toasts = () => screen.queryAllByRole('status').length + screen.queryAllByRole('alert').length;
    const before = toasts();
    act(() => {
      made.sockets[0]!.fire('money', { kind: 'jackpot', amount: 1e9 });
      made.sockets[0]!.fire('money', { kind: 'deposit', amount: -5 });
      made.sockets[0]!.fire('money', 'deposit');
    });
    expect(heard).toEqual([]);
    expect(toasts()).toBe(before);
    stop();
  });

  it('waits without a token, then reconnects every check with the token stored then', () => {
    vi.useFakeTimers();
    const { view, stop } = mount();
    const socket = made.sockets[0]!;
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
});
