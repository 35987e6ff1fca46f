import type { TOpsTransfer } from '@krapao/contracts/ops/transfers';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useProviderAnswer } from '../api/provider-answer';

type Props = { transfer: TOpsTransfer; onClose: () => void };

/** What the provider says of the transfer id right now, beside our side of it. Changes nothing. */
export function ProviderAnswerDialog({ transfer: x, onClose }: Props) {
  const { t, i18n } = useTranslation('transfers');
  const answer = useProviderAnswer(x.id);
  const a = answer.data;
  return (
    <Dialog title={t('answer.title', { id: x.providerTransferId })} onClose={onClose}>
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-slate-600">{t('answer.explain')}</p>
        {answer.isFetching ? <Loading /> : null}
        {answer.isError ? <Alert>{errorText(t, answer.error)}</Alert> : null}
        {a && !answer.isFetching ? (
          <dl data-testid="provider-answer" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-500">{t('answer.provider')}</dt>
            <dd className="font-medium">{t(`answers.${a.answer}`)}</dd>
            {a.detail ? (
              <>
                <dt className="text-slate-500">{t('answer.detail')}</dt>
                <dd className="break-all">{a.detail}</dd>
              </>
            ) : null}
            <dt className="text-slate-500">{t('answer.settlesAs')}</dt>
            <dd>{a.settlesAs ? t(`outcomes.${a.settlesAs}.${x.direction}`) : t('answer.cannotSettle')}</dd>
            <dt className="text-slate-500">{t('answer.ours')}</dt>
            <dd>
              {a.amount.toLocaleString('en-US')} {a.currency} · {t(`statuses.${a.status}`)}
            </dd>
            <dt className="text-slate-500">{t('answer.askedAt')}</dt>
            <dd>{formatDateTime(a.askedAt, i18n.language)}</dd>
          </dl>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('answer.close')}
          </Button>
          <Button variant="secondary" disabled={answer.isFetching} onClick={() => void answer.refetch()}>
            {t('answer.again')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
