// A settled bank deposit into a member's WALLET, booked against DEPOSITS_CLEARING: the demo seed
// and the tests use it. Like every deposit it has its deposit reference (source BANK, reference
// `BOOKED:<transaction id>`), so ledger:check traces the credit, and it must be played through once
// (members.unplayed, decision 055) before a withdrawal of it is paid at once.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { depositReferences } from '../../db/schema/deposits.ts';
import { HOUSE } from './house-accounts.ts';
import { createLedger } from './ledger.service.ts';

export async function bookDeposit(
  db: Db,
  input: { memberId: number; amount: bigint; currency: string; idempotencyKey?: string; description?: string },
) {
  const { memberId, amount, currency } = input;
  const ledger = createLedger({ db });
  const wallet = await ledger.repo.memberAccount(memberId, 'WALLET');
  if (!wallet) throw new Error(`member ${memberId} has no WALLET`);
  const clearing = await ledger.houseAccountId(HOUSE.DEPOSITS_CLEARING, currency, memberId);
  await db.transaction(async (tx) => {
    const t = await ledger.open(tx, {
      memberId,
      type: 'DEPOSIT',
      status: 'SUCCESS',
      statementType: 'deposit',
      fromCode: 'BANK',
      toCode: 'WALLET',
      amount,
      currency,
      idempotencyKey: input.idempotencyKey ?? null,
      description: input.description ?? null,
      // Seed and test money, not a member's deposit: the deposit house rules do not run for it.
      metadata: { rulesApplied: true },
    });
    // The member row before the accounts: the lock order of every money path.
    await tx
      .update(members)
      .set({ unplayed: sql`${members.unplayed} + ${amount.toString()}::bigint` })
      .where(eq(members.id, memberId));
    await ledger.post(tx, t.id, [
      { accountId: clearing, amount: -amount },
      { accountId: wallet.id, amount },
    ]);
    await tx
      .insert(depositReferences)
      .values({ source: 'BANK', reference: `BOOKED:${t.id}`, memberId, transactionId: t.id });
  });
}
