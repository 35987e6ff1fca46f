// The transfer form's client rules: both accounts chosen, different, then the amount at
// least MIN_TRANSFER with at most two decimal places. One problem shows at a time, in that order.
import { MIN_TRANSFER } from '@krapao/contracts/constants';
import { ZMoneyInput } from '@krapao/contracts/money-input';
import { z } from 'zod';

export type TransferForm = { from: string; to: string; amount: string };

const ZTransferAccounts = z.object({ from: z.string(), to: z.string(), amount: z.string() }).check((ctx) => {
  const { from, to } = ctx.value;
  const problem = !from || !to ? 'selectAccount' : from === to ? 'sameAccount' : null;
  if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['to'], input: ctx.value });
});

/** The form's text in, the wire's TTransferRequest out; each issue's message names the problem. */
export const transferFormSchema = ZTransferAccounts.pipe(
  z.object({ from: z.string(), to: z.string(), amount: ZMoneyInput({ min: MIN_TRANSFER }) }),
);
