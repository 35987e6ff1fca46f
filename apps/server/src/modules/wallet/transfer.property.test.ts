// Property: any sequence of transfers, provider faults, play at the provider and refreshes keeps
// every ledger invariant, and after reconciliation our books equal the provider's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, providerPlays, signedInMember } from './testing.ts';
import { createReconciler } from './transfer-reconcile.job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '20' });
});
afterAll(() => t.close());

const ACCOUNTS = ['WALLET', 'PG', 'JOKER'] as const;
const FAULTS = ['timeout', 'error5xx', 'lostResponse', 'reject'] as const;

describe('random transfer sequences', () => {
  for (const seed of [7, 1234, 99_991]) {
    it(`keep every invariant (seed ${seed})`, async () => {
      let state = seed;
      const random = () => {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        return state / 2 ** 31;
      };
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
      const m = await signedInMember(t, 500);
      const usernames: Record<string, string> = {};
      for (const code of ['PG', 'JOKER']) usernames[code] = (await activate(t, m.token, code)).username;
      const faults = t.ctx.gameProviders.sandbox!.faults;
      let played = 0n;
      for (let step = 0; step < 40; step++) {
        const roll = random();
        if (roll < 0.15) {
          faults.set({ next: [pick(FAULTS), ...(random() < 0.5 ? (['error5xx'] as const) : [])] });
        } else if (roll < 0.25) {
          const code = pick(['PG', 'JOKER']);
          const before = await t.ctx.gameProviders.sandbox!.balance({ gameCode: code, username: usernames[code]! });
          const delta = BigInt(Math.floor(random() * 4_000) - 2_000);
          const applied = before + delta < 0n ? -before : delta;
          await providerPlays(t, usernames[code]!, applied);
          played += applied;
        } else if (roll < 0.3) {
          await call(t, m, 'GET', '/api/wallet/refresh/slot');
        } else {
          const from = pick(ACCOUNTS);
          const to = pick(ACCOUNTS.filter((a) => a !== from));
          const amount = Math.round((1 + random() * 200) * 100) / 100;
          const res = await call(t, m, 'POST', '/api/wallet/transfer', { from, to, amount }, `prop-${seed}-${step}`);
          expect(res.statusCode).toBeLessThan(500);
        }
        faults.reset();
        expect(await checkLedger(t.db)).toEqual([]);
      }
      faults.reset();
      t.ctx.now = () => new Date(Date.now() + 10 * 60_000);
      try {
        await createReconciler(t.ctx).runOnce();
      } finally {
        t.ctx.now = () => new Date();
      }
      await call(t, m, 'GET', '/api/wallet/refresh/slot');
      const after = await balances(t, m);
      let held = after.wallet * 100;
      for (const code of ['PG', 'JOKER']) {
        const atProvider = await t.ctx.gameProviders.sandbox!.balance({ gameCode: code, username: usernames[code]! });
        expect(BigInt(Math.round(after.slots[code]! * 100))).toBe(atProvider);
        held += after.slots[code]! * 100;
      }
      // Nothing created or lost: what the member holds is what came in plus what was played.
      expect(Math.round(held)).toBe(50_000 + Number(played));
      expect(await checkLedger(t.db)).toEqual([]);
    });
  }
});
