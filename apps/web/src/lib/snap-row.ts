// A row of slides that the browser's own scroll snapping moves (game rows, banners): where it stands
// is watched by an IntersectionObserver, so neither the first render nor a scroll reads the layout.
import { type RefObject, useEffect, useState } from 'react';
import { prefersReducedMotion } from './reduced-motion';

/** How much of an end slide must show for the row to count as scrolled to that end. */
const WHOLLY = 0.95;
/** How much of a slide must show to be the current one. */
const MOSTLY = 0.5;

export type SnapRowState = {
  /** The first slide is not wholly in view. */
  canPrev: boolean;
  /** The last slide is not wholly in view. */
  canNext: boolean;
  /** The first slide mostly in view. */
  current: number;
};

const START: SnapRowState = { canPrev: false, canNext: false, current: 0 };

/** Where the row's slides (its children) stand. `count` is their number: new slides are watched again. */
export function useSnapRow(rowRef: RefObject<HTMLElement | null>, count: number): SnapRowState {
  const [state, setState] = useState(START);
  useEffect(() => {
    const row = rowRef.current;
    if (count === 0 || !row || typeof IntersectionObserver === 'undefined') return;
    const slides = [...row.children];
    const shown = slides.map(() => 0);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) shown[slides.indexOf(entry.target)] = entry.intersectionRatio;
        const next = {
          canPrev: (shown[0] ?? 0) < WHOLLY,
          canNext: (shown.at(-1) ?? 0) < WHOLLY,
          current: Math.max(
            0,
            shown.findIndex((ratio) => ratio >= MOSTLY),
          ),
        };
        setState((now) =>
          now.canPrev === next.canPrev && now.canNext === next.canNext && now.current === next.current ? now : next,
        );
      },
      { root: row, threshold: [0, MOSTLY, WHOLLY] },
    );
    for (const slide of slides) observer.observe(slide);
    return () => observer.disconnect();
  }, [rowRef, count]);
  return state;
}

/** Scrolls the row by `left` pixels, at once when the member asks for reduced motion. */
export function scrollRow(row: HTMLElement | null, left: number): void {
  row?.scrollBy({ left, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

/** Scrolls the row to its slide `index`. */
export function scrollRowTo(row: HTMLElement | null, index: number): void {
  const slide = row?.children[index] as HTMLElement | undefined;
  if (!row || !slide) return;
  row.scrollTo({ left: slide.offsetLeft, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
}

/**
 * The row's classes: a horizontal scroller that snaps, with no scrollbar, and the offset parent of its
 * slides (scrollRowTo reads their offsetLeft). Its slides take `snap-start`.
 */
export const SNAP_ROW =
  'relative flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden';
