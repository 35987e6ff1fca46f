import { replyOfForm, type TOpsChatReply, ZOpsChatReplyForm } from '@krapao/contracts/ops/chat';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { zodResolver } from '../../../lib/form-resolver';

type Props = {
  pending: boolean;
  error: unknown;
  canned: string[];
  onSend: (body: TOpsChatReply) => Promise<unknown>;
};

/** A reply: text (typed or a canned answer), and optional quick replies the customer can tap. */
export function ReplyForm({ pending, error, canned, onSend }: Props) {
  const { t } = useTranslation('chat');
  const { register, handleSubmit, formState, reset, setValue } = useForm({
    resolver: zodResolver(ZOpsChatReplyForm),
    defaultValues: { text: '', quickReplies: '' },
  });
  const submit = handleSubmit(async (form) => {
    await onSend(replyOfForm(form));
    reset();
  });
  return (
    <form onSubmit={(event) => void submit(event).catch(() => {})} noValidate className="flex flex-col gap-2">
      {canned.length > 0 ? (
        <SelectField
          label={t('canned.pick')}
          value=""
          onChange={(event) => setValue('text', event.target.value, { shouldValidate: true })}
          options={[{ value: '', label: '—' }, ...canned.map((answer) => ({ value: answer, label: answer }))]}
        />
      ) : null}
      <TextField
        label={t('reply.text')}
        error={formState.errors.text ? t('reply.textRequired') : undefined}
        {...register('text')}
      />
      <TextField
        label={t('reply.quickReplies')}
        hint={t('reply.quickRepliesHint')}
        error={formState.errors.quickReplies ? t('reply.quickRepliesInvalid') : undefined}
        {...register('quickReplies')}
      />
      {error ? <Alert>{errorText(t, error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {t('reply.send')}
        </Button>
      </div>
    </form>
  );
}
