// Races need real connections: this file runs its double-spend trials on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HOUSE } from './house-accounts.ts';
import { createLedger } from './ledger.service.ts';
import { checkLedger } from './ledger-check.ts';
import { memberWithMoney, walletBalance } from './ledger-testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('ledger under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('50 parallel debits of a balance that covers one: exactly one succeeds, 20 trials', async () => {
    const ledger = createLedger({ db: t.db });
    for (let trial = 0; trial < 20; trial++) {
      const m = await memberWithMoney(t.db, 100n);
      const wallet = await ledger.memberAccount(m, 'WALLET');
      const payable = await ledger.houseAccountId(HOUSE.WITHDRAWALS_PAYABLE, 'BAHT', m);
      const attempts = Array.from({ length: 50 }, () =>
        t.db.transaction(async (tx) => {
          const row = await ledger.open(tx, {
            memberId: m,
            type: 'WITHDRAW',
            status: 'SUCCESS',
            statementType: 'withdraw',
            amount: 100n,
            currency: 'BAHT',
          });
          await ledger.post(tx, row.id, [
            { accountId: wallet!.id, amount: -100n },
            { accountId: payable, amount: 100n },
          ]);
        }),
      );
      const results = await Promise.allSettled(attempts);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await walletBalance(t.db, m)).toBe(0n);
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
