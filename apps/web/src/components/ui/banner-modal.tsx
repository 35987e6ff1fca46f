import type { TBanner } from '@krapao/contracts/bonus';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerCarousel } from './banner-carousel';
import { Button } from './button';
import { Modal } from './modal';

type BannerModalProps = { open: boolean; banners: TBanner[]; title?: ReactNode; onClose: () => void };

/** The banner carousel in a modal (testid banner-modal). */
export function BannerModal({ open, banners, title, onClose }: BannerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      testId="banner-modal"
      size="md"
      footer={
        <Button block onClick={onClose} data-testid="banner-modal-continue">
          {t('actions.next')}
        </Button>
      }
    >
      <BannerCarousel banners={banners} />
    </Modal>
  );
}

export type BannerStage = 'loading' | 'banners' | 'modal';

/**
 * An action first loads its banners (docs/product.md §2.5); none (or a failed load) opens the plain modal, some
 * open the banner carousel first and, when it closes, the modal. Mount it once per opening: the
 * banners are fetched fresh every time (nothing is cached after it unmounts).
 */
export function useBannersFirst(queryKey: readonly unknown[], load: (signal: AbortSignal) => Promise<TBanner[]>) {
  const banners = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    staleTime: 0,
    gcTime: 0,
  });
  const [seen, setSeen] = useState(false);
  const list = Array.isArray(banners.data) ? banners.data : [];
  const stage: BannerStage = banners.isPending ? 'loading' : list.length > 0 && !seen ? 'banners' : 'modal';
  return { stage, banners: list, closeBanners: () => setSeen(true) };
}
