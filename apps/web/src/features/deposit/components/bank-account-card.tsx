import { AUTO_MODE } from '@krapao/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../../../components/ui/icons';
import { formatAccountNo } from '../../../lib/format';
import { bankDisplayName } from '../lib/bank-name';
import type { DepositBank } from '../lib/deposit-channels';
import { BankLogo } from './bank-logo';

type BankAccountCardProps = { bank: DepositBank; showCurrency: boolean; onCopy: (accountNo: string) => void };

const BADGE = 'rounded-full px-2 py-0.5 text-[10px] font-semibold';

/** A house account to transfer to: logo, bank name, holder, number grouped 3-3-rest, copy. */
export function BankAccountCard({ bank, showCurrency, onCopy }: BankAccountCardProps) {
  const { t, i18n } = useTranslation('deposit');
  const isAuto = bank.mode === AUTO_MODE;
  return (
    <li
      data-testid={`bank-account-${bank.bankCode}`}
      className="flex gap-3 rounded-xl border border-white/10 bg-ink-800/70 p-3"
    >
      <BankLogo code={bank.bankCode} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <p className="truncate text-sm font-semibold text-white">{bankDisplayName(bank.bank, i18n.language)}</p>
          <span
            data-testid={`bank-mode-${bank.bankCode}`}
            className={`${BADGE} ${isAuto ? 'bg-emerald-500/15 text-emerald-300' : 'bg-white/10 text-white/60'}`}
          >
            {isAuto ? t('account.auto') : t('account.manual')}
          </span>
          {showCurrency ? (
            <span className={`${BADGE} bg-gold-500/15 text-gold-200`}>{t(`currency.${bank.currency}`)}</span>
          ) : null}
        </div>
        <p className="mt-0.5 truncate text-xs text-white/60">
          {t('account.holder')}: <span className="text-white/85">{bank.bankAccountName}</span>
        </p>
        <div className="mt-1.5 flex items-center justify-between gap-2">
          <span className="font-mono text-base font-semibold tracking-wider text-gold-200">
            {formatAccountNo(bank.bankAccountNo)}
          </span>
          <button
            type="button"
            onClick={() => onCopy(bank.bankAccountNo)}
            data-testid={`bank-copy-${bank.bankCode}`}
            aria-label={t('account.copy')}
            className="inline-flex items-center gap-1 rounded-lg border border-gold-500/40 px-2.5 py-1.5 text-xs font-medium text-gold-200 hover:bg-gold-500/10"
          >
            <CopyIcon size={16} />
            <span>{t('common:copy.action')}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
