// Slip reason codes (docs/product.md §7) as the member reads them: the errors catalogue's `slip.*` messages.
import { SLIP_REASONS, type SlipReason } from '@krapao/contracts/errors';
import type { TFunction } from 'i18next';
import { codeText } from './api-error';

export function isSlipReason(code: unknown): code is SlipReason {
  return typeof code === 'string' && Object.hasOwn(SLIP_REASONS, code);
}

/** The user message of a slip note; any other note goes through the catalogue like a server message. */
export function slipReasonText(t: TFunction, note: string | null | undefined): string {
  if (!note) return '';
  return isSlipReason(note) ? t(`errors:slip.${SLIP_REASONS[note]}`) : codeText(t, note);
}
