import type { TDepositSetting, TSettingsPage } from '@krapao/contracts/ops/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Button } from '../../../components/ui/button';
import { ChangeDialog } from './change-dialog';
import { WalletFormDialog } from './wallet-form-dialog';

type Open = { kind: 'form'; index: number | null } | { kind: 'save'; title: string; deposit: TDepositSetting } | null;

/** The TrueMoney wallets members deposit to (`deposit.wallets`), saved with the rest of the deposit setting. */
export function WalletsSection({ page }: { page: TSettingsPage }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const { wallets } = page.deposit;
  const remove = (index: number) => {
    const wallet = wallets[index];
    if (!wallet) return;
    setOpen({
      kind: 'save',
      title: `${t('wallets.remove')} ${wallet.walletAccountName}`,
      deposit: { ...page.deposit, wallets: wallets.filter((_, i) => i !== index) },
    });
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="wallets">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('wallets.title')}</h2>
        <Button small onClick={() => setOpen({ kind: 'form', index: null })}>
          {t('wallets.add')}
        </Button>
      </div>
      <LastChange ns="settings" change={page.lastChanges.deposit} />
      {wallets.length === 0 ? <p className="text-sm text-slate-500">{t('wallets.none')}</p> : null}
      <table className="w-full text-left text-sm">
        <tbody>
          {wallets.map((w, index) => (
            <tr
              key={`${w.mode}-${w.walletAccountNo ?? ''}-${w.walletAccountName}`}
              className="border-t border-slate-100"
              data-testid="wallet"
            >
              <td className="py-2">{t(`wallets.${w.mode === 'AUTO' ? 'auto' : 'gift'}`)}</td>
              <td>{w.walletAccountName}</td>
              <td>{w.walletAccountNo ?? '—'}</td>
              <td className="flex justify-end gap-1 py-2">
                <Button small variant="ghost" onClick={() => setOpen({ kind: 'form', index })}>
                  {t('wallets.edit')}
                </Button>
                <Button small variant="secondary" onClick={() => remove(index)}>
                  {t('wallets.remove')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open?.kind === 'form' ? (
        <WalletFormDialog
          page={page}
          index={open.index}
          onClose={close}
          onNext={(deposit) =>
            setOpen({ kind: 'save', title: t(open.index === null ? 'wallets.add' : 'wallets.edit'), deposit })
          }
        />
      ) : null}
      {open?.kind === 'save' ? (
        <ChangeDialog title={open.title} change={{ key: 'deposit', value: open.deposit }} onClose={close} />
      ) : null}
    </section>
  );
}
