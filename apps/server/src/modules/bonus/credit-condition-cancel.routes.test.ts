// The member's cancel (decision 055): it takes back the unused credit, min(bonus, total balance),
// bringing game money back to the wallet first, and is refused — changing nothing — when the money
// cannot come back. Moving a credit into a game never makes it the member's to keep.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { holding } from '../invite/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, type Member, providerPlays, signedInMember } from '../wallet/testing.ts';
import {
  activateBonus,
  activatePromotion,
  bonusRows,
  checkActive,
  clearBonus,
  conditionsOf,
  holdingCredit,
  key,
  statement,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '200' });
});
afterEach(() => t.ctx.gameProviders.sandbox?.faults.reset());
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

const toGame = async (m: Member, game: string, amount: number) => {
  const res = await call(t, m, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: game, amount }, key('move'));
  expect(res.json().status).toBe('SUCCESS');
};

/** A fresh member with KRAPAO100 (+100, nothing of their own) moved whole into PG. */
async function promotionInGame(): Promise<{ m: Member; username: string }> {
  const m = await signedInMember(t, 0);
  expect((await activatePromotion(t, m, 'KRAPAO100')).statusCode).toBe(200);
  const account = await activate(t, m.token, 'PG');
  await toGame(m, 'PG', 100);
  return { m, username: account.username };
}

describe('GET /api/bonus/clear takes back what is owed, from the games too', () => {
  it('brings a free credit back from the game and takes it back whole', async () => {
    const { m } = await promotionInGame();
    expect((await checkActive(t, m)).progress).toMatchObject({ balance: 100, cancelTakesBack: 100 });
    const res = await clearBonus(t, m, key());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 100 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
    expect((await conditionsOf(t, m.memberId)).map((c) => c.status)).toEqual(['CANCELLED']);
    const [finish, back] = (await statement(t, m)).statements;
    expect(back).toMatchObject({ statementType: 'transfer', from: 'PG', to: 'WALLET', amount: 100 });
    expect(finish).toMatchObject({ statementType: 'finish_bonus', from: 'WALLET', to: 'KRAPAO100', amount: 100 });
    expect((await bonusRows(t, m.memberId)).map((r) => [r.type, r.amount])).toEqual([
      ['BONUS', 100_00n],
      ['FINISH_BONUS', 100_00n],
    ]);
  });

  it('refuses with MONEY_NOT_ENOUGH when the game will not give the money back, and changes nothing', async () => {
    const { m } = await promotionInGame();
    t.ctx.gameProviders.sandbox!.faults.set({ next: ['reject'], methods: ['withdraw'] });
    const res = await clearBonus(t, m, key());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', reason: 'credit-outside-wallet', takeBack: 100 });
    expect((await conditionsOf(t, m.memberId)).map((c) => c.status)).toEqual(['ACTIVE']);
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 100 } });
    expect((await bonusRows(t, m.memberId)).map((r) => r.type)).toEqual(['BONUS']);

    // Once the provider answers again, the same cancel goes through.
    t.ctx.gameProviders.sandbox!.faults.reset();
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 100 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
  });

  it('refuses while the money coming back is in transit (an unsettled transfer cannot be pulled)', async () => {
    const { m } = await promotionInGame();
    t.ctx.gameProviders.sandbox!.faults.set({
      next: ['lostResponse', 'error5xx'],
      methods: ['withdraw', 'transferStatus'],
    });
    const res = await clearBonus(t, m, key());
    expect(res.json()).toEqual({ message: 'MONEY_NOT_ENOUGH', reason: 'credit-outside-wallet', takeBack: 100 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
    // Still 100 in total (in transit): the condition runs on, untouched.
    expect(await checkActive(t, m)).toMatchObject({ status: true, progress: { balance: 100, cancelTakesBack: 100 } });
    expect((await bonusRows(t, m.memberId)).map((r) => r.type)).toEqual(['BONUS']);
  });

  it('a deposit bonus moved into a game: the bonus comes back and is taken, the deposit stays', async () => {
    const m = await signedInMember(t, 200);
    expect((await activateBonus(t, m, 'WELCOME')).statusCode).toBe(200);
    await activate(t, m.token, 'JOKER');
    await toGame(m, 'JOKER', 400);
    expect((await checkActive(t, m)).progress).toMatchObject({ bonusAmount: 200, balance: 400, cancelTakesBack: 200 });
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 200 });
    expect(await balances(t, m)).toMatchObject({ wallet: 200, slots: { JOKER: 0 } });
  });

  it('after a game loss the take-back is the whole total left (min of bonus and total)', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME'); // 600, fails below 60
    const { username } = await activate(t, m.token, 'PG');
    await toGame(m, 'PG', 600);
    await providerPlays(t, username, -450_00n);
    await call(t, m, 'GET', '/api/wallet/refresh/slot');
    expect((await checkActive(t, m)).progress).toMatchObject({ bonusAmount: 300, balance: 150, cancelTakesBack: 150 });
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 150 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
  });

  it('an invite claim moved into a game is taken back to the INVITE account', async () => {
    const m = await signedInMember(t, 0);
    await holdingCredit(t, m, 'INVITE', 50);
    expect((await call(t, m, 'GET', '/api/invite/bonus', undefined, key('invite'))).statusCode).toBe(200);
    await activate(t, m.token, 'PG');
    await toGame(m, 'PG', 50);
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 50 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { PG: 0 } });
    expect(await holding(t, m.memberId, 'INVITE')).toBe(50_00n);
  });

  it('a cashback added to the wallet and moved into a game is taken back to the REFUND account', async () => {
    const m = await signedInMember(t, 0);
    await holdingCredit(t, m, 'REFUND', 40);
    expect((await call(t, m, 'GET', '/api/refund/addWallet', undefined, key('refund'))).statusCode).toBe(200);
    await activate(t, m.token, 'JOKER');
    await toGame(m, 'JOKER', 40);
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 40 });
    expect(await balances(t, m)).toMatchObject({ wallet: 0, slots: { JOKER: 0 } });
    expect(await holding(t, m.memberId, 'REFUND')).toBe(40_00n);
  });

  it('brings back every game, and leaves the member what is theirs', async () => {
    const m = await signedInMember(t, 300);
    await activateBonus(t, m, 'WELCOME');
    await activate(t, m.token, 'PG');
    await activate(t, m.token, 'JOKER');
    await toGame(m, 'PG', 250);
    await toGame(m, 'JOKER', 250);
    expect((await clearBonus(t, m, key())).json()).toEqual({ message: 'BONUS_CLEAR', takenBack: 300 });
    expect(await balances(t, m)).toMatchObject({ wallet: 300, slots: { PG: 0, JOKER: 0 } });
  });
});
