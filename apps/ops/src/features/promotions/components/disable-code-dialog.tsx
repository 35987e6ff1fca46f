import { ZOpsPromotionCodeDisable } from '@krapao/contracts/ops/promotions';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useDisablePromotionCode } from '../api/disable-promotion-code';

/** Switching a promotion code off, with the reason. */
export function DisableCodeDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const disable = useDisablePromotionCode();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZOpsPromotionCodeDisable),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) => disable.mutate({ code, reason }, { onSuccess: onClose }));

  return (
    <Dialog title={t('code.disableTitle', { code })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('code.disableText')}</p>
        <TextField
          label={t('reason')}
          error={formState.errors.reason ? t('validation.reason') : undefined}
          {...register('reason')}
        />
        {disable.isError ? <Alert>{errorText(t, disable.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={disable.isPending}>
            {t('code.disable')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
