import type { TOpsMemberProtection, TOpsProtectionEvent } from '@krapao/contracts/ops/protection';
import {
  PROTECTION_EVENT_DETAILS,
  type ProtectionEventDetail,
  type ProtectionEventKind,
} from '@krapao/contracts/ops/protection-events';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, money } from '../../../lib/format';

/** The member's protection events, newest first: when, what, who, and what it was in words. */
export function ProtectionHistory({ data }: { data: TOpsMemberProtection }) {
  const { t, i18n } = useTranslation('protection');
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {data.history.map((e) => (
        <li key={e.id} data-testid="protection-event" className="flex flex-wrap gap-x-3 border-t border-slate-100 pt-1">
          <span className="text-slate-500">{formatDateTime(e.createdAt, i18n.language)}</span>
          <span className="font-medium text-slate-900">{t(`event.${e.kind}`, { defaultValue: e.kind })}</span>
          <span className="text-slate-600">{e.staffName ?? t('panel.byMember')}</span>
          <span className="text-slate-700">{eventText(t, e, i18n.language)}</span>
        </li>
      ))}
    </ol>
  );
}

type Say<K extends ProtectionEventKind> = (d: ProtectionEventDetail<K>, t: TFunction, language: string) => string;

/** A limit as the console names it: "Deposit per 24 hours". */
export const limitName = (t: TFunction, d: { kind: string; period: string }) =>
  t('panel.limit', { kind: t(`limitKind.${d.kind}`), period: t(`period.${d.period}`) });
const amountOf = (v: number | null, currency: string) => (v === null ? '–' : money(v, currency));

const limitChange =
  (key: string) =>
  (d: ProtectionEventDetail<'LIMIT_SET'>, t: TFunction): string =>
    t(`detail.${key}`, {
      limit: limitName(t, d),
      amount: amountOf(d.amount, d.currency),
      previous: amountOf(d.previous, d.currency),
    }) + (d.source === 'REGISTRATION' ? ` ${t('detail.atRegistration')}` : '');

const until = (t: TFunction, endsAt: string | null, language: string) =>
  endsAt === null ? t('panel.permanent') : formatDateTime(endsAt, language);

const SAY: { [K in ProtectionEventKind]: Say<K> } = {
  LIMIT_SET: limitChange('limitSet'),
  LIMIT_LOWERED: limitChange('limitLowered'),
  LIMIT_RAISE_ASKED: limitChange('limitRaiseAsked'),
  LIMIT_REMOVE_ASKED: limitChange('limitRemoveAsked'),
  LIMIT_CANCELLED: (d, t) =>
    t('detail.limitCancelled', { limit: limitName(t, d), amount: amountOf(d.amount, d.currency) }),
  LIMIT_CONFIRMED: (d, t) =>
    d.amount === null
      ? t('detail.limitRemoved', { limit: limitName(t, d) })
      : t('detail.limitConfirmed', { limit: limitName(t, d), amount: amountOf(d.amount, d.currency) }),
  DEPOSIT_LIMIT_REFUSED: (d, t) =>
    t('detail.depositRefused', {
      amount: money(d.amount, d.currency),
      channel: t(`channel.${d.channel}`, { defaultValue: d.channel }),
      remaining: money(d.remaining, d.currency),
      period: t(`period.${d.period}`),
    }),
  DEPOSIT_LIMIT_PASSED: (d, t) =>
    t('detail.depositPassed', {
      used: money(d.used, d.currency),
      limit: money(d.limit, d.currency),
      period: t(`period.${d.period}`),
    }),
  LOSS_LIMIT_REFUSED: (d, t) =>
    t('detail.lossRefused', {
      amount: money(d.amount, d.currency),
      remaining: money(d.remaining, d.currency),
      period: t(`period.${d.period}`),
    }),
  EXCLUSION_STARTED: (d, t, language) =>
    d.endsAt === null
      ? t('detail.exclusionPermanent', { kind: t(`exclusionKind.${d.kind}`) })
      : t('detail.exclusionStarted', {
          kind: t(`exclusionKind.${d.kind}`),
          duration: t(`duration.${d.duration}`),
          until: formatDateTime(d.endsAt, language),
        }),
  EXCLUSION_ENDED: (d, t, language) =>
    t('detail.exclusionEnded', {
      kind: t(`exclusionKind.${d.kind}`),
      until: until(t, d.endsAt, language),
      reason: d.reason,
    }),
  REALITY_CHECK_SET: (d, t) =>
    d.minutes === 0 ? t('detail.realityCheckOff') : t('detail.realityCheckEvery', { minutes: d.minutes }),
};

/**
 * What an event recorded, in words. A kind this console does not know, or a detail not of its kind's
 * shape (rows written before the shape was fixed), reads as its `key: value` pairs.
 */
export function eventText(t: TFunction, e: TOpsProtectionEvent, language: string): string {
  const kind = e.kind as ProtectionEventKind;
  const parsed = Object.hasOwn(PROTECTION_EVENT_DETAILS, kind)
    ? PROTECTION_EVENT_DETAILS[kind].safeParse(e.detail)
    : null;
  if (!parsed?.success) return pairsOf(e.detail);
  return (SAY[kind] as Say<ProtectionEventKind>)(parsed.data as never, t, language);
}

function pairsOf(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}
