// How one statement entry reads (docs/product.md §3.5): sign, description source, status.
import { STATEMENT_SIGN } from '@krapao/contracts/constants';
import type { TStatementEntry } from '@krapao/contracts/statement';
import { formatNumber } from '../../../lib/format';

/**
 * deposit and bonus +, withdraw -, transfer and anything else unsigned: +100.00, -100.00, 100.00.
 * A bonus that ended taking money back out of the wallet (a finish_bonus row from WALLET) is money
 * out, so it reads -20.00.
 */
export function signedAmount(entry: Pick<TStatementEntry, 'statementType' | 'amount' | 'from'>): string {
  const isTakeBack = entry.statementType === 'finish_bonus' && entry.from === 'WALLET' && entry.amount !== 0;
  const sign = isTakeBack ? '-' : ((STATEMENT_SIGN as Record<string, string>)[entry.statementType] ?? '');
  return `${sign}${formatNumber(Math.abs(entry.amount))}`;
}

const LINKED = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;

/** The linked bonus, promotion, invite, refund or lucky-draw description, when the entry has one. */
export function linkedDescription(entry: Partial<Pick<TStatementEntry, (typeof LINKED)[number]>>): string | null {
  for (const key of LINKED) {
    const description = entry[key]?.description;
    if (description) return description;
  }
  return null;
}
