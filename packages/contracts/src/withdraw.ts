// Withdrawals (spec §3, §5, §7; DESIGN §6): to the member's registered bank account only.
import { z } from 'zod';
import { ZAmount } from './wallet.ts';

export const withdrawPaths = {
  withdraw: '/api/wallet/withdraw',
  /** The one the withdraw modal uses (spec §7). */
  withdrawAll: '/api/wallet/withdrawAll',
} as const;

export const ZWithdrawRequest = z.strictObject({ amount: ZAmount });
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

/**
 * The amount is held at once. status PENDING: waiting for approval or the payout; SUCCESS: paid.
 * The statement shows the withdraw row in progress until it is paid (or FAILED, money back).
 */
export const ZWithdrawResponse = z.object({
  message: z.literal('SUCCESS'),
  status: z.enum(['PENDING', 'SUCCESS']),
  withdrawId: z.string(),
  amount: z.number(),
});
export type TWithdrawResponse = z.infer<typeof ZWithdrawResponse>;
