import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatBackendUrl, connectChatWs } from './chat-ws';

class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.();
  }
}

beforeEach(() => {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the optional chat backend connection', () => {
  it('turns the build address into a WebSocket address', () => {
    const page = { protocol: 'https:', host: 'wallet.example' };
    expect(chatBackendUrl('/api/chat/ws', page)).toBe('wss://wallet.example/api/chat/ws');
    expect(chatBackendUrl('https://chat.example/ws', page)).toBe('wss://chat.example/ws');
    expect(chatBackendUrl('ws://127.0.0.1:3000/api/chat/ws', page)).toBe('ws://127.0.0.1:3000/api/chat/ws');
  });

  it('joins with the first frame, hands messaging data on, and reconnects 500 ms after every drop', () => {
    const onMessage = vi.fn();
    const stop = connectChatWs({ address: 'ws://chat.test/api/chat/ws', auth: { guestId: 'guest-x' }, onMessage });
    const first = FakeWebSocket.made[0]!;
    first.onopen?.();
    expect(JSON.parse(first.sent[0]!)).toEqual({ event: 'join', guestId: 'guest-x' });
    first.onmessage?.({ data: JSON.stringify({ event: 'messaging', data: { _id: '1' } }) });
    first.onmessage?.({ data: JSON.stringify({ event: 'joined', room: 'r' }) });
    first.onmessage?.({ data: 'not json' });
    expect(onMessage.mock.calls).toEqual([[{ _id: '1' }]]);

    for (let drop = 1; drop <= 5; drop++) {
      FakeWebSocket.made.at(-1)!.close();
      vi.advanceTimersByTime(499);
      expect(FakeWebSocket.made).toHaveLength(drop);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.made).toHaveLength(drop + 1);
    }
    stop();
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.made).toHaveLength(6);
  });
});
