import { REFERRAL_CODE_PREFIX } from '@krapao/contracts/constants';
import { referralLink } from '@krapao/contracts/invite';
import { useTranslation } from 'react-i18next';
import { BannerModal, useBannersFirst } from '../../../components/ui/banner-modal';
import { CopyButton } from '../../../components/ui/copy-button';
import { Modal } from '../../../components/ui/modal';
import { getInviteBanners } from '../api/invite';
import { InviteTable } from './invite-table';

type InviteActionProps = { open: boolean; userId: string; onClose: () => void };

/** The invite quick action: banners first when there are any, then the invite modal. */
export function InviteAction({ open, ...props }: InviteActionProps) {
  // Mounted per opening, so the banners and the table load fresh each time.
  return open ? <InviteFlow {...props} /> : null;
}

function InviteFlow({ userId, onClose }: Omit<InviteActionProps, 'open'>) {
  const { t } = useTranslation('invite');
  const { stage, banners, closeBanners } = useBannersFirst(['invite-banners'], getInviteBanners);
  return (
    <>
      <BannerModal open={stage === 'banners'} banners={banners} title={t('title')} onClose={closeBanners} />
      <InviteModal open={stage === 'modal'} userId={userId} onClose={onClose} />
    </>
  );
}

type InviteModalProps = { open: boolean; userId: string; onClose: () => void };

/** The referral link with copy, and the invitees' earnings (docs/product.md §4.3). */
export function InviteModal({ open, userId, onClose }: InviteModalProps) {
  const { t } = useTranslation('invite');
  return (
    <Modal open={open} onClose={onClose} title={t('title')} testId="invite-modal" size="lg">
      <div className="flex flex-col gap-4">
        <ReferralLink userId={userId} />
        <InviteTable />
      </div>
    </Modal>
  );
}

function ReferralLink({ userId }: { userId: string }) {
  const { t } = useTranslation('invite');
  // The wallet (and so the member's id) may still be loading: no half link meanwhile.
  const link = userId ? referralLink(window.location.origin, userId, REFERRAL_CODE_PREFIX) : '';
  return (
    <section className="flex flex-col gap-2 rounded-2xl border border-gold-700/40 bg-ink-800/70 p-3">
      <h3 className="text-sm font-semibold text-gold-200">{t('link.label')}</h3>
      <p className="text-xs text-white/60">{t('link.hint')}</p>
      <div className="flex items-center gap-2 rounded-xl bg-ink-950/70 px-3 py-2">
        <span data-testid="invite-link" className="min-w-0 flex-1 text-sm break-all text-white select-all">
          {link}
        </span>
        {link ? <CopyButton text={link} label={t('link.copy')} testId="invite-copy" className="shrink-0" /> : null}
      </div>
    </section>
  );
}
