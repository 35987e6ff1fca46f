// The bank-feed sweep under real concurrency, on PostgreSQL (PGlite has one connection and cannot
// show a race): two sweeps (two server instances) and slip credits of the same transfers at once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositNotices, depositReferences, sandboxBankFeed } from '../../../db/schema/deposits.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, call, type Member, signedInMember } from '../../wallet/testing.ts';
import { createDepositCredit } from '../credit.ts';
import { createBankNoticeSweep } from './bank-notice-sweep.job.ts';
import { HOUSE, registeredAccountOf } from './testing.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('bank feed on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BANK_FEED_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  it('two sweeps at once over 50 transfers credit each exactly once, 5 trials', async () => {
    const feed = t.ctx.payments.bankFeed;
    for (let trial = 0; trial < 5; trial++) {
      const members: Member[] = await Promise.all(Array.from({ length: 5 }, () => signedInMember(t, 0)));
      const accounts = await Promise.all(members.map((m) => registeredAccountOf(t, m.memberId)));
      // 40 to the AUTO account; 10 to a SLIP account, with notices filed first: two of 100 and one
      // of 101 per member, and one transfer of each amount (one transfer answers one notice).
      for (const m of members) {
        for (const amount of [100, 100, 101]) {
          expect((await call(t, m, 'POST', '/api/wallet/add', { amount })).statusCode).toBe(200);
        }
      }
      const transfers = [];
      for (let i = 0; i < 50; i++) {
        const from = accounts[i % 5]!;
        const toSlip = i >= 40;
        const amount = toSlip ? BigInt(i < 45 ? 100 : 101) * 100n : BigInt(20 + i) * 100n;
        transfers.push(
          await feed.recordTransfer({
            ...from,
            toAccountNo: toSlip ? HOUSE.slipKbank : HOUSE.autoScb,
            amount,
            currency: 'BAHT',
          }),
        );
      }
      const a = createBankNoticeSweep(t.ctx);
      const b = createBankNoticeSweep(t.ctx);
      // A slip upload of every 7th transfer races the sweeps: one reference, one credit.
      const slips = transfers
        .filter((_, i) => i % 7 === 0)
        .map((tr) =>
          createDepositCredit(t.ctx).credit({
            memberId: members[accounts.findIndex((acc) => acc.fromAccountNo === tr.fromAccountNo)]!.memberId,
            amount: tr.amount,
            currency: 'BAHT',
            source: 'BANK',
            reference: `${tr.sendingBank}:${tr.transRef}`,
            fromCode: tr.fromBankCode,
          }),
        );
      const [ra, rb, slipResults] = await Promise.all([a.runOnce(), b.runOnce(), Promise.all(slips)]);
      const creditedBySlip = slipResults.filter((r) => r.credited).length;
      expect(ra.failed + rb.failed).toBe(0);
      expect(ra.credited + rb.credited + creditedBySlip).toBe(50);

      const ids = transfers.map((tr) => tr.id);
      const rows = await t.db.select().from(sandboxBankFeed).where(inArray(sandboxBankFeed.id, ids));
      expect(rows.every((r) => r.processedAt !== null)).toBe(true);
      const refs = await t.db
        .select()
        .from(depositReferences)
        .where(
          and(
            eq(depositReferences.source, 'BANK'),
            inArray(
              depositReferences.reference,
              transfers.map((tr) => `${tr.sendingBank}:${tr.transRef}`),
            ),
          ),
        );
      expect(refs).toHaveLength(50);
      for (const [i, m] of members.entries()) {
        const expected = transfers
          .filter((tr) => tr.fromAccountNo === accounts[i]!.fromAccountNo)
          .reduce((sum, tr) => sum + Number(tr.amount), 0);
        expect((await balances(t, m)).wallet * 100).toBe(expected);
        const notices = await t.db
          .select()
          .from(depositNotices)
          .where(eq(depositNotices.memberId, m.memberId))
          .orderBy(depositNotices.id);
        expect(notices.map((n) => n.status)).toEqual(['MATCHED', 'OPEN', 'MATCHED']);
        expect(new Set(notices.map((n) => n.feedId)).size).toBe(3);
      }
    }
  });

  it('two sweeps matching late notices at once: one transfer answers one notice, 10 trials', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const m = await signedInMember(t, 0);
      const from = await registeredAccountOf(t, m.memberId);
      // The transfer is swept before any notice exists, so it is left for a slip...
      await t.ctx.payments.bankFeed.recordTransfer({
        ...from,
        toAccountNo: HOUSE.slipKbank,
        amount: 5_000n,
        currency: 'BAHT',
      });
      await createBankNoticeSweep(t.ctx).runOnce();
      // ...then the member files two notices of its amount, and two instances sweep at once.
      for (let n = 0; n < 2; n++) await call(t, m, 'POST', '/api/wallet/add', { amount: 50 });
      const results = await Promise.all([
        createBankNoticeSweep(t.ctx).runOnce(),
        createBankNoticeSweep(t.ctx).runOnce(),
      ]);
      expect(results[0].credited + results[1].credited).toBe(1);
      expect((await balances(t, m)).wallet).toBe(50);
      const notices = await t.db
        .select()
        .from(depositNotices)
        .where(eq(depositNotices.memberId, m.memberId))
        .orderBy(depositNotices.id);
      expect(notices.map((n) => n.status).sort()).toEqual(['MATCHED', 'OPEN']);
    }
  });
});
