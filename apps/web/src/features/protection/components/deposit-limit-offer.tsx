import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { hasDeposited, useProtectionState } from '../api/protection-api';
import { offersDepositLimit, rememberOfferAnswer } from '../lib/protection-lib';

/**
 * Shown at the top of the deposit modal to a member with no deposit limit and no deposit yet, until
 * they answer it on this browser: set a limit now, or not now. It never stops a deposit.
 */
export function DepositLimitOffer({ memberId }: { memberId: string }) {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  const [answered, setAnswered] = useState(false);
  const candidate = !answered && offersDepositLimit(state.data, memberId, false);
  const deposited = useQuery({
    queryKey: ['protection', 'has-deposited', memberId] as const,
    queryFn: ({ signal }) => (state.data ? hasDeposited(state.data, signal) : Promise.resolve(true)),
    enabled: candidate,
  });
  if (!candidate || deposited.data !== false) return null;

  const answer = () => {
    rememberOfferAnswer(memberId);
    setAnswered(true);
  };
  return (
    <aside
      data-testid="deposit-limit-offer"
      className="mb-4 flex flex-col gap-2 rounded-xl border border-gold-500/30 bg-ink-800/70 p-3"
    >
      <p className="text-sm font-semibold text-gold-200">{t('offer.title')}</p>
      <p className="text-xs text-white/70">{t('offer.text')}</p>
      <div className="flex gap-2">
        <AppLink
          to="/user/protection"
          onClick={answer}
          data-testid="deposit-limit-offer-set"
          className="flex-1 rounded-xl bg-gradient-to-b from-gold-300 to-gold-500 px-3 py-2 text-center text-sm font-semibold text-ink-950"
        >
          {t('offer.set')}
        </AppLink>
        <Button variant="secondary" className="flex-1 py-2" onClick={answer} data-testid="deposit-limit-offer-later">
          {t('offer.later')}
        </Button>
      </div>
    </aside>
  );
}
