// The form controls of the content page: a text area, and one text in Thai, Lao and English.
import { TEXT_LANGUAGES } from '@krapao/contracts/ops/content';
import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { type FieldError, type FieldErrors, type FieldValues, get, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, INPUT_CLASS } from '../../../components/ui/field';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextArea({ label, error, className = '', ...props }: TextAreaProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT_CLASS} font-mono ${className}`}
        {...props}
      />
    </Field>
  );
}

/** The operator's words for a refused field (by zod's issue code). */
export function useFieldError() {
  const { t } = useTranslation('content');
  return (error: FieldError | undefined) =>
    error ? t(`fieldErrors.${error.type}`, { defaultValue: t('fieldErrors.invalid') }) : undefined;
}

type LocalizedFieldsProps = {
  /** The form path of a { th, la, en } text. */
  name: string;
  label: string;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors;
  rows?: number;
};

/** One text in each language; Thai is required, an empty Lao or English text shows the Thai one. */
export function LocalizedFields({ name, label, register, errors, rows }: LocalizedFieldsProps) {
  const { t } = useTranslation('content');
  const errorOf = useFieldError();
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      {TEXT_LANGUAGES.map((language) => (
        <TextArea
          key={language}
          rows={rows}
          label={t(`languages.${language}`)}
          error={errorOf(get(errors, `${name}.${language}`))}
          {...register(`${name}.${language}`)}
        />
      ))}
    </fieldset>
  );
}
