import { PAYMENT_BANK_TYPE } from '@krapao/contracts/deposit';
import type { TDepositSetting, TSettingsPage } from '@krapao/contracts/ops/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Button } from '../../../components/ui/button';
import { money } from '../../../lib/format';
import { AccountFormDialog } from './account-form-dialog';
import { ChangeDialog } from './change-dialog';

type Open = { kind: 'form'; index: number | null } | { kind: 'save'; title: string; deposit: TDepositSetting } | null;

/**
 * What an account received today against its daily cap. At the cap members no longer see the
 * account until the next day; money still sent to it is credited.
 */
function ReceivedToday({ received, entry }: { received: number; entry: TSettingsPage['deposit']['banks'][number] }) {
  const { t } = useTranslation('settings');
  const { dailyCap, currency } = entry;
  if (dailyCap === null) {
    return (
      <span data-testid="received-today">
        {money(received, currency)} · <span className="text-slate-500">{t('accounts.noCap')}</span>
      </span>
    );
  }
  const reached = received >= dailyCap;
  const percent = dailyCap === 0 ? 100 : Math.min(100, Math.round((received / dailyCap) * 100));
  return (
    <div data-testid="received-today" className="flex min-w-32 flex-col gap-1">
      <span>
        {money(received, currency)} / {dailyCap.toLocaleString('en-US')}
      </span>
      <div
        role="progressbar"
        aria-label={t('accounts.receivedToday')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full rounded bg-slate-100"
      >
        <div className={`h-1.5 rounded ${reached ? 'bg-rose-500' : 'bg-teal-600'}`} style={{ width: `${percent}%` }} />
      </div>
      {reached ? <span className="text-xs text-rose-700">{t('accounts.capReached')}</span> : null}
    </div>
  );
}

/** The house's receiving accounts and the QR gateways (the `deposit` setting; wallets have their own section). */
export function AccountsSection({ page }: { page: TSettingsPage }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const { banks } = page.deposit;
  const toggle = (index: number) => {
    const entry = banks[index];
    if (!entry) return;
    const next = banks.map((b, i) => (i === index ? { ...b, isEnabled: !b.isEnabled } : b));
    const title = t(entry.isEnabled ? 'accounts.turnOff' : 'accounts.turnOn');
    setOpen({ kind: 'save', title: `${title} ${entry.bankCode}`, deposit: { ...page.deposit, banks: next } });
  };
  const accounts = banks.map((b, index) => ({ b, index })).filter(({ b }) => b.bankType !== PAYMENT_BANK_TYPE);
  const gateways = banks.map((b, index) => ({ b, index })).filter(({ b }) => b.bankType === PAYMENT_BANK_TYPE);
  const state = (isEnabled: boolean) => (
    <span className={isEnabled ? 'text-teal-700' : 'text-slate-400'}>{t(isEnabled ? 'on' : 'off')}</span>
  );

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{t('accounts.title')}</h2>
        <Button small onClick={() => setOpen({ kind: 'form', index: null })}>
          {t('accounts.add')}
        </Button>
      </div>
      <LastChange ns="settings" change={page.lastChanges.deposit} />
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1">{t('accounts.bank')}</th>
            <th>{t('accounts.accountNo')}</th>
            <th>{t('accounts.mode')}</th>
            <th>{t('accounts.receivedOfCap')}</th>
            <th>{t('accounts.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {accounts.map(({ b, index }) => (
            <tr
              key={`${b.bankCode}-${b.bankAccountNo}`}
              className="border-t border-slate-100"
              data-testid="house-account"
            >
              <td className="py-2">{b.bankCode}</td>
              <td>
                {b.bankAccountNo}
                <div className="text-xs text-slate-500">{b.bankAccountName}</div>
              </td>
              <td>{t(`mode.${b.mode}`)}</td>
              <td>
                <ReceivedToday received={page.receivedToday[index] ?? 0} entry={b} />
              </td>
              <td>{state(b.isEnabled)}</td>
              <td className="flex justify-end gap-1 py-2">
                <Button small variant="ghost" onClick={() => setOpen({ kind: 'form', index })}>
                  {t('accounts.edit')}
                </Button>
                <Button small variant="secondary" onClick={() => toggle(index)}>
                  {t(b.isEnabled ? 'accounts.turnOff' : 'accounts.turnOn')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="font-medium text-slate-900">{t('gateways.title')}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {gateways.map(({ b, index }) => (
          <li key={b.bankCode} className="flex items-center justify-between gap-2" data-testid="gateway">
            <span>
              {b.bankCode} · {state(b.isEnabled)}
            </span>
            <Button small variant="secondary" onClick={() => toggle(index)}>
              {t(b.isEnabled ? 'accounts.turnOff' : 'accounts.turnOn')}
            </Button>
          </li>
        ))}
      </ul>
      {open?.kind === 'form' ? (
        <AccountFormDialog
          page={page}
          index={open.index}
          onClose={close}
          onNext={(deposit) =>
            setOpen({ kind: 'save', title: t(open.index === null ? 'accounts.add' : 'accounts.edit'), deposit })
          }
        />
      ) : null}
      {open?.kind === 'save' ? (
        <ChangeDialog title={open.title} change={{ key: 'deposit', value: open.deposit }} onClose={close} />
      ) : null}
    </section>
  );
}
