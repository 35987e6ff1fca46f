import type { TSlot } from '@krapao/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/api-error';
import { env } from '../../../lib/env';
import { formatNumber } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useActivateGame } from '../api/activate-game';
import { getAutoLoginLink } from '../api/auto-login';
import { gameAccountQuery, useGameAccount } from '../api/get-game-account';
import { useResetGamePassword } from '../api/reset-game-password';
import { transferAll } from '../api/transfer-all';
import { launchGame } from '../lib/launch';
import { GameCredentials } from './game-credentials';
import { GameMaintenance } from './game-maintenance';

type GameModalProps = {
  slot: TSlot;
  /** The main wallet's balance: transfer-only needs it above 0, play moves it all first. */
  walletAmount: number;
  onClose: () => void;
  onTransferOnly: (code: string) => void;
  /** Balances changed (activation, transfer): the wallet is reloaded. */
  onChanged: () => void;
};

const openLink = (url: string | null) => {
  if (url) window.open(url, '_blank', 'noopener');
};

/**
 * Activate, credentials, reset, transfer only, transfer and play, app links (docs/product.md §2.6); a game
 * under maintenance or turned off offers only to move its balance back to the wallet.
 */
export function GameModal({ slot, walletAmount, onClose, onTransferOnly, onChanged }: GameModalProps) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [activated, setActivated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const isActive = slot.isActive || activated;
  const account = useGameAccount(slot.code, isActive);
  const activate = useActivateGame();
  const reset = useResetGamePassword();
  const onError = (err: unknown) => setFailure(errorText(t, err));

  const play = useMutation({
    mutationFn: async () => {
      if (walletAmount > 0) {
        await transferAll({ to: slot.code }, newIdempotencyKey());
        onChanged();
      }
      const credentials = account.data ?? (await queryClient.fetchQuery(gameAccountQuery(slot.code)));
      const opened = await launchGame(slot, credentials, {
        iframeMode: env.iframeMode,
        customHost: env.customHost,
        fetchLink: getAutoLoginLink,
      });
      if (!opened) throw new Error(t('game.noLink'));
    },
    onError,
  });

  const onActivate = () =>
    activate.mutate(slot.code, {
      onSuccess: () => {
        setActivated(true);
        onChanged();
      },
      onError,
    });

  const busy = activate.isPending || reset.isPending || play.isPending;
  const showNotice = Boolean(env.slotNotice) && slot.code === env.slotNoticeGame;

  return (
    <>
      <Modal open onClose={onClose} title={slot.name} testId="game-modal" size="sm">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3 rounded-xl bg-ink-800/70 p-3">
            {slot.logo ? <img src={slot.logo} alt="" className="h-12 w-12 rounded-xl object-contain" /> : null}
            <div className="flex flex-1 flex-col">
              <span className="text-xs text-white/55">{t('card.balance')}</span>
              <span className="text-lg font-bold text-gold-200">{formatNumber(slot.amount)}</span>
            </div>
            <div className="flex flex-col items-end">
              <span className="text-xs text-white/55">{t('card.credit', { factor: slot.ftWalletSlot })}</span>
              <span className="text-sm font-semibold">{formatNumber(slot.amount * slot.ftWalletSlot)}</span>
            </div>
          </div>
          {showNotice ? (
            <p
              data-testid="game-notice"
              className="rounded-xl border border-gold-500/40 bg-gold-500/10 p-3 text-sm text-gold-100"
            >
              {env.slotNotice}
            </p>
          ) : null}
          {slot.maintenanceMessage || slot.isOff ? (
            <GameMaintenance
              slot={slot}
              onMovedBack={() => {
                onChanged();
                onClose();
              }}
              onError={onError}
            />
          ) : isActive ? (
            <>
              <GameCredentials account={account.data} />
              <Button
                variant="ghost"
                onClick={() => reset.mutate(slot.code, { onError })}
                disabled={busy}
                data-testid="game-reset"
              >
                {t('game.resetPassword')}
              </Button>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="secondary"
                  onClick={() => onTransferOnly(slot.code)}
                  disabled={walletAmount <= 0 || busy}
                  data-testid="game-transfer-only"
                >
                  {t('game.transferOnly')}
                </Button>
                <Button onClick={() => play.mutate()} disabled={busy} data-testid="game-play">
                  {t('game.play')}
                </Button>
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="ghost"
                  onClick={() => openLink(slot.android)}
                  disabled={!slot.android}
                  data-testid="game-android"
                >
                  {t('game.android')}
                </Button>
                <Button variant="ghost" onClick={() => openLink(slot.ios)} disabled={!slot.ios} data-testid="game-ios">
                  {t('game.ios')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm text-white/75">{t('game.inactive')}</p>
              <Button block onClick={onActivate} disabled={busy} data-testid="game-activate">
                {t('game.activate')}
              </Button>
            </>
          )}
        </div>
      </Modal>
      <AlertDialog open={failure !== null} tone="danger" message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
