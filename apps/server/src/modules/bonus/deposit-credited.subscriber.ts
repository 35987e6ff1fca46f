// The credit condition's part of what follows a credited deposit: bonus subscribes to the deposit
// module's deposit-credited event at app start (app.ts), so deposit never imports bonus for it.
// The deposit's shape is declared here, as the event carries it (modules/deposit/deposit-credited.ts):
// bonus does not import deposit either, since deposit asks bonus before a deposit (bonus-rules.ts).
import type { AppContext } from '../../context.ts';
import { conditionAfterDeposit } from './bonus-rules.ts';

type CreditedDeposit = { memberId: number; amount: bigint; transactionId: number };

/** Raises an active condition by the deposit (idempotent per deposit transaction). */
export function conditionOnDepositCredited(ctx: AppContext) {
  return { credited: (deposit: CreditedDeposit) => conditionAfterDeposit(ctx, deposit) };
}
