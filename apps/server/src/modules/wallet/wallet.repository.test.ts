import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { deposit, memberWithMoney } from '../ledger/ledger-testing.ts';
import { createWalletRepository } from './wallet.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newestEntry = async (accountId: number) => {
  const [row] = await t.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return Number(row?.id ?? 0);
};

describe('bookingState', () => {
  // The "has anything moved since?" marker of a game-result booking: the newest entry of that one
  // account, whatever other accounts do (a marker read from the wrong rows lets a booking use a
  // stale balance, and scans the whole entry table).
  it('answers the newest entry of the account asked about, not of the table', async () => {
    const repo = createWalletRepository(t.db);
    const ledger = createLedger({ db: t.db });
    const member = await memberWithMoney(t.db, 10_000n);
    const wallet = (await ledger.memberAccount(member, 'WALLET'))!;
    await deposit(t.db, member, 500n);
    const before = await repo.bookingState(member, 'PG', wallet.id);
    expect(before).toMatchObject({ balance: 10_500n, unsettled: false });
    expect(before!.lastEntryId).toBe(await newestEntry(wallet.id));
    expect(before!.lastEntryId).toBeGreaterThan(0);

    await memberWithMoney(t.db, 700n);
    const unmoved = await repo.bookingState(member, 'PG', wallet.id);
    expect(unmoved!.lastEntryId).toBe(before!.lastEntryId);

    await deposit(t.db, member, 1n);
    const moved = await repo.bookingState(member, 'PG', wallet.id);
    expect(moved!.lastEntryId).toBeGreaterThan(before!.lastEntryId);
    expect(moved!.lastEntryId).toBe(await newestEntry(wallet.id));
  });
});
