// `changed` events: a committed change of a setting or a game reaches every signed-in staff member's
// live socket; a refused change sends nothing.
import { chatOpsPaths } from '@krapao/contracts/ops/chat';
import { gamesPath } from '@krapao/contracts/ops/games';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listen } from '../chat/socket-testing.ts';
import { opsCall, signedInStaff } from '../staff/testing.ts';
import { connectLive, heardChanges, pause } from './testing.ts';

let t: TestApp;
let base: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ CHAT_AGENT: 'off' });
  base = await listen(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

async function until<T>(list: T[], n: number, ms = 3_000) {
  const end = Date.now() + ms;
  while (list.length < n && Date.now() < end) await pause(20);
  return list;
}

describe('the console’s changed events', () => {
  it('tell every signed-in staff member that a setting or a game changed, once committed', async () => {
    const admin = await signedInStaff(t, 'admin');
    const support = await signedInStaff(t, 'support');
    const finance = await signedInStaff(t, 'finance');
    const [s, f] = await Promise.all([connectLive(base, support.token), connectLive(base, finance.token)]);
    open.push(s, f);
    const bySupport = heardChanges(s);
    const byFinance = heardChanges(f);

    const saved = await opsCall(t, support, 'POST', chatOpsPaths.cannedAnswers, { answers: ['Hello'] });
    expect(saved.statusCode).toBe(200);
    const game = await opsCall(t, admin, 'POST', gamesPath.update('PG'), { isFeatured: true, reason: 'promo week' });
    expect(game.statusCode).toBe(200);
    const expected = [
      { topic: 'setting', id: 'chatCannedAnswers' },
      { topic: 'game', id: 'PG' },
    ];
    expect(await until(bySupport, 2)).toEqual(expected);
    expect(await until(byFinance, 2)).toEqual(expected);
  });

  it('sends nothing for a refused change', async () => {
    const admin = await signedInStaff(t, 'admin');
    const socket = await connectLive(base, admin.token);
    open.push(socket);
    const heard = heardChanges(socket);
    const finance = await signedInStaff(t, 'finance');
    expect(
      (await opsCall(t, finance, 'POST', gamesPath.update('PG'), { isFeatured: false, reason: 'x y z' })).statusCode,
    ).toBe(403);
    expect(
      (await opsCall(t, admin, 'POST', gamesPath.update('NO-SUCH'), { isFeatured: true, reason: 'x y z' })).json()
        .message,
    ).toBe('NO_DATA');
    expect((await opsCall(t, admin, 'POST', chatOpsPaths.cannedAnswers, { answers: [''] })).statusCode).toBe(400);
    await pause(300);
    expect(heard).toEqual([]);
  });
});
