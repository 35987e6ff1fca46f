import { OPS_CHANGE_EVENT, OPS_LIVE_EVENT } from '@krapao/contracts/ops/live';
import { describe, expect, it, vi } from 'vitest';
import { carouselsQueryKey } from '../features/banners/api/carousels';
import { cannedAnswersQueryOptions } from '../features/chat/api/canned-answers';
import { contentQueryKey } from '../features/content/api/content-page';
import { gamesQueryKey } from '../features/games/api/list-games';
import { inviteSettingsQueryKey } from '../features/promotions/api/invite-settings';
import { bonusesQueryKey } from '../features/promotions/api/list-bonuses';
import { promotionCodesQueryKey } from '../features/promotions/api/list-promotion-codes';
import { refundSettingsQueryKey } from '../features/promotions/api/refund-settings';
import { settingsQueryKey } from '../features/settings/api/settings-page';
import { spinWheelQueryKey } from '../features/spin-wheel/api/spin-wheel';
import { CHANGE_QUERY_KEYS, connectOpsLive, type LiveSocket, type LiveStatus } from './live';
import { createQueryClient } from './query-client';

/** A socket the test drives: `emit` plays what the server and the transport would do. */
function fakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    active: true,
    closed: false,
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
      return socket;
    },
    close() {
      socket.closed = true;
      return socket;
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return socket;
}

function setUp() {
  const client = createQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const statuses: LiveStatus[] = [];
  const socket = fakeSocket();
  const close = connectOpsLive(
    client,
    (s) => statuses.push(s),
    () => socket as LiveSocket,
  );
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { socket, statuses, keys, close };
}

describe('the live channel', () => {
  it('reloads the queue an event names, and nothing for a malformed event', () => {
    const { socket, statuses, keys } = setUp();
    socket.emit('connect');
    socket.emit(OPS_LIVE_EVENT, { queue: 'withdrawals', id: '5', change: 'added' });
    socket.emit(OPS_LIVE_EVENT, { queue: 'nope', id: '5', change: 'added' });
    expect(statuses).toEqual(['connected']);
    expect(keys()).toEqual([['ops', 'withdrawals']]);
  });

  it('shows a reconnection and reloads every queue once back', () => {
    const { socket, statuses, keys } = setUp();
    socket.emit('connect');
    socket.emit('disconnect', 'transport close');
    socket.emit('connect');
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);
    expect(keys()).toContainEqual(['ops', 'withdrawals']);
    expect(keys()).toContainEqual(['ops', 'slips']);
    expect(keys()).not.toContainEqual(['ops', 'me']);
  });

  it('checks the session when the server refuses or ends the connection', () => {
    const { socket, keys, close } = setUp();
    socket.active = false;
    socket.emit('connect_error', new Error('OPS_SIGNED_OUT'));
    expect(keys()).toEqual([['ops', 'me']]);
    close();
    expect(socket.closed).toBe(true);
  });

  it('reloads the pages a changed setting, game, bonus, promotion code or wheel shows, and nothing for a malformed one', () => {
    const { socket, keys } = setUp();
    socket.emit('connect');
    socket.emit(OPS_CHANGE_EVENT, { topic: 'game', id: 'PG' });
    expect(keys()).toEqual([gamesQueryKey]);
    socket.emit(OPS_CHANGE_EVENT, { topic: 'nope', id: 'PG' });
    socket.emit(OPS_CHANGE_EVENT, { topic: 'bonus' });
    expect(keys()).toHaveLength(1);
    socket.emit(OPS_CHANGE_EVENT, { topic: 'setting', id: 'withdraw' });
    for (const key of [settingsQueryKey, contentQueryKey, carouselsQueryKey, spinWheelQueryKey]) {
      expect(keys()).toContainEqual(key);
    }
    socket.emit(OPS_CHANGE_EVENT, { topic: 'promotion', id: 'WELCOME' });
    socket.emit(OPS_CHANGE_EVENT, { topic: 'bonus', id: 'B1' });
    socket.emit(OPS_CHANGE_EVENT, { topic: 'spinWheel', id: 'active' });
    expect(keys().slice(-3)).toEqual([promotionCodesQueryKey, bonusesQueryKey, spinWheelQueryKey]);
  });

  it('names keys that prefix the features’ own query keys', () => {
    const prefixes = Object.values(CHANGE_QUERY_KEYS).flat();
    const covered = (key: readonly unknown[]) => prefixes.some((p) => p.every((part, i) => key[i] === part));
    for (const key of [
      settingsQueryKey,
      contentQueryKey,
      carouselsQueryKey,
      gamesQueryKey,
      bonusesQueryKey,
      promotionCodesQueryKey,
      inviteSettingsQueryKey,
      refundSettingsQueryKey,
      spinWheelQueryKey,
      cannedAnswersQueryOptions().queryKey,
    ]) {
      expect(covered(key)).toBe(true);
    }
  });
});
