// The week's charts: deposits by channel (stacked), withdrawals paid beside net, new members.
import { DEPOSIT_CHANNELS, type TDashboardDay } from '@krapao/contracts/ops/dashboard';
import { useTranslation } from 'react-i18next';
import { BarChart } from './bar-chart';

const CHANNEL_COLORS = { QR: '#2563eb', BANK: '#059669', TRUEMONEY: '#f59e0b', OTHER: '#94a3b8' } as const;

export function DayCharts({ days, currency }: { days: TDashboardDay[]; currency: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const money = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const count = new Intl.NumberFormat(i18n.language);
  const categories = days.map((d) => d.date);
  const ticks = days.map((d, i) => (i === days.length - 1 ? t('today') : d.date.slice(8)));
  const common = { categories, ticks, categoryHeader: t('day') };
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <BarChart
        {...common}
        title={t('chart.deposits', { currency: t(`currency.${currency}`) })}
        mode="stacked"
        format={(v) => money.format(v)}
        series={DEPOSIT_CHANNELS.map((c) => ({
          key: c,
          label: t(`channel.${c}`),
          color: CHANNEL_COLORS[c],
          values: days.map((d) => d.deposits[c]),
        }))}
      />
      <BarChart
        {...common}
        title={t('chart.withdrawals', { currency: t(`currency.${currency}`) })}
        mode="grouped"
        format={(v) => money.format(v)}
        series={[
          {
            key: 'withdrawalsPaid',
            label: t('withdrawalsPaid'),
            color: '#dc2626',
            values: days.map((d) => d.withdrawalsPaid),
          },
          { key: 'net', label: t('net'), color: '#0f172a', values: days.map((d) => d.net) },
        ]}
      />
      <BarChart
        {...common}
        title={t('chart.members')}
        mode="stacked"
        format={(v) => count.format(v)}
        series={[
          { key: 'newMembers', label: t('newMembers'), color: '#7c3aed', values: days.map((d) => d.newMembers) },
        ]}
      />
    </div>
  );
}
