// The TrueMoney port (decision 045): gift vouchers (verify, redeem into the house wallet) and the house
// wallet's incoming money (redeemed vouchers and phone-to-wallet transfers, AUTO mode). Amounts are
// bigint satang. A voucher is redeemed at most once, by whoever comes first.
import type { Tx } from '../../db/client.ts';

export type VoucherStatus = 'AVAILABLE' | 'REDEEMED' | 'EXPIRED';

export type Voucher = {
  hash: string;
  amount: bigint;
  status: VoucherStatus;
  /** The reference passed to the redeem that took it (our member id), or null. */
  redeemedBy: string | null;
};

export type RedeemResult =
  | { outcome: 'REDEEMED'; amount: bigint }
  | { outcome: 'ALREADY_REDEEMED'; redeemedBy: string | null }
  | { outcome: 'EXPIRED' }
  | { outcome: 'NOT_FOUND' };

/** Money that reached the house wallet and that we have not processed yet. */
export type IncomingMoney =
  | { kind: 'VOUCHER'; ref: string; amount: bigint; redeemedBy: string | null; at: Date }
  | { kind: 'TRANSFER'; ref: string; amount: bigint; fromPhone: string; at: Date };
export type IncomingKind = IncomingMoney['kind'];

export type TruemoneyAdapter = {
  /** The voucher of a gift link, or null when TrueMoney does not know it. */
  verify(voucherHash: string): Promise<Voucher | null>;
  /**
   * Redeems the voucher into `housePhone`'s wallet. `redeemedBy` (our member id) travels with the
   * call and is kept on the voucher, so a redeem whose answer was lost is still credited to its member.
   */
  redeem(voucherHash: string, housePhone: string, redeemedBy: string): Promise<RedeemResult>;
  /**
   * Up to `limit` unprocessed incoming items, oldest first, locked for the caller's transaction
   * (rows another transaction holds are skipped, so parallel sweeps never take the same item).
   */
  incoming(tx: Tx, opts: { limit: number; kinds: readonly IncomingKind[] }): Promise<IncomingMoney[]>;
  /** Our bookkeeping: the item was looked at (credited or not), in the caller's transaction. */
  markProcessed(tx: Tx, ref: string, outcome: string): Promise<void>;
};

/** No definite answer (timeout, 5xx, lost response): the call may or may not have been applied. */
export class TruemoneyUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`truemoney unavailable: ${reason}`);
    this.name = 'TruemoneyUnavailable';
  }
}

/** The gift link of a voucher, as TrueMoney shares it. */
export const GIFT_LINK_PREFIX = 'https://gift.truemoney.com/campaign/?v=';
export const giftLink = (voucherHash: string) => `${GIFT_LINK_PREFIX}${voucherHash}`;
