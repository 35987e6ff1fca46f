import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useSendTruelink } from '../api/send-truelink';

type TruelinkFormProps = { walletName: string; onDone: () => void };

/** The gift-link form (spec §5, §7, §8): send disabled while empty; the server's answer shown. */
export function TruelinkForm({ walletName, onDone }: TruelinkFormProps) {
  const { t } = useTranslation('depositMethods');
  const mutation = useSendTruelink();
  const submissionKey = useSubmissionKey();
  const [link, setLink] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const isEmpty = link.trim() === '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || mutation.isPending) return;
    const trimmed = link.trim();
    setFailure(null);
    mutation.mutate(
      { link: trimmed, idempotencyKey: submissionKey.keyFor({ link: trimmed }) },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          setLink('');
          toast.success(t('trueWallet.sent', { amount: formatNumber(answer.amount) }));
          onDone();
        },
        onError: (err) => {
          submissionKey.settle(err);
          setFailure(errorText(t, err));
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-ink-800/60 p-3"
    >
      <div>
        <p className="text-sm font-medium text-white">{t('trueWallet.giftTitle')}</p>
        <p className="text-xs text-white/55">{walletName}</p>
      </div>
      <TextField
        label={t('trueWallet.link')}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder={t('trueWallet.linkPlaceholder')}
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setFailure(null);
        }}
        error={failure ?? undefined}
        hint={t('trueWallet.giftHelp')}
        testId="truelink-input"
      />
      <Button type="submit" block disabled={isEmpty || mutation.isPending} data-testid="truelink-send">
        {t('trueWallet.send')}
      </Button>
    </form>
  );
}
