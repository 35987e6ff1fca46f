// The payout bank port (decision 046): pays a withdrawal to the member's registered account.
// Every call carries our withdrawal id, so the bank pays it at most once and can tell us later
// what became of it; a retry of a paid id answers the first payment's reference.

export type PayoutRequest = {
  withdrawalId: number;
  /** Our payout attempt's unique key (one per call we make), for the bank's records. */
  requestKey?: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
};

export type PayoutReceipt = { ref: string };

/** What the bank's books say about one of our withdrawal ids. */
export type PayoutState = { state: 'PAID'; ref: string } | { state: 'NOT_FOUND' } | { state: 'CANCELLED' };

/** How long one call may take before we stop waiting (the request path waits less than the worker). */
export type CallOptions = { timeoutMs?: number };

export type PayoutAdapter = {
  /** Pays once per withdrawalId. Throws PayoutRejected (definitive) or PayoutUnavailable (no answer). */
  pay(request: PayoutRequest, opts?: CallOptions): Promise<PayoutReceipt>;
  status(withdrawalId: number, opts?: CallOptions): Promise<PayoutState>;
  /**
   * Voids a withdrawal id so a late request carrying it is refused; answers the final state:
   * CANCELLED, or PAID when the payment had already gone through.
   */
  cancel(withdrawalId: number, opts?: CallOptions): Promise<{ state: 'CANCELLED' } | { state: 'PAID'; ref: string }>;
};

/** The bank refused: nothing was paid and nothing will be (closed account, voided id…). */
export class PayoutRejected extends Error {
  constructor(readonly reason: string) {
    super(`payout rejected: ${reason}`);
    this.name = 'PayoutRejected';
  }
}

/** No definite answer (timeout, 5xx, lost response): the payment may or may not have been made. */
export class PayoutUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`payout bank unavailable: ${reason}`);
    this.name = 'PayoutUnavailable';
  }
}
