import { CURRENCIES, type Currency } from '@krapao/contracts/constants';
import {
  type PageSetting,
  type TSettingsPage,
  ZDepositMinimums,
  ZSlipSetting,
  ZWithdrawCurrencyRules,
} from '@krapao/contracts/ops/settings';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LastChange } from '../../../components/last-change';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { zodResolver } from '../../../lib/form-resolver';
import type { SettingChange } from '../api/change-setting';
import { ChangeDialog } from './change-dialog';

const RULE_FIELDS = [
  'withdrawMin',
  'withdrawMax',
  'autoApproveMax',
  'dailyAutoAmount',
  'dailyAutoCount',
  'firstReviewAbove',
] as const;
const NO_RULES = Object.fromEntries(RULE_FIELDS.map((f) => [f, 0])) as Record<(typeof RULE_FIELDS)[number], number>;

type Pending = Omit<SettingChange, 'reason'> | null;

function Card({
  title,
  change,
  children,
}: {
  title: string;
  change: TSettingsPage['lastChanges'][PageSetting];
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-100 p-3">
      <h3 className="font-medium text-slate-900">{title}</h3>
      <LastChange ns="settings" change={change} />
      {children}
    </div>
  );
}

function MinimumsForm({ page, onNext }: { page: TSettingsPage; onNext: (p: Pending) => void }) {
  const { t } = useTranslation('settings');
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZDepositMinimums),
    defaultValues: Object.fromEntries(CURRENCIES.map((c) => [c, page.depositMinimums[c] ?? 0])),
  });
  const submit = handleSubmit((value) => onNext({ key: 'depositMinimums', value }));
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2"
      data-testid="minimums-form"
    >
      {CURRENCIES.map((c) => (
        <TextField
          key={c}
          label={c}
          type="number"
          error={formState.errors[c] ? t('amountInvalid') : undefined}
          {...register(c, { valueAsNumber: true })}
        />
      ))}
      <Button type="submit" small>
        {t('next')}
      </Button>
    </form>
  );
}

function WithdrawRulesForm({ page, onNext }: { page: TSettingsPage; onNext: (p: Pending) => void }) {
  const { t } = useTranslation('settings');
  const [currency, setCurrency] = useState<Currency>('BAHT');
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZWithdrawCurrencyRules),
    values: page.withdrawRules[currency] ?? NO_RULES,
  });
  const submit = handleSubmit((rules) =>
    onNext({ key: 'withdrawRules', value: { ...page.withdrawRules, [currency]: rules } }),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2"
      data-testid="withdraw-form"
    >
      <SelectField
        label={t('currency')}
        value={currency}
        onChange={(event) => setCurrency(event.target.value as Currency)}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
      />
      {RULE_FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`withdraw.${field}`)}
          type="number"
          error={
            formState.errors[field]
              ? t(formState.errors[field]?.message === 'below-min' ? 'withdraw.belowMin' : 'amountInvalid')
              : undefined
          }
          {...register(field, { valueAsNumber: true })}
        />
      ))}
      <Button type="submit" small>
        {t('next')}
      </Button>
    </form>
  );
}

function SlipForm({ page, onNext }: { page: TSettingsPage; onNext: (p: Pending) => void }) {
  const { t } = useTranslation('settings');
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZSlipSetting),
    defaultValues: page.slip,
  });
  const submit = handleSubmit((value) => onNext({ key: 'slip', value }));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2" data-testid="slip-form">
      <p className="text-sm text-slate-600">{t('slip.intro')}</p>
      <TextField
        label={t('slip.closeStart')}
        placeholder="23:50"
        error={formState.errors.closeStart ? t('slip.timeInvalid') : undefined}
        {...register('closeStart')}
      />
      <TextField
        label={t('slip.closeEnd')}
        placeholder="00:10"
        error={formState.errors.closeEnd ? t('slip.timeInvalid') : undefined}
        {...register('closeEnd')}
      />
      <Button type="submit" small>
        {t('next')}
      </Button>
    </form>
  );
}

/** The minimum deposit, the withdrawal limits and review thresholds, and the slip closing window. */
export function LimitsSection({ page }: { page: TSettingsPage }) {
  const { t } = useTranslation('settings');
  const [pending, setPending] = useState<Pending>(null);
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('limits.title')}</h2>
      <div className="grid gap-3 md:grid-cols-3">
        <Card title={t('limits.minimums')} change={page.lastChanges.depositMinimums}>
          <MinimumsForm page={page} onNext={setPending} />
        </Card>
        <Card title={t('limits.withdraw')} change={page.lastChanges.withdrawRules}>
          <WithdrawRulesForm page={page} onNext={setPending} />
        </Card>
        <Card title={t('limits.slip')} change={page.lastChanges.slip}>
          <SlipForm page={page} onNext={setPending} />
        </Card>
      </div>
      {pending ? (
        <ChangeDialog title={t(`limits.save.${pending.key}`)} change={pending} onClose={() => setPending(null)} />
      ) : null}
    </section>
  );
}
