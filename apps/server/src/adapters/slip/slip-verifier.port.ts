// The slip verifier (decision 043): given a slip's mini-QR (sending bank + transaction reference), the
// bank's word on the transfer. The sandbox reads the house's bank feed; a real one calls a
// slip-verification API or scrapes the bank. A call that errors or times out throws
// SlipVerifierUnavailable: the slip is checked again later, never guessed.
import type { Currency } from '@krapao/contracts/constants';

export type SlipQuery = { sendingBank: string; transRef: string };

export type SlipTransfer = {
  fromBankCode: string;
  fromAccountNo: string;
  toBankCode: string;
  toAccountNo: string;
  /** Minor units of `currency`. */
  amount: bigint;
  currency: Currency;
  occurredAt: Date;
};

export type SlipVerdict =
  | { kind: 'FOUND'; transfer: SlipTransfer }
  /** The bank has no such transfer. */
  | { kind: 'NOT_FOUND' }
  /** The bank has not shown it yet: ask again later. */
  | { kind: 'DELAYED' }
  /** The bank's captcha was answered wrong three times in a row. */
  | { kind: 'CAPTCHA' };

export type SlipVerifier = {
  verify(query: SlipQuery): Promise<SlipVerdict>;
};

/** The verifier did not answer (timeout, 5xx, connection lost). */
export class SlipVerifierUnavailable extends Error {
  constructor(readonly reason: 'timeout' | 'error5xx') {
    super(`slip verifier unavailable: ${reason}`);
    this.name = 'SlipVerifierUnavailable';
  }
}
