import type { TBankAccount } from '@krapao/contracts/account';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccountNo, formatBankName, formatNumber } from '../../../lib/format';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-white/55">{label}</dt>
      <dd data-testid={testId} className="text-right font-medium break-all text-white">
        {value}
      </dd>
    </div>
  );
}

type WithdrawAccountProps = { walletAmount: number; bankAccount: TBankAccount | null };

/** The balance the money leaves and the registered account it is paid to (docs/product.md §3.4). */
export function WithdrawAccount({ walletAmount, bankAccount }: WithdrawAccountProps) {
  const { t, i18n } = useTranslation('withdraw');
  const bankName = bankAccount
    ? (i18n.language === 'en' ? bankAccount.bank.nameEN : bankAccount.bank.nameTH) || bankAccount.bankCode
    : '';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between rounded-xl bg-ink-800/70 px-3 py-2.5">
        <span className="text-sm text-white/65">{t('balance')}</span>
        <span data-testid="withdraw-balance" className="text-lg font-bold text-gold-300">
          {formatNumber(walletAmount)}
        </span>
      </div>
      {bankAccount ? (
        <div className="rounded-xl border border-white/10 px-3 py-2.5">
          <p className="mb-2 text-xs text-white/55">{t('to')}</p>
          <dl className="flex flex-col gap-1.5 text-sm">
            <Row label={t('bank')} value={bankName} testId="withdraw-bank-name" />
            <Row
              label={t('holder')}
              value={formatBankName(bankAccount.bankAccountName)}
              testId="withdraw-bank-holder"
            />
            <Row
              label={t('accountNo')}
              value={formatAccountNo(bankAccount.bankAccountNo)}
              testId="withdraw-bank-number"
            />
          </dl>
        </div>
      ) : (
        <p data-testid="withdraw-no-bank" role="alert" className="text-sm text-rose-300">
          {t('noBank')}
        </p>
      )}
    </div>
  );
}
