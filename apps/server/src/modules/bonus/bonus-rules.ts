// The credit condition's part of the deposit house rules (docs/product.md §4.2): asked before a deposit
// (deposit-rules.ts) and told after one (deposit-credited.subscriber.ts).
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createCreditConditions } from './credit-condition.ts';

/**
 * While a condition is active: no new deposit and no withdrawal. Both answer BONUS_REMAINING
 * ("you still have an unfinished bonus…"), which tells the member what to do (decision in the report).
 */
export async function refuseWhileConditionActive(ctx: AppContext, memberId: number): Promise<void> {
  if (await createCreditConditions(ctx).active(memberId)) throw new AppError('BONUS_REMAINING');
}

/** A deposit credited during a condition raises it, then the condition is evaluated on the new balance. */
export async function conditionAfterDeposit(
  ctx: AppContext,
  deposit: { memberId: number; amount: bigint; transactionId: number },
): Promise<void> {
  const conditions = createCreditConditions(ctx);
  await conditions.raiseOnDeposit(deposit);
  await conditions.evaluate(deposit.memberId);
}
