/** Game carousels: 3 cards visible on wide screens, each 300x211, one every 330 px. */
export const CAROUSEL = { visibleCards: 3, cardWidth: 300, cardHeight: 211, spacing: 330 } as const;

export const CAROUSEL_GAP = CAROUSEL.spacing - CAROUSEL.cardWidth;
/** The viewport that fits exactly `visibleCards` cards. */
export const CAROUSEL_MAX_WIDTH = CAROUSEL.visibleCards * CAROUSEL.spacing - CAROUSEL_GAP;
