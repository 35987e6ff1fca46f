// Wire-level names shared by the SPA client and the server.
import { z } from 'zod';

export { IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, WALLET_USER_HEADER, WALLET_USER_VALUE } from './http-headers.ts';

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
