import { zodResolver } from '@hookform/resolvers/zod';
import { REALITY_CHECK_MINUTES, ZRealityCheckRequest } from '@krapao/contracts/protection';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Card } from '../../../components/ui/page';
import { useMoneyAction } from '../../../lib/use-money-action';
import { putRealityCheck } from '../api/protection-api';

type RealityCheckSectionProps = { minutes: number; onChanged: () => void };

/** The radio gives text; the contract's schema takes the number. */
const formSchema = z
  .object({ minutes: z.string() })
  .transform(({ minutes }) => ({ minutes: Number(minutes) }))
  .pipe(ZRealityCheckRequest);

/** Off, every 30 or every 60 minutes from sign-in. */
export function RealityCheckSection({ minutes, onChanged }: RealityCheckSectionProps) {
  const { t } = useTranslation('protection');
  const current = (REALITY_CHECK_MINUTES as readonly number[]).includes(minutes) ? minutes : 0;
  const form = useForm<{ minutes: string }, unknown, z.infer<typeof ZRealityCheckRequest>>({
    resolver: zodResolver(formSchema),
    values: { minutes: String(current) },
  });
  const action = useMoneyAction({
    send: putRealityCheck,
    t,
    successText: () => t('reality.saved'),
    onSuccess: onChanged,
  });

  return (
    <Card>
      <form onSubmit={form.handleSubmit(action.submit)} noValidate className="flex flex-col gap-3">
        <fieldset className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
          <legend className="text-sm font-semibold text-gold-200">{t('reality.title')}</legend>
          <p className="text-xs text-white/55">{t('reality.help')}</p>
          {REALITY_CHECK_MINUTES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-white/85">
              <input
                type="radio"
                value={String(value)}
                data-testid={`reality-${value}`}
                className="accent-gold-400"
                {...form.register('minutes')}
              />
              {t(`reality.choice.${value}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" disabled={action.isPending} data-testid="reality-save">
          {t('reality.save')}
        </Button>
      </form>
      <AlertDialog
        open={action.failure !== null}
        tone="danger"
        message={<span data-testid="protection-error">{action.failure}</span>}
        onClose={action.clearFailure}
      />
    </Card>
  );
}
