// A settled bank deposit into a member's WALLET, booked against DEPOSITS_CLEARING: the demo seed
// uses it, and the deposits work will credit confirmed transfers through it.
import type { Db } from '../../db/client.ts';
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
    await ledger.post(tx, t.id, [
      { accountId: clearing, amount: -amount },
      { accountId: wallet.id, amount },
    ]);
  });
}
