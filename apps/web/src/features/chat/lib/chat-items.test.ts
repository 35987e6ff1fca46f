import { describe, expect, it } from 'vitest';
import { serverMessage, text } from '../testing';
import { type ChatItem, markSent, mergeItems, parseChatMessage, serverCount, sessionBreaks } from './chat-items';

const item = (overrides: Parameters<typeof serverMessage>[0]) => parseChatMessage(serverMessage(overrides))!;
const local = (key: string): ChatItem => ({
  key,
  serverId: null,
  sender: 'customer',
  body: text(key),
  createdAt: null,
  sessionId: null,
  name: null,
  status: 'sending',
});

describe('chat items', () => {
  it('parses a message, turning an unknown type into unknown and refusing what is not a message', () => {
    expect(item({ message: text('hi') }).body).toEqual(text('hi'));
    expect(item({ message: { message_type: 'sticker', payload: 1 } as never }).body).toEqual({
      message_type: 'unknown',
      payload: { message_type: 'sticker', payload: 1 },
    });
    expect(parseChatMessage({ hello: 'world' })).toBeNull();
  });

  it('merges without duplicates, in time order, pending messages last', () => {
    const a = item({ _id: '1', createdAt: '2025-01-01T10:00:00.000Z' });
    const b = item({ _id: '2', createdAt: '2025-01-01T10:01:00.000Z' });
    const merged = mergeItems([b, local('x')], [a, b]);
    expect(merged.map((i) => i.key)).toEqual(['1', '2', 'x']);
    expect(serverCount(merged)).toBe(2);
  });

  it('gives a sent local message its server id, dropping a socket copy that came first', () => {
    const echo = item({ _id: '9', sender: 'customer', createdAt: '2025-01-01T10:02:00.000Z' });
    const sent = markSent([local('x'), echo], 'x', {
      _id: '9',
      createdAt: '2025-01-01T10:02:00.000Z',
      session_id: 's',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ key: 'x', serverId: '9', status: 'succeed', sessionId: 's' });
  });

  it('marks where a new session starts', () => {
    const items = [item({ session_id: 'a' }), item({ session_id: 'a' }), local('p'), item({ session_id: 'b' })];
    expect([...sessionBreaks(items)]).toEqual([items[3]!.key]);
  });
});
