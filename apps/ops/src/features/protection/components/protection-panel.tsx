import type { TOpsExclusion } from '@krapao/contracts/ops/protection';
import type { TLimitState } from '@krapao/contracts/protection';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime, money } from '../../../lib/format';
import { useMemberProtection } from '../api/get-member-protection';
import { EndExclusionDialog } from './end-exclusion-dialog';
import { limitName, ProtectionHistory } from './protection-history';

type Props = { memberId: number; permissions: readonly string[] };

/** A member's player protection: limits and their use, exclusions current and past, and the history. */
export function ProtectionPanel({ memberId, permissions }: Props) {
  const { t } = useTranslation('protection');
  const protection = useMemberProtection(memberId);
  const [ending, setEnding] = useState<TOpsExclusion | null>(null);
  if (protection.isPending) return <Loading />;
  if (protection.isError) return <Alert>{errorText(t, protection.error)}</Alert>;
  const data = protection.data;
  const mayEnd = permissions.includes('protection.end');

  return (
    <section
      data-testid="protection-panel"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t('panel.title')}</h2>
      <Part title={t('panel.limits')} empty={data.limits.length === 0 ? t('panel.noLimits') : null}>
        <Table head={['limit', 'amount', 'used', 'inGames', 'remaining', 'pending'].map((c) => t(`column.${c}`))}>
          {data.limits.map((l) => (
            <LimitRow key={`${l.kind}-${l.period}`} limit={l} currency={data.currency} />
          ))}
        </Table>
      </Part>
      <Part title={t('panel.exclusions')} empty={data.exclusions.length === 0 ? t('panel.noExclusions') : null}>
        <Table head={['kind', 'startsAt', 'endsAt', 'state', ''].map((c) => (c ? t(`column.${c}`) : ''))}>
          {data.exclusions.map((x) => (
            <ExclusionRow key={x.id} exclusion={x} mayEnd={mayEnd} onEnd={() => setEnding(x)} />
          ))}
        </Table>
      </Part>
      <Part title={t('panel.history')} empty={data.history.length === 0 ? t('panel.noHistory') : null}>
        <ProtectionHistory data={data} />
      </Part>
      {ending ? <EndExclusionDialog memberId={memberId} exclusion={ending} onClose={() => setEnding(null)} /> : null}
    </section>
  );
}

function LimitRow({ limit: l, currency }: { limit: TLimitState; currency: string }) {
  const { t, i18n } = useTranslation('protection');
  const amount = (v: number | null) => (v === null ? '–' : money(v, currency));
  const pending =
    l.pendingSince === null
      ? '–'
      : t(l.pendingAmount === null ? 'panel.pendingRemove' : 'panel.pendingRaise', {
          amount: amount(l.pendingAmount),
          at: formatDateTime(l.confirmableAt, i18n.language),
        });
  return (
    <tr className="border-t border-slate-100" data-testid="protection-limit">
      <Cell>{limitName(t, l)}</Cell>
      <Cell>{amount(l.amount)}</Cell>
      <Cell>{amount(l.used)}</Cell>
      <Cell>{l.kind === 'LOSS' ? amount(l.inGames) : '–'}</Cell>
      <Cell>{amount(l.remaining)}</Cell>
      <Cell>{pending}</Cell>
    </tr>
  );
}

type ExclusionRowProps = { exclusion: TOpsExclusion; mayEnd: boolean; onEnd: () => void };

function ExclusionRow({ exclusion: x, mayEnd, onEnd }: ExclusionRowProps) {
  const { t, i18n } = useTranslation('protection');
  const date = (iso: string | null) => formatDateTime(iso, i18n.language);
  const endableNow = x.inForce && x.endableFrom !== null && Date.parse(x.endableFrom) <= Date.now();
  const state = x.endedAt
    ? t('state.ended', { at: date(x.endedAt), by: x.endedBy ?? '–', reason: x.endReason ?? '' })
    : x.inForce
      ? t('state.inForce')
      : t('state.over');
  return (
    <tr className="border-t border-slate-100" data-testid="protection-exclusion">
      <Cell>{t(`exclusionKind.${x.kind}`)}</Cell>
      <Cell>{date(x.startsAt)}</Cell>
      <Cell>{x.endsAt ? date(x.endsAt) : t('panel.permanent')}</Cell>
      <Cell>{state}</Cell>
      <Cell>
        {mayEnd && endableNow ? (
          <Button small variant="danger" onClick={onEnd}>
            {t('end.button')}
          </Button>
        ) : null}
        {mayEnd && x.inForce && !endableNow ? (
          <span className="text-xs text-slate-500">
            {x.endableFrom ? t('end.from', { at: date(x.endableFrom) }) : t('end.never')}
          </span>
        ) : null}
      </Cell>
    </tr>
  );
}

function Part({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {empty ? <p className="text-sm text-slate-600">{empty}</p> : children}
    </div>
  );
}

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[560px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            {head.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <th key={i} className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const Cell = ({ children }: { children: ReactNode }) => <td className="px-3 py-2 break-words">{children}</td>;
