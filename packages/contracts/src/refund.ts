// Cashback (docs/product.md §4.4): a share of net game losses per period.
import { z } from 'zod';
import { ZPageRequest } from './http.ts';

export const refundPaths = {
  list: '/api/refund',
  check: '/api/refund/check',
  receive: '/api/refund/receive',
  addWallet: '/api/refund/addWallet',
  banners: '/api/refund/banners',
} as const;

/**
 * result: there is cashback to receive or to add to the wallet; bonus: a condition is active
 * (receiving is refused); info: HTML; refundAmount: what receive would give now plus what waits
 * to be added; refundSuccess / refundFail: the condition percentages of an add to the wallet.
 */
export const ZRefundCheck = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.string(),
  refundAmount: z.number(),
  refundSuccess: z.number(),
  refundFail: z.number(),
  /** Received and waiting to be added to the wallet. */
  receivedAmount: z.number(),
});
export type TRefundCheck = z.infer<typeof ZRefundCheck>;
export const ZRefundListRequest = ZPageRequest;
export const ZRefundRow = z.object({ refundAmount: z.number(), createdAt: z.string() });
export const ZRefundListResponse = z.object({ total: z.number(), refunds: z.array(ZRefundRow) });
export type TRefundListResponse = z.infer<typeof ZRefundListResponse>;
/** receive and addWallet answer a message code (REFUND_SUCCESS…) and the amount moved. */
export const ZRefundActionResponse = z.object({ message: z.string(), amount: z.number() });
export type TRefundActionResponse = z.infer<typeof ZRefundActionResponse>;
