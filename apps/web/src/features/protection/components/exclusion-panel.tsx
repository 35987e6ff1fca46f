import type { TExclusionState } from '@krapao/contracts/protection';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/page';
import { formatDate } from '../../../lib/format';

type ExclusionPanelProps = { exclusion: TExclusionState; onWithdraw: () => void };

/** Home while a time-out or self-exclusion is in force: what it is, until when, and the way to withdraw. */
export function ExclusionPanel({ exclusion, onWithdraw }: ExclusionPanelProps) {
  const { t } = useTranslation('protection');
  return (
    <Card className="flex flex-col gap-3 border-rose-400/40">
      <div role="status" data-testid="exclusion-panel" className="flex flex-col gap-1">
        <p data-testid="exclusion-kind" className="text-base font-bold text-rose-100">
          {t(`excluded.${exclusion.kind}`)}
        </p>
        <p data-testid="exclusion-end" className="text-sm text-white/80">
          {exclusion.endsAt ? t('excluded.until', { date: formatDate(exclusion.endsAt) }) : t('excluded.permanent')}
        </p>
        <p className="text-xs text-white/60">{t('excluded.help')}</p>
      </div>
      <Button block onClick={onWithdraw} data-testid="exclusion-withdraw">
        {t('excluded.withdraw')}
      </Button>
    </Card>
  );
}
