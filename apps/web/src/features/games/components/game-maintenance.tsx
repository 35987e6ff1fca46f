import type { TSlot } from '@krapao/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { moveBack } from '../api/move-back';

type GameMaintenanceProps = {
  /** A game under maintenance (its message is shown) or turned off (isOff). */
  slot: TSlot;
  onMovedBack: () => void;
  onError: (err: unknown) => void;
};

/**
 * A game under maintenance or turned off: the operator's message (maintenance) or that it is no longer
 * offered (off), and its balance back to the wallet; no money goes in.
 */
export function GameMaintenance({ slot, onMovedBack, onError }: GameMaintenanceProps) {
  const { t } = useTranslation('wallet');
  const move = useMutation({
    mutationFn: () => moveBack(slot.code, slot.amount, newIdempotencyKey()),
    onSuccess: onMovedBack,
    onError,
  });
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
        {slot.maintenanceMessage ? (
          <p data-testid="game-maintenance-message" className="mb-1 font-semibold">
            {slot.maintenanceMessage}
          </p>
        ) : null}
        <p data-testid="game-unavailable-note" className="text-amber-200/80">
          {t(slot.isOff ? 'game.off' : 'game.maintenance')}
        </p>
      </div>
      {slot.isActive ? (
        <Button
          block
          onClick={() => move.mutate()}
          disabled={slot.amount <= 0 || move.isPending}
          data-testid="game-move-back"
        >
          {t('game.moveBack')}
        </Button>
      ) : null}
    </div>
  );
}
