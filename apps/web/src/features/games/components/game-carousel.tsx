import type { TSlot } from '@krapao/contracts/wallet';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { SNAP_ROW, scrollRow, useSnapRow } from '../../../lib/snap-row';
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

/** The cards wholly in view, as a scroll distance: one arrow step. */
function pageWidth(viewport: HTMLElement): number {
  const cards = Math.max(1, Math.floor((viewport.clientWidth + CAROUSEL_GAP) / CAROUSEL.spacing));
  return cards * CAROUSEL.spacing;
}

/**
 * One category's games, swiped or stepped with the arrows. Wider than the page column on big screens.
 * The browser's own scroll snapping moves the cards: nothing is measured when the page renders.
 */
export function GameCarousel({ title, testId, slots, onOpen, first = false }: GameCarouselProps) {
  const { t } = useTranslation('wallet');
  const viewportRef = useRef<HTMLUListElement>(null);
  const { canPrev, canNext } = useSnapRow(viewportRef, slots.length);
  const step = (direction: 1 | -1) => {
    const viewport = viewportRef.current;
    if (viewport) scrollRow(viewport, direction * pageWidth(viewport));
  };

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
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon size={16} />
          </button>
          <button
            type="button"
            className={ARROW}
            aria-label={t('carousel.next')}
            disabled={!canNext}
            onClick={() => step(1)}
          >
            <ChevronRightIcon size={16} />
          </button>
        </div>
      </div>
      <ul ref={viewportRef} className={SNAP_ROW}>
        {slots.map((slot, index) => (
          <li
            key={slot.code}
            className="min-w-0 shrink-0 grow-0 snap-start"
            style={{ width: `min(${CAROUSEL.cardWidth}px, 100%)`, marginRight: CAROUSEL_GAP }}
          >
            <GameCard slot={slot} onOpen={onOpen} priority={first && index === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
