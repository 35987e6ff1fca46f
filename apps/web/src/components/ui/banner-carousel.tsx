import type { TBanner } from '@krapao/contracts/bonus';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SNAP_ROW, scrollRowTo, useSnapRow } from '../../lib/snap-row';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { SafeHtml } from './safe-html';

type BannerCarouselProps = { banners: TBanner[]; className?: string };

const ARROW =
  'absolute top-1/2 z-10 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full border border-gold-500/40 bg-ink-950/70 text-gold-200 transition hover:bg-gold-500/20 disabled:opacity-30';

/**
 * Banners (image + HTML), one per slide, swiped (the browser's own scroll snapping) or stepped with the
 * arrows and dots.
 * The HTML comes from the server and is rendered only through SafeHtml (DOMPurify).
 */
export function BannerCarousel({ banners, className = '' }: BannerCarouselProps) {
  const { t } = useTranslation('common');
  const rowRef = useRef<HTMLUListElement>(null);
  const { canPrev, canNext, current: selected } = useSnapRow(rowRef, banners.length);
  const go = (index: number) => scrollRowTo(rowRef.current, index);

  if (banners.length === 0) return null;
  const many = banners.length > 1;

  return (
    <section data-testid="banner-carousel" className={`flex flex-col gap-2 ${className}`}>
      <div className="relative">
        <ul ref={rowRef} className={`${SNAP_ROW} rounded-2xl`}>
          {banners.map((banner, index) => (
            <li
              // Banners have no id; their order is their identity within one list.
              // biome-ignore lint/suspicious/noArrayIndexKey: a banner list is fixed for the modal's life.
              key={index}
              data-testid="banner-slide"
              aria-label={`${index + 1} / ${banners.length}`}
              className="flex min-w-0 shrink-0 grow-0 basis-full snap-start flex-col gap-2"
            >
              {banner.image ? (
                <img
                  src={banner.image}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                  className="w-full rounded-2xl border border-gold-700/40 bg-ink-800 object-cover"
                />
              ) : null}
              {banner.html ? <SafeHtml html={banner.html} className="px-1 text-sm text-white/90" /> : null}
            </li>
          ))}
        </ul>
        {many ? (
          <>
            <button
              type="button"
              className={`${ARROW} left-2`}
              aria-label={t('actions.back')}
              data-testid="banner-prev"
              disabled={!canPrev}
              onClick={() => go(selected - 1)}
            >
              <ChevronLeftIcon size={16} />
            </button>
            <button
              type="button"
              className={`${ARROW} right-2`}
              aria-label={t('actions.next')}
              data-testid="banner-next"
              disabled={!canNext}
              onClick={() => go(selected + 1)}
            >
              <ChevronRightIcon size={16} />
            </button>
          </>
        ) : null}
      </div>
      {many ? (
        <div className="flex justify-center gap-1.5">
          {banners.map((_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position.
              key={index}
              type="button"
              data-testid="banner-dot"
              aria-label={`${index + 1} / ${banners.length}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => go(index)}
              className={`h-2 rounded-full transition-all ${index === selected ? 'w-5 bg-gold-400' : 'w-2 bg-white/30'}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
