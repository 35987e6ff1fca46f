// The rules a verified transfer must pass before it credits (docs/product.md §3.3; the slip reasons
// of §7), in the order they are checked. Pure functions: the processor feeds them.
import type { Currency } from '@krapao/contracts/constants';
import { PAYMENT_BANK_TYPE, SLIP_MAX_AGE_MS } from '@krapao/contracts/deposit';
import type { SlipReason } from '@krapao/contracts/errors';
import type { TDepositLookup } from '@krapao/contracts/lookup';
import { SLIP_SENDING_BANK, SLIP_TRANS_REF } from '@krapao/contracts/ops/slips';
import { validate } from 'promptparse';
import type { SlipQuery, SlipTransfer } from '../../../adapters/slip/slip-verifier.port.ts';

/**
 * The sending bank and transaction reference of a slip mini-QR, or null when the text is not a
 * slip-verification payload (another QR, a bad checksum, a malformed reference). A checksum a bank
 * app printed without its leading zero is padded, as the payload library does for real slips.
 */
export function parseSlipQr(text: string): SlipQuery | null {
  let parsed: SlipQuery | null;
  try {
    parsed = validate.slipVerify(text);
  } catch {
    return null;
  }
  if (!parsed || !SLIP_SENDING_BANK.test(parsed.sendingBank) || !SLIP_TRANS_REF.test(parsed.transRef)) return null;
  return { sendingBank: parsed.sendingBank, transRef: parsed.transRef };
}

/** The deposit_references key of a bank transfer: slips and the bank feed share it. */
export function bankReferenceOf(q: SlipQuery): string {
  return `${q.sendingBank}:${q.transRef}`;
}

const digits = (accountNo: string) => accountNo.replace(/\D/g, '');

export type SlipMember = {
  currency: Currency;
  bankAccount: { bankCode: string; accountNo: string } | null;
};

/** The first rule the transfer breaks, or null when it may credit. */
export function slipRuleBroken(
  transfer: SlipTransfer,
  member: SlipMember,
  houseBanks: TDepositLookup['banks'],
  uploadedAt: Date,
): SlipReason | null {
  const toHouse = houseBanks.some(
    (b) =>
      b.bankType !== PAYMENT_BANK_TYPE &&
      b.currency === member.currency &&
      b.bankCode === transfer.toBankCode &&
      digits(b.bankAccountNo) !== '' &&
      digits(b.bankAccountNo) === digits(transfer.toAccountNo),
  );
  if (!toHouse || transfer.currency !== member.currency) return 'DEST_ACC_INVALID';
  const from = member.bankAccount;
  if (!from || from.bankCode !== transfer.fromBankCode || digits(from.accountNo) !== digits(transfer.fromAccountNo)) {
    return 'NOT_MATCH';
  }
  if (transfer.occurredAt.getTime() < uploadedAt.getTime() - SLIP_MAX_AGE_MS) return 'EXPIRED_SLIP';
  if (transfer.amount <= 0n) return 'INVALID_SLIP';
  return null;
}
