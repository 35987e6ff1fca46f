// A deposit limit chosen while registering: written in the transaction that creates the member,
// as a first limit set on the protection page would be (in force at once, LIMIT_SET event).
import { fromMinor } from '@krapao/contracts/money';
import type { ProtectionEventDetail } from '@krapao/contracts/ops/protection-events';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createProtectionRepository } from './protection.repository.ts';

/** `amount` in minor units of the member's currency; the member row is the one just inserted in `tx`. */
export async function setFirstDepositLimit(tx: Tx, memberId: number, amount: bigint, now: Date): Promise<void> {
  const repo = createProtectionRepository();
  const member = await repo.member(tx, memberId);
  if (!member) throw new AppError('invalid-token');
  if (amount <= 0n) throw new AppError('KEY_INVALID', { fields: ['depositLimitDay'] });
  const kind = 'DEPOSIT';
  const period = 'DAY';
  await repo.saveLimit(tx, { memberId, kind, period, amount, pendingAmount: null, pendingSince: null, updatedAt: now });
  const detail: ProtectionEventDetail<'LIMIT_SET'> = {
    kind,
    period,
    currency: member.currency,
    amount: fromMinor(amount, member.currency),
    previous: null,
    source: 'REGISTRATION',
  };
  await repo.event(tx, memberId, 'LIMIT_SET', detail, now);
}
