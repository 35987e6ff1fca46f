// The same slip uploaded many times at once, on PostgreSQL (PGlite has one connection and cannot
// show a race): one transfer credits once, whichever request or job instance gets there first.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositReferences } from '../../../db/schema/deposits.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balances, signedInMember } from '../../wallet/testing.ts';
import { createSlipRechecker } from './slip-recheck.job.ts';
import { recordTransfer, registeredAccount, slipTestApp, testClock, uploadSlip } from './testing.ts';

const MINUTE = 60_000;

describe.skipIf(process.env.TEST_DB !== 'pg')('slips on PostgreSQL', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof slipTestApp>>;
  beforeAll(async () => {
    t = await slipTestApp(clock, { SLIP_VERIFY_TIMEOUT_MS: '30000' });
  });
  afterAll(async () => {
    if (!t) return;
    expect(await checkLedger(t.db)).toEqual([]);
    await t.close();
  });

  async function slipFor(amount: number, visibleInMs = 0) {
    const m = await signedInMember(t, 0);
    const from = await registeredAccount(t, m.memberId);
    const at = clock.now().getTime();
    const slip = await recordTransfer(t, {
      from,
      amount,
      occurredAt: new Date(at - MINUTE),
      visibleAt: new Date(at + visibleInMs),
    });
    return { m, slip };
  }

  const referencesOf = (s: { sendingBank: string; transRef: string }) =>
    t.db
      .select()
      .from(depositReferences)
      .where(
        and(eq(depositReferences.source, 'BANK'), eq(depositReferences.reference, `${s.sendingBank}:${s.transRef}`)),
      );

  it('50 parallel uploads of the same slip: credited once, the rest SLIP_REFNO_DUPLICATED (3 trials)', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const { m, slip } = await slipFor(150);
      const results = await Promise.all(Array.from({ length: 50 }, () => uploadSlip(t, m, slip.png)));
      const messages = results.map((r) => r.json().message);
      expect(messages.filter((x) => x === 'SUCCESS')).toHaveLength(1);
      expect(messages.filter((x) => x === 'SLIP_REFNO_DUPLICATED')).toHaveLength(49);
      expect((await balances(t, m)).wallet).toBe(150);
      expect(await referencesOf(slip)).toHaveLength(1);
    }
  });

  it('the same delayed slip pending ten times, five job instances at once: credited once', async () => {
    const { m, slip } = await slipFor(60, 2 * MINUTE);
    const uploads = await Promise.all(Array.from({ length: 10 }, () => uploadSlip(t, m, slip.png)));
    expect(uploads.every((r) => r.json().message === 'PENDING')).toBe(true);
    clock.advance(5 * MINUTE);
    const settled = await Promise.all(Array.from({ length: 5 }, () => createSlipRechecker(t.ctx).runOnce()));
    expect(settled.reduce((a, b) => a + b, 0)).toBe(10);
    expect((await balances(t, m)).wallet).toBe(60);
    expect(await referencesOf(slip)).toHaveLength(1);
  });
});
