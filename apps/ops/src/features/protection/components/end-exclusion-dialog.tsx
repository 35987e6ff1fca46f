import type { TOpsExclusion } from '@krapao/contracts/ops/protection';
import { useTranslation } from 'react-i18next';
import { ReasonForm } from '../../../components/reason-form';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useEndExclusion } from '../api/end-exclusion';

type Props = { memberId: number; exclusion: TOpsExclusion; onClose: () => void };

/** Ends a self-exclusion early, with the reason the audit trail keeps. */
export function EndExclusionDialog({ memberId, exclusion, onClose }: Props) {
  const { t, i18n } = useTranslation('protection');
  const mutation = useEndExclusion(memberId);
  return (
    <Dialog title={t('end.title')} onClose={onClose}>
      <ReasonForm
        ns="protection"
        submitLabel={t('end.submit')}
        danger
        pending={mutation.isPending}
        error={mutation.error}
        onCancel={onClose}
        onSubmit={(reason) => mutation.mutate({ exclusionId: exclusion.id, reason }, { onSuccess: onClose })}
      >
        <p className="text-sm text-slate-700">
          {t('end.what', {
            kind: t(`exclusionKind.${exclusion.kind}`),
            startsAt: formatDateTime(exclusion.startsAt, i18n.language),
            endsAt: formatDateTime(exclusion.endsAt, i18n.language),
          })}
        </p>
      </ReasonForm>
    </Dialog>
  );
}
