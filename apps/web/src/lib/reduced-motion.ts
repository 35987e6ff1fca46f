// The member's "reduce motion" setting (prefers-reduced-motion): the wheel stops at once, carousels
// jump instead of sliding; CSS animations and transitions are cut in index.css.
const QUERY = '(prefers-reduced-motion: reduce)';

function media(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** Read now (for an animation about to start). */
export function prefersReducedMotion(): boolean {
  return media()?.matches ?? false;
}
