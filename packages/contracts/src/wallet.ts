// Wallet, game accounts and transfers (docs/product.md §3.1, §3.2).
import { z } from 'zod';
import { ZBankAccount } from './account.ts';
import { GAME_CATEGORIES } from './games.ts';

export { walletPath, walletPaths } from './wallet-paths.ts';

/** A money amount on the wire: a finite decimal number (the service checks minimums and places). */
export const ZAmount = z.number().finite().min(-1e12).max(1e12);

/** WALLET or a game code. */
export const ZAccountCode = z.string().trim().min(1).max(32);
export const ZSlotCodeParams = z.strictObject({ slotCode: ZAccountCode });

export const ZSlot = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  amount: z.number(),
  isActive: z.boolean(),
  ftWalletSlot: z.number(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
  /** Present only while the game is under maintenance: money may come out of it but not go in. */
  maintenanceMessage: z.string().optional(),
  /** Present only on a game turned off that still holds the member's account: money may only come out. */
  isOff: z.literal(true).optional(),
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZWalletResponse = z.object({
  profile: z.object({ name: z.string(), username: z.string(), _id: z.string(), coin: z.number() }),
  bankAccount: ZBankAccount.nullable(),
  wallet: z.object({ amount: z.number() }),
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(ZSlot),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

export const ZRefreshSlotResponse = z.object({ message: z.literal('SUCCESS'), slots: z.array(ZSlot) });
export type TRefreshSlotResponse = z.infer<typeof ZRefreshSlotResponse>;

/** Game account credentials; `event` is the form state used only for the UFABET login. */
export const ZGameAccount = z.object({
  username: z.string(),
  password: z.string(),
  event: z.record(z.string(), z.string()).nullable(),
});
export type TGameAccount = z.infer<typeof ZGameAccount>;
export const ZActivateResponse = ZGameAccount.extend({ message: z.literal('SUCCESS') });
export type TActivateResponse = z.infer<typeof ZActivateResponse>;

export const ZTransferRequest = z.strictObject({ from: ZAccountCode, to: ZAccountCode, amount: ZAmount });
export type TTransferRequest = z.infer<typeof ZTransferRequest>;
export const ZTransferAllRequest = z.strictObject({ to: ZAccountCode });
export type TTransferAllRequest = z.infer<typeof ZTransferAllRequest>;

/**
 * SUCCESS: settled. PENDING: the provider did not answer in time; the transfer settles by
 * reconciliation and the statement shows it in progress. A refused transfer is TRANSFER_FAIL.
 */
export const ZTransferResponse = z.object({
  message: z.enum(['SUCCESS', 'PENDING']),
  status: z.enum(['SUCCESS', 'PENDING']),
  transferId: z.string(),
  amount: z.number(),
});
export type TTransferResponse = z.infer<typeof ZTransferResponse>;

export const ZAutoLoginResponse = z.object({ link: z.string() });
export type TAutoLoginResponse = z.infer<typeof ZAutoLoginResponse>;
