import { useState } from 'react';
import { useActiveBonus } from '../api/get-active-bonus';
import { useBonuses } from '../api/get-bonuses';
import { ActiveBonus } from './active-bonus';
import { PromotionSearch } from './promotion-search';
import { type ActivationResult, ResultDialog } from './result-dialog';

/**
 * The top of /user/bonus (docs/product.md §2.8): the active bonus with its cancel button, or the promotion code
 * field. Nothing shows while the check loads or when it failed (load failures are silent).
 * The result dialog lives here because a successful activation swaps the field for the active panel.
 */
export function BonusStatus() {
  const active = useActiveBonus();
  const bonuses = useBonuses();
  const [result, setResult] = useState<ActivationResult | null>(null);
  const check = active.data;
  const activeName = bonuses.data?.find((bonus) => bonus.code === check?.progress?.code)?.name;

  return (
    <>
      {check?.status ? <ActiveBonus check={check} name={activeName} /> : null}
      {check && !check.status ? <PromotionSearch onResult={setResult} /> : null}
      <ResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
