import { TRUE_WALLET_MIN_DEPOSIT } from '@krapao/contracts/constants';
import { AUTO_MODE } from '@krapao/contracts/deposit';
import type { TDepositLookup } from '@krapao/contracts/lookup';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatAccountNo } from '../../../lib/format';
import { TruemoneyLinkForm } from './truemoney-link-form';

type TDepositWallet = TDepositLookup['wallets'][number];

type TruemoneySectionProps = {
  wallets: TDepositWallet[];
  /** The house's minimum deposit (deposit lookup); the text shows the larger of it and 2 baht. */
  minimumDeposit: number;
  onDone: () => void;
};

function AutoWallet({ wallet }: { wallet: TDepositWallet }) {
  const { t } = useTranslation('depositMethods');
  const number = wallet.walletAccountNo ?? '';
  return (
    <div
      data-testid="truewallet-auto"
      className="flex flex-col gap-2 rounded-xl border border-white/10 bg-ink-800/60 p-3"
    >
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-white/55">{t('trueWallet.accountName')}</dt>
          <dd className="text-right font-medium text-white">{wallet.walletAccountName}</dd>
        </div>
        {number ? (
          <div className="flex items-center justify-between gap-3">
            <dt className="text-white/55">{t('trueWallet.accountNo')}</dt>
            <dd className="flex items-center gap-1 font-semibold tracking-wide text-gold-200">
              <span data-testid="truewallet-number">{formatAccountNo(number)}</span>
              <CopyButton text={number} testId="truewallet-copy" />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="text-xs text-white/65">{t('trueWallet.autoInstruction')}</p>
    </div>
  );
}

/**
 * TrueMoney (docs/product.md §3.3): AUTO wallets show where to send from the registered phone; any other
 * mode takes gift links (one form, whichever gift wallet the server picks).
 */
export function TruemoneySection({ wallets, minimumDeposit, onDone }: TruemoneySectionProps) {
  const { t } = useTranslation('depositMethods');
  if (wallets.length === 0) return null;
  const auto = wallets.filter((wallet) => wallet.mode === AUTO_MODE);
  const gift = wallets.find((wallet) => wallet.mode !== AUTO_MODE);
  const minimum = Math.max(TRUE_WALLET_MIN_DEPOSIT, minimumDeposit);

  return (
    <section data-testid="truewallet-section" className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold text-gold-200">{t('trueWallet.title')}</h3>
        <p data-testid="truewallet-minimum" className="text-xs text-white/60">
          {t('trueWallet.minimum', { amount: minimum })}
        </p>
      </div>
      {auto.map((wallet) => (
        <AutoWallet key={`${wallet.walletAccountName}-${wallet.walletAccountNo ?? ''}`} wallet={wallet} />
      ))}
      {gift ? <TruemoneyLinkForm walletName={gift.walletAccountName} onDone={onDone} /> : null}
    </section>
  );
}
