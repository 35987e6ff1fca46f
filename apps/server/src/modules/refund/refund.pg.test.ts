// Cashback under real concurrency on PostgreSQL: 50 receives of one period book it once; 50
// add-to-wallets move the REFUND balance once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activeCondition, holding } from '../invite/testing.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { balances, call, signedInMember } from '../wallet/testing.ts';
import { bangkok, bookGameResult } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('cashback on PostgreSQL', () => {
  let t: TestApp;
  const clock = bangkok('2026-03-11T09:00:00');
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it('50 parallel receives, then 50 parallel addWallets: each happens exactly once, 20 trials', async () => {
    for (let trial = 0; trial < 20; trial++) {
      const m = await signedInMember(t, 300);
      await bookGameResult(t, m.memberId, -20_000n, bangkok('2026-03-10T21:00:00'));
      const race = (path: string) =>
        Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            call(t, m, 'GET', `/api/refund/${path}`, undefined, `${path}-race-${trial}-${i}-${m.memberId}`),
          ),
        );
      const messages = (results: Awaited<ReturnType<typeof race>>) =>
        new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().message));

      const received = await race('receive');
      expect(received.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([
        { message: 'REFUND_SUCCESS', amount: 10 },
      ]);
      expect(messages(received)).toEqual(new Set(['NO_REFUND']));
      expect(await holding(t, m.memberId, 'REFUND')).toBe(1_000n);

      const added = await race('addWallet');
      expect(added.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([
        { message: 'REFUND_SUCCESS', amount: 10 },
      ]);
      expect([...messages(added)].every((c) => c === 'NO_REFUND' || c === 'REFUND_CONDITION')).toBe(true);
      expect(await holding(t, m.memberId, 'REFUND')).toBe(0n);
      expect((await balances(t, m)).wallet).toBe(110);
      expect(await activeCondition(t, m.memberId)).toMatchObject({ kind: 'refund', bonusAmount: 1_000n });
    }
  }, 180_000);
});
