import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useInviteSettings } from '../api/invite-settings';
import { useRefundSettings } from '../api/refund-settings';
import { InviteConditionForm } from './condition-form';
import { InviteRulesForm } from './invite-rules-form';
import { RefundRulesForm } from './refund-rules-form';

/** Invite and cashback percentages: each form once its settings have loaded. */
export function PromotionRulesSection() {
  const { t } = useTranslation('promotions');
  const invite = useInviteSettings();
  const refund = useRefundSettings();
  const failed = invite.error ?? refund.error;

  return (
    <section className="flex flex-col gap-3" aria-labelledby="rules-title">
      <h2 id="rules-title" className="text-lg font-semibold text-slate-900">
        {t('rulesTitle')}
      </h2>
      {invite.isPending || refund.isPending ? <Loading /> : null}
      {failed ? <Alert>{errorText(t, failed)}</Alert> : null}
      <div className="grid gap-3 lg:grid-cols-2">
        {invite.data ? <InviteRulesForm settings={invite.data} /> : null}
        {invite.data ? <InviteConditionForm settings={invite.data} /> : null}
        {refund.data ? <RefundRulesForm settings={refund.data} /> : null}
      </div>
    </section>
  );
}
