import { GAME_STATES, type TOpsGame, type TOpsGameUpdate, ZOpsGameUpdate } from '@krapao/contracts/ops/games';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useUpdateGame } from '../api/update-game';

const FIELDS = z.object({
  state: z.enum(GAME_STATES),
  maintenanceMessage: z.string(),
  sortOrder: z.number(),
  isFeatured: z.boolean(),
  reason: z.string(),
});
type Fields = z.infer<typeof FIELDS>;

/** The fields that changed, as the server's schema takes them (it checks the rules: message, reason). */
function changeOf(game: TOpsGame, v: Fields): TOpsGameUpdate {
  const stateChanged =
    v.state !== game.state || (v.state === 'maintenance' && v.maintenanceMessage !== (game.maintenanceMessage ?? ''));
  return {
    ...(stateChanged ? { state: v.state } : {}),
    ...(stateChanged && v.state === 'maintenance' ? { maintenanceMessage: v.maintenanceMessage } : {}),
    ...(v.sortOrder !== game.sortOrder ? { sortOrder: v.sortOrder } : {}),
    ...(v.isFeatured !== game.isFeatured ? { isFeatured: v.isFeatured } : {}),
    ...(v.reason.trim() ? { reason: v.reason } : {}),
  };
}

/** On, under maintenance (with a message for members) or off; order and featured. Off and maintenance need a reason. */
export function GameEditDialog({ game, onClose }: { game: TOpsGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const update = useUpdateGame();
  const schema = useMemo(() => FIELDS.transform((v) => changeOf(game, v)).pipe(ZOpsGameUpdate), [game]);
  const { register, handleSubmit, watch, formState } = useForm<Fields, unknown, TOpsGameUpdate>({
    resolver: zodResolver(schema),
    defaultValues: {
      state: game.state,
      maintenanceMessage: game.maintenanceMessage ?? '',
      sortOrder: game.sortOrder,
      isFeatured: game.isFeatured,
      reason: '',
    },
  });
  const submit = handleSubmit((change) => update.mutate({ code: game.code, change }, { onSuccess: onClose }));
  const errors = formState.errors as Partial<Record<keyof Fields, unknown>>;
  const nothing = errors.state !== undefined;
  return (
    <Dialog title={t('edit.title', { name: game.name })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <SelectField
          label={t('edit.state')}
          options={GAME_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          {...register('state')}
        />
        {watch('state') === 'maintenance' ? (
          <TextField
            label={t('edit.message')}
            hint={t('edit.messageHint')}
            error={errors.maintenanceMessage ? t('edit.messageRequired') : undefined}
            {...register('maintenanceMessage')}
          />
        ) : null}
        <TextField
          label={t('edit.order')}
          type="number"
          step={1}
          hint={t('edit.orderHint')}
          error={errors.sortOrder ? t('edit.orderInvalid') : undefined}
          {...register('sortOrder', { valueAsNumber: true })}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...register('isFeatured')} />
          {t('edit.featured')}
        </label>
        <TextField
          label={t('reason')}
          hint={t('edit.reasonHint')}
          error={errors.reason ? t('reasonRequired') : undefined}
          {...register('reason')}
        />
        {nothing ? <Alert>{t('edit.nothing')}</Alert> : null}
        {update.error ? <Alert>{errorText(t, update.error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
