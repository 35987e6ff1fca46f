// The statement (docs/product.md §3.5): a view over the member's transactions.
import { z } from 'zod';
import { ZPageRequest } from './http.ts';

export { statementPath, statementPaths } from './statement-paths.ts';

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/** SUCCESS, FAILED, anything else is in progress (PENDING, UNKNOWN). */
export const ZStatementStatus = z.string();

const ZLinkedDetail = z.object({ description: z.string() }).optional();

export const ZStatementEntry = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  status: ZStatementStatus,
  createdAt: z.string(),
  bonus: ZLinkedDetail,
  promotion: ZLinkedDetail,
  invite: ZLinkedDetail,
  refund: ZLinkedDetail,
  luckydraw: ZLinkedDetail,
});
export type TStatementEntry = z.infer<typeof ZStatementEntry>;

export const ZStatementRequest = ZPageRequest;
export const ZStatementResponse = z.object({ total: z.number(), statements: z.array(ZStatementEntry) });
export type TStatementResponse = z.infer<typeof ZStatementResponse>;

/** An uploaded slip: note is a slip reason code (SLIP_REASONS) when it FAILED. */
export const ZSlip = z.object({
  createdAt: z.string(),
  amount: z.number(),
  status: ZStatementStatus,
  note: z.string().nullable(),
  link: z.string().nullable(),
  reference: z.string(),
});
export type TSlip = z.infer<typeof ZSlip>;
export const ZSlipListRequest = ZPageRequest;
export const ZSlipListResponse = z.object({ total: z.number(), slips: z.array(ZSlip) });
export type TSlipListResponse = z.infer<typeof ZSlipListResponse>;
export const ZSlipReferenceParams = z.strictObject({ reference: z.string().trim().min(1).max(64) });
/** A url that shows the slip image to whoever holds it, for a few minutes (opened in a new tab). */
export const ZSlipReferenceResponse = z.object({ url: z.string() });
export type TSlipReferenceResponse = z.infer<typeof ZSlipReferenceResponse>;
