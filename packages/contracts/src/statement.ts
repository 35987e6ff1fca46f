// The statement (spec §3, §7): a view over the member's transactions.
import { z } from 'zod';
import { ZPageRequest } from './http.ts';

export const statementPaths = {
  statement: '/api/statement',
  slip: '/api/statement/slip',
  slipReference: '/api/statement/slip/reference/:reference',
} as const;

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
