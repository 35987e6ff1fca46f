// /user/home (spec §2): the dashboard composed from the home, wallet and games features.
import { MAIN_WALLET_CODE } from '@krapao/contracts/constants';
import type { TSlot } from '@krapao/contracts/wallet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { DepositModal } from '../../features/deposit/components/deposit-modal';
import { GameCarousels } from '../../features/games/components/game-carousels';
import { GameModal } from '../../features/games/components/game-modal';
import { useSpinActive } from '../../features/home/api/get-spin-active';
import { AgreementModal } from '../../features/home/components/agreement-modal';
import { HomeSummary } from '../../features/home/components/home-summary';
import { type HomeAction, QuickActions } from '../../features/home/components/quick-actions';
import { totalBalance } from '../../features/home/lib/total-balance';
import { InviteAction } from '../../features/invite/components/invite-modal';
import { InviteReceive } from '../../features/invite/components/invite-receive';
import { RefundAction } from '../../features/refund/components/refund-modal';
import { useReloadWallet, useWallet } from '../../features/wallet/api/get-wallet';
import { useRefreshBalances } from '../../features/wallet/api/refresh-balances';
import { TransferModal } from '../../features/wallet/components/transfer-modal';
import { WithdrawModal } from '../../features/withdraw/components/withdraw-modal';
import { getLastSync } from '../../lib/storage';

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

  // Home load (spec §4): refresh all game balances, then the wallet. Once per mount.
  const loaded = useRef(false);
  const { mutate: refreshBalances } = refresh;
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    refreshBalances();
  }, [refreshBalances]);

  const data = wallet.data;
  const slots = data?.slots ?? NO_SLOTS;
  const walletAmount = data?.wallet.amount ?? 0;
  const game = slots.find((slot) => slot.code === gameCode) ?? null;

  return (
    <Page title={t('home.title')} testId="home-page">
      <HomeSummary
        name={data?.profile.name ?? ''}
        total={data ? totalBalance(data) : 0}
        lastSync={getLastSync()}
        inviteAmount={data?.invite.amount ?? 0}
        refreshing={refresh.isPending}
        onRefresh={() => refresh.mutate()}
        onTransfer={() => setTransferTo('')}
        onReceiveInvite={() => setFrame('inviteReceive')}
      />
      <QuickActions
        spin={{ isActive: spin.data?.isActive === true, coin: data?.profile.coin ?? 0 }}
        refreshing={refresh.isPending}
        onAction={setFrame}
        onRefreshAll={() => refresh.mutate()}
      />
      <GameCarousels slots={slots} onOpen={(slot) => setGameCode(slot.code)} />

      {game ? (
        <GameModal
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
      ) : null}
      <TransferModal
        open={transferTo !== null}
        walletAmount={walletAmount}
        accounts={slots.filter((slot) => slot.isActive)}
        preset={{ from: MAIN_WALLET_CODE, to: transferTo ?? '' }}
        onClose={(changed) => {
          setTransferTo(null);
          if (changed) void reloadWallet();
        }}
      />
      <DepositModal
        open={frame === 'deposit'}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <WithdrawModal
        open={frame === 'withdraw'}
        walletAmount={walletAmount}
        bankAccount={data?.bankAccount ?? null}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <InviteAction open={frame === 'invite'} userId={data?.profile._id ?? ''} onClose={() => setFrame(null)} />
      <RefundAction
        open={frame === 'refund'}
        onClose={(changed) => {
          setFrame(null);
          if (changed) void reloadWallet();
        }}
      />
      <InviteReceive
        open={frame === 'inviteReceive'}
        invite={data?.invite ?? null}
        onReceived={() => void reloadWallet()}
        onClose={() => setFrame(null)}
      />
      <AgreementModal />
    </Page>
  );
}
