// Wire-level names shared by the SPA client and the server.
import { z } from 'zod';

/** The header that marks the requester as a wallet user. Accepted, never required (decision 001). */
export const WALLET_USER_HEADER = 'x-wallet-user';
export const WALLET_USER_VALUE = 'true';
/** One key per user action on every call that moves money or changes state (docs/architecture.md §3.1). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Every error: `{ message: CODE, ...details }` (docs/product.md §7). */
export const ZErrorResponse = z.looseObject({ message: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZPageRequest = z.strictObject({
  page: z.number().int().min(1).max(1_000_000),
  limit: z.number().int().min(1).max(100),
});
export type TPageRequest = z.infer<typeof ZPageRequest>;
