import { PASSWORD_MIN_LENGTH } from '@krapao/contracts/rules';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { localizedLookupQuery } from '../../../lib/lookup-queries';
import type { ProfileValues } from '../lib/register-flow';

type ProfileStepProps = {
  defaults: ProfileValues;
  /** A stored inviter code fixes the field. */
  inviteLocked: boolean;
  busy: boolean;
  onNext: (values: ProfileValues) => void;
  onBack: () => void;
};

/** Step 3: name, password, confirm, source, inviter code. */
export function ProfileStep({ defaults, inviteLocked, busy, onNext, onBack }: ProfileStepProps) {
  const { t, i18n } = useTranslation();
  const sources = useQuery(localizedLookupQuery('sources', i18n.language));
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ProfileValues>({ defaultValues: defaults });

  const required = (v: string) => v.trim() !== '' || t('validation.required');

  return (
    <form
      onSubmit={handleSubmit(onNext)}
      noValidate
      aria-label={t('register:steps.profile')}
      data-testid="register-step-3"
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('register:name')}
        autoComplete="name"
        testId="register-name"
        error={errors.name?.message}
        {...register('name', { validate: required })}
      />
      <TextField
        label={t('register:password')}
        type="password"
        autoComplete="new-password"
        testId="register-password"
        error={errors.password?.message}
        {...register('password', {
          validate: (v) =>
            v === ''
              ? t('validation.required')
              : v.length >= PASSWORD_MIN_LENGTH || t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH }),
        })}
      />
      <TextField
        label={t('register:confirmPassword')}
        type="password"
        autoComplete="new-password"
        testId="register-confirm-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', {
          validate: (v) =>
            v === '' ? t('validation.required') : v === getValues('password') || t('validation.passwordsMismatch'),
        })}
      />
      <Select
        label={t('register:source')}
        placeholder={t('register:sourcePlaceholder')}
        testId="register-source"
        options={(sources.data ?? []).map((s) => ({ value: s.code, label: s.description }))}
        {...register('sourceCode')}
      />
      <TextField
        label={t('register:inviteCode')}
        testId="register-invite-code"
        readOnly={inviteLocked}
        aria-readonly={inviteLocked || undefined}
        hint={inviteLocked ? t('register:inviteLocked') : undefined}
        {...register('inviteCode')}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="register-next">
          {t('actions.next')}
        </Button>
      </div>
    </form>
  );
}
