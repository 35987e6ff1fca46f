import type { TSlot } from '@krapao/contracts/wallet';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { useReducedMotion } from '../../../lib/reduced-motion';
import { CAROUSEL, CAROUSEL_GAP, CAROUSEL_MAX_WIDTH } from '../lib/carousel';
import { GameCard } from './game-card';

type GameCarouselProps = {
  title: string;
  testId: string;
  slots: TSlot[];
  onOpen: (slot: TSlot) => void;
  /** The first carousel of the page: its first card loads with priority. */
  first?: boolean;
};

const ARROW =
  'flex h-8 w-8 items-center justify-center rounded-full border border-gold-500/40 text-gold-200 transition hover:bg-gold-500/10 disabled:opacity-30';

/** One category's games, swiped or stepped with the arrows. Wider than the page column on big screens. */
export function GameCarousel({ title, testId, slots, onOpen, first = false }: GameCarouselProps) {
  const { t } = useTranslation('wallet');
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto' });
  // With "reduce motion" on, the arrows and dots jump to the slide instead of sliding there.
  const jump = useReducedMotion();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback(() => {
    setCanPrev(embla?.canScrollPrev() ?? false);
    setCanNext(embla?.canScrollNext() ?? false);
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  return (
    <section
      data-testid={testId}
      aria-label={title}
      className="relative left-1/2 flex -translate-x-1/2 flex-col gap-2"
      style={{ width: `min(calc(100vw - 2rem), ${CAROUSEL_MAX_WIDTH}px)` }}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-gold-200">{title}</h2>
        <div className="flex gap-1.5">
          <button
            type="button"
            className={ARROW}
            aria-label={t('carousel.previous')}
            disabled={!canPrev}
            onClick={() => embla?.scrollPrev(jump)}
          >
            <ChevronLeftIcon size={16} />
          </button>
          <button
            type="button"
            className={ARROW}
            aria-label={t('carousel.next')}
            disabled={!canNext}
            onClick={() => embla?.scrollNext(jump)}
          >
            <ChevronRightIcon size={16} />
          </button>
        </div>
      </div>
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="flex touch-pan-y">
          {slots.map((slot, index) => (
            <li
              key={slot.code}
              className="min-w-0 shrink-0 grow-0"
              style={{ width: `min(${CAROUSEL.cardWidth}px, 100%)`, marginRight: CAROUSEL_GAP }}
            >
              <GameCard slot={slot} onOpen={onOpen} priority={first && index === 0} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
