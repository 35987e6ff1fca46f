import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/loader';
import { Card } from '../../../components/ui/page';
import { formatDate } from '../../../lib/format';
import { protectionStateQuery, useProtectionState } from '../api/protection-api';
import { ExclusionSection } from './exclusion-section';
import { LimitSection } from './limit-section';
import { RealityCheckSection } from './reality-check-section';

type ProtectionPageProps = {
  /** After a time-out or self-exclusion starts: the session is over, the app signs out. */
  onExcluded: () => void;
};

/** /user/protection: deposit and loss limits, a break (time-out, self-exclusion), the reality check. */
export function ProtectionPage({ onExcluded }: ProtectionPageProps) {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const state = useProtectionState();
  const reload = () => void queryClient.invalidateQueries({ queryKey: protectionStateQuery().queryKey });

  if (state.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (state.isError) {
    return (
      <div data-testid="protection-load-failed" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-white/70">{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void state.refetch()}>
          {t('reload')}
        </Button>
      </div>
    );
  }

  const { exclusion } = state.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-white/70">{t('intro')}</p>
      <LimitSection kind="DEPOSIT" state={state.data} onChanged={reload} />
      <LimitSection kind="LOSS" state={state.data} onChanged={reload} />
      {exclusion ? (
        <Card>
          <div data-testid="protection-exclusion-active" className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-gold-200">{t('exclusion.active')}</h2>
            <p className="text-sm text-white">{t(`excluded.${exclusion.kind}`)}</p>
            <p className="text-xs text-white/60">
              {exclusion.endsAt ? t('excluded.until', { date: formatDate(exclusion.endsAt) }) : t('excluded.permanent')}
            </p>
          </div>
        </Card>
      ) : (
        <ExclusionSection onStarted={onExcluded} />
      )}
      <RealityCheckSection minutes={state.data.realityCheckMinutes} onChanged={reload} />
    </div>
  );
}
