// What the sandbox bank can be told to do wrong: show new transfers only after a delay
// (the "bank delay" a slip verifier meets), and answer 5xx when the statement is read.
import { z } from 'zod';

/** PUT /dev/payment-faults/bank-feed: the whole setting, replacing the previous one. */
export const ZBankFeedFaults = z.strictObject({
  /** New transfers appear on the statement this long after they are made. */
  delayMs: z.number().int().min(0).max(86_400_000).default(0),
  /** While true, reading the statement (listing it, looking a transfer up) fails as a 5xx would. */
  listError5xx: z.boolean().default(false),
});
export type BankFeedFaultsInput = z.input<typeof ZBankFeedFaults>;
export type BankFeedFaults = z.output<typeof ZBankFeedFaults>;

export function createBankFeedFaults() {
  let faults: BankFeedFaults = ZBankFeedFaults.parse({});
  return {
    set(input: BankFeedFaultsInput): BankFeedFaults {
      faults = ZBankFeedFaults.parse(input);
      return { ...faults };
    },
    get: (): BankFeedFaults => ({ ...faults }),
    reset() {
      faults = ZBankFeedFaults.parse({});
    },
  };
}
export type BankFeedFaultControl = ReturnType<typeof createBankFeedFaults>;
