// The bank's statement of the house's receiving accounts (decision 044): where transfers into the house
// show up. The sweep credits from it, the slip verifier checks slips against it. The sandbox keeps
// it in `sandbox_bank_feed`; a real bank's statement API slots in behind the same port.
import type { Currency } from '@krapao/contracts/constants';
import type { Tx } from '../../db/client.ts';
import type { BankFeedFaultControl } from './faults.ts';

export type BankTransferInput = {
  fromBankCode: string;
  fromAccountNo: string;
  toAccountNo: string;
  /** Minor units of `currency`. */
  amount: bigint;
  currency: Currency;
  occurredAt?: Date;
};

/** One transfer on the statement, with the identity its slip's mini-QR carries. */
export type FeedTransfer = {
  id: number;
  /** 3-digit id of the sending bank (slip mini-QR). */
  sendingBank: string;
  transRef: string;
  fromBankCode: string;
  fromAccountNo: string;
  /** The house account's bank, or UNKNOWN_BANK when the account is not one of the house's. */
  toBankCode: string;
  toAccountNo: string;
  amount: bigint;
  currency: Currency;
  occurredAt: Date;
  /** The statement shows the transfer only from then (bank delay). */
  visibleAt: Date;
  processedAt: Date | null;
};

export const UNKNOWN_BANK = 'UNKNOWN';

/** The bank's statement could not be read (a 5xx): try again later, nothing is lost. */
export class BankFeedUnavailable extends Error {
  constructor() {
    super('bank feed unavailable (5xx)');
    this.name = 'BankFeedUnavailable';
  }
}

/** A transfer from a bank the sandbox does not know. */
export class UnknownBankError extends Error {
  constructor(readonly bankCode: string) {
    super(`unknown bank ${bankCode}`);
    this.name = 'UnknownBankError';
  }
}

export type BankFeed = {
  /** The sandbox bank records a transfer (dev tools and tests stand in for the member's bank app). */
  recordTransfer(input: BankTransferInput): Promise<FeedTransfer>;
  /** Visible, not yet processed transfers, oldest first. Throws BankFeedUnavailable on a 5xx. */
  listUnprocessed(limit: number): Promise<FeedTransfer[]>;
  /**
   * The transfer the statement shows under this identity (sending bank id + transaction reference),
   * or null when the statement does not show it (unknown, or not visible yet). Throws
   * BankFeedUnavailable on a 5xx: the caller decides nothing on it.
   */
  findTransfer(q: { sendingBank: string; transRef: string }): Promise<FeedTransfer | null>;
  /**
   * Takes one listed transfer for the caller's transaction (row lock, SKIP LOCKED): null when another
   * sweep holds it or it was processed meanwhile. Mark it processed in the same transaction.
   */
  claim(tx: Tx, id: number): Promise<FeedTransfer | null>;
  markProcessed(id: number, tx?: Tx): Promise<boolean>;
  /** Processed transfers from one account for one amount, visible within [from, to]: late notices. */
  processedFrom(
    q: { fromBankCode: string; fromAccountNo: string; amount: bigint; currency: Currency; from: Date; to: Date },
    limit: number,
  ): Promise<FeedTransfer[]>;
  faults: BankFeedFaultControl;
};
