import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { useMoneyAction } from '../../../lib/use-money-action';
import { sendTruemoneyLink } from '../api/send-truemoney-link';

type TruemoneyLinkFormProps = { walletName: string; onDone: () => void };

/** The link as typed; the call encrypts it (ZTruelinkRequest describes the encrypted one). */
const linkSchema = z.object({ link: z.string().trim().min(1) });

/** The gift-link form: send disabled while empty; the server's answer shown. */
export function TruemoneyLinkForm({ walletName, onDone }: TruemoneyLinkFormProps) {
  const { t } = useTranslation('depositMethods');
  const form = useForm({ resolver: zodResolver(linkSchema), defaultValues: { link: '' } });
  const action = useMoneyAction({
    send: ({ link }: { link: string }, idempotencyKey: string) => sendTruemoneyLink(link, idempotencyKey),
    t,
    successText: (answer) => t('trueWallet.sent', { amount: formatNumber(answer.amount) }),
    onSuccess: () => {
      form.reset();
      onDone();
    },
  });
  const isEmpty = form.watch('link').trim() === '';
  const field = form.register('link', { onChange: action.clearFailure });

  return (
    <form
      onSubmit={form.handleSubmit(action.submit)}
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
        error={action.failure ?? undefined}
        hint={t('trueWallet.giftHelp')}
        testId="truelink-input"
        {...field}
      />
      <Button type="submit" block disabled={isEmpty || action.isPending} data-testid="truelink-send">
        {t('trueWallet.send')}
      </Button>
    </form>
  );
}
