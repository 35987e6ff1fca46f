// /user/home (docs/product.md §2.5): the dashboard composed from the home, wallet and games features.
import { MAIN_WALLET_CODE } from '@krapao/contracts/constants';
import type { TSlot } from '@krapao/contracts/wallet';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { GameCarousels } from '../../features/games/components/game-carousels';
import { useSpinActive } from '../../features/home/api/get-spin-active';
import { type FiguresStatus, HomeSummary } from '../../features/home/components/home-summary';
import { type HomeAction, QuickActions } from '../../features/home/components/quick-actions';
import { totalBalance } from '../../features/home/lib/total-balance';
import { useProtectionState } from '../../features/protection/api/protection-api';
import { DepositLimitOffer } from '../../features/protection/components/deposit-limit-offer';
import { ExclusionPanel } from '../../features/protection/components/exclusion-panel';
import { useReloadWallet, useWallet } from '../../features/wallet/api/get-wallet';
import { subscribeSyncedSlots, syncedSlots } from '../../features/wallet/api/home-load';
import { useRefreshBalances } from '../../features/wallet/api/refresh-balances';
import { lazyScreen } from '../../lib/lazy-screen';
import { OnceOpened } from '../../lib/once-opened';
import { getLastSync, hasAcceptedAgreement } from '../../lib/storage';

// The modals' code is evaluated when each first opens, never while the home screen loads: none of it
// (forms, uploads, QR, HTML sanitising, their schemas) runs on the way to the first paint or in the
// seconds after it. The service worker's install downloads every chunk in the background (decision
// 094), so an installed app opens them from its cache.
const DepositModal = lazyScreen(
  'deposit-modal',
  () => import('../../features/deposit/components/deposit-modal'),
  (m) => m.DepositModal,
);
const WithdrawModal = lazyScreen(
  'withdraw-modal',
  () => import('../../features/withdraw/components/withdraw-modal'),
  (m) => m.WithdrawModal,
);
const TransferModal = lazyScreen(
  'transfer-modal',
  () => import('../../features/wallet/components/transfer-modal'),
  (m) => m.TransferModal,
);
const InviteAction = lazyScreen(
  'invite-modal',
  () => import('../../features/invite/components/invite-modal'),
  (m) => m.InviteAction,
);
const InviteReceive = lazyScreen(
  'invite-receive',
  () => import('../../features/invite/components/invite-receive'),
  (m) => m.InviteReceive,
);
const RefundAction = lazyScreen(
  'refund-modal',
  () => import('../../features/refund/components/refund-modal'),
  (m) => m.RefundAction,
);
const GameModal = lazyScreen(
  'game-modal',
  () => import('../../features/games/components/game-modal'),
  (m) => m.GameModal,
);
const AgreementModal = lazyScreen(
  'agreement-modal',
  () => import('../../features/home/components/agreement-modal'),
  (m) => m.AgreementModal,
);
type Frame = HomeAction | 'inviteReceive';

const NO_SLOTS: TSlot[] = [];

export function HomeRoute() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  const spin = useSpinActive();
  const refresh = useRefreshBalances();
  const reloadWallet = useReloadWallet();
  const [frame, setFrame] = useState<Frame | null>(null);
  const [gameCode, setGameCode] = useState<string | null>(null);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const [agreementNeeded] = useState(() => !hasAcceptedAgreement());
  const [mountedAt] = useState(() => Date.now());
  // A time-out or self-exclusion in force: money in, play and rewards are paused; withdraw stays.
  const exclusion = useProtectionState().data?.exclusion ?? null;
  const paused = exclusion !== null;

  // Home load: refresh all game balances, then the wallet. Once per mount.
  const loaded = useRef(false);
  const { mutate: refreshBalances } = refresh;
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    refreshBalances();
  }, [refreshBalances]);

  const data = wallet.data;
  const painted = data !== undefined;
  // Figures loaded before the running sync started are the last known ones: shown, marked as updating.
  // Modals that show the member's figures open once they are known, never on a made-up 0.00.
  const status: FiguresStatus = !painted
    ? refresh.isIdle || refresh.isPending
      ? 'loading'
      : 'idle'
    : refresh.isPending && wallet.dataUpdatedAt < refresh.submittedAt
      ? 'updating'
      : 'idle';
  // The cards show from the sync's own answer while the wallet is still on its way (one round trip
  // earlier); a card tapped meanwhile opens its game once the wallet's figures are known.
  const synced = useSyncExternalStore(subscribeSyncedSlots, syncedSlots);
  const slots = data?.slots ?? synced ?? NO_SLOTS;
  const walletAmount = data?.wallet.amount ?? 0;
  const game = painted ? (slots.find((slot) => slot.code === gameCode) ?? null) : null;
  // While paused the transfer modal offers game accounts only as sources (money comes out, none goes in).
  const transferAccounts = slots
    .filter((slot) => slot.isActive)
    .map((slot) => (paused ? { ...slot, isOff: true as const } : slot));

  return (
    <Page title={t('home.title')} testId="home-page">
      {exclusion ? <ExclusionPanel exclusion={exclusion} onWithdraw={() => setFrame('withdraw')} /> : null}
      <HomeSummary
        figures={data ? { name: data.profile.name, total: totalBalance(data), inviteAmount: data.invite.amount } : null}
        status={status}
        lastSync={getLastSync()}
        refreshing={refresh.isPending}
        onRefresh={() => refresh.mutate()}
        onTransfer={() => setTransferTo('')}
        onReceiveInvite={() => setFrame('inviteReceive')}
        paused={paused}
      />
      <QuickActions
        spin={{ isActive: spin.data?.isActive === true, coin: data?.profile.coin ?? null }}
        refreshing={refresh.isPending}
        onAction={setFrame}
        onRefreshAll={() => refresh.mutate()}
        paused={paused}
      />
      {paused ? null : <GameCarousels slots={slots} onOpen={(slot) => setGameCode(slot.code)} />}

      {game ? (
        <Suspense fallback={null}>
          <GameModal.Component
            key={game.code}
            slot={game}
            walletAmount={walletAmount}
            onClose={() => setGameCode(null)}
            onChanged={() => void reloadWallet()}
            onTransferOnly={(code) => {
              setGameCode(null);
              setTransferTo(code);
            }}
          />
        </Suspense>
      ) : null}
      <OnceOpened
        of={TransferModal}
        open={transferTo !== null && painted}
        walletAmount={walletAmount}
        accounts={transferAccounts}
        preset={{ from: MAIN_WALLET_CODE, to: transferTo ?? '' }}
        onClose={(changed) => {
          setTransferTo(null);
          if (changed) void reloadWallet();
        }}
      />
      <OnceOpened
        of={DepositModal}
        open={frame === 'deposit' && !paused}
        notice={data ? <DepositLimitOffer memberId={data.profile._id} /> : null}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <OnceOpened
        of={WithdrawModal}
        open={frame === 'withdraw' && painted}
        walletAmount={walletAmount}
        bankAccount={data?.bankAccount ?? null}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <OnceOpened
        of={InviteAction}
        open={frame === 'invite' && painted}
        userId={data?.profile._id ?? ''}
        onClose={() => setFrame(null)}
      />
      <OnceOpened
        of={RefundAction}
        open={frame === 'refund'}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <OnceOpened
        of={InviteReceive}
        open={frame === 'inviteReceive' && painted}
        invite={data?.invite ?? null}
        onReceived={() => void reloadWallet()}
        onClose={() => setFrame(null)}
      />
      {agreementNeeded ? (
        <Suspense fallback={null}>
          <AgreementModal.Component homeMountedAt={mountedAt} />
        </Suspense>
      ) : null}
    </Page>
  );
}
