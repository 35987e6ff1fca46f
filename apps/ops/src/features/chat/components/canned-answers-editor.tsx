import { ZOpsCannedAnswersChange } from '@krapao/contracts/ops/chat';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, INPUT_CLASS } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';
import { useSaveCannedAnswers } from '../api/canned-answers';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const ZCannedForm = z.object({
  lines: z.string().refine((text) => ZOpsCannedAnswersChange.safeParse({ answers: linesOf(text) }).success),
});

/** The canned answers, one a line; saved as a setting with who changed it. */
export function CannedAnswersEditor({ answers, onDone }: { answers: string[]; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const save = useSaveCannedAnswers();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZCannedForm),
    defaultValues: { lines: answers.join('\n') },
  });
  const submit = handleSubmit(async ({ lines }) => {
    await save.mutateAsync({ answers: linesOf(lines) });
    onDone();
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => {})} noValidate className="flex flex-col gap-2">
      <Field
        id={id}
        label={t('canned.edit')}
        hint={t('canned.hint')}
        error={formState.errors.lines ? t('canned.invalid') : undefined}
      >
        <textarea id={id} rows={6} className={INPUT_CLASS} {...register('lines')} />
      </Field>
      {save.error ? <Alert>{errorText(t, save.error)}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t('canned.save')}
        </Button>
      </div>
    </form>
  );
}
