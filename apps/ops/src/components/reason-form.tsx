import { ZReason } from '@krapao/contracts/ops/staff';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../lib/api-error';
import { zodResolver } from '../lib/form-resolver';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { TextField } from './ui/text-field';

const ZReasonForm = z.object({ reason: ZReason });

type ActionsProps = {
  submitLabel: string;
  danger?: boolean;
  /** Keeps the submit button off: the call is under way, or something is still missing. */
  pending: boolean;
  error: unknown;
  onCancel: () => void;
};

/** The foot of a console form: the failed call's text, then cancel and submit. */
export function FormActions({ submitLabel, danger, pending, error, onCancel }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <Alert>{errorText(t, error)}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

type ReasonFormProps = ActionsProps & {
  /** The namespace of the reason field's label and its error. */
  ns: string;
  /** Their keys in `ns`. */
  reasonKeys?: readonly [label: string, required: string];
  onSubmit: (reason: string) => void;
  /** What the change does, or fields it needs, above the reason. */
  children?: ReactNode;
};

/** A change staff make says why: the reason goes to the audit trail. */
export function ReasonForm({
  ns,
  reasonKeys = ['reason', 'reasonRequired'],
  onSubmit,
  children,
  ...actions
}: ReasonFormProps) {
  const { t } = useTranslation(ns);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZReasonForm),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(({ reason }) => onSubmit(reason));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {children}
      <TextField
        label={t(reasonKeys[0])}
        error={formState.errors.reason ? t(reasonKeys[1]) : undefined}
        {...register('reason')}
      />
      <FormActions {...actions} />
    </form>
  );
}
