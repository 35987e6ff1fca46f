// What the member reads after a slip upload: credited, still being checked, or the
// slip reason; an HTTP error reads as its catalogue message.
import type { TSlipUploadResponse } from '@krapao/contracts/deposit';
import { statusLabel } from '@krapao/contracts/errors';
import type { TFunction } from 'i18next';
import { ApiError, errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { isSlipReason, slipReasonText } from '../../../lib/slip-reason';

export type SlipOutcome = { tone: 'success' | 'processing' | 'failed'; text: string };

export function slipOutcome(t: TFunction, answer: TSlipUploadResponse): SlipOutcome {
  const tone = statusLabel(answer.status);
  if (tone === 'success') {
    return { tone, text: t('depositMethods:slip.credited', { amount: formatNumber(answer.amount) }) };
  }
  if (tone === 'failed') {
    return { tone, text: slipReasonText(t, answer.note) || t('depositMethods:slip.failed') };
  }
  return { tone, text: t('depositMethods:slip.pending') };
}

/** A refusal may carry a slip reason as its code or as `note` in the body. */
export function slipErrorOutcome(t: TFunction, err: unknown): SlipOutcome {
  if (err instanceof ApiError) {
    const note = (err.body as { note?: unknown } | null)?.note;
    if (isSlipReason(err.code)) return { tone: 'failed', text: slipReasonText(t, err.code) };
    if (isSlipReason(note)) return { tone: 'failed', text: slipReasonText(t, note) };
  }
  return { tone: 'failed', text: errorText(t, err) };
}
