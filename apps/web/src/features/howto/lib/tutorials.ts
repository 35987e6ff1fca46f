// The five tutorial videos of /howto as the SPA ships them (public/howto). The server's `howto`
// lookup may name other titles and addresses; these show while it loads, or if it fails.
import type { THowtoTutorial } from '@krapao/contracts/lookup';
import type { TFunction } from 'i18next';

export const TUTORIALS = [
  { id: 'wallet', titleKey: 'howto.items.wallet' },
  { id: 'enter-game', titleKey: 'howto.items.enterGame' },
  { id: 'balance-check', titleKey: 'howto.items.balanceCheck' },
  { id: 'receive-bonus', titleKey: 'howto.items.receiveBonus' },
  { id: 'end-bonus', titleKey: 'howto.items.endBonus' },
] as const;

export type Tutorial = (typeof TUTORIALS)[number];

export const tutorialVideo = (tutorial: Tutorial) => `/howto/${tutorial.id}.mp4`;
export const tutorialPoster = (tutorial: Tutorial) => `/howto/${tutorial.id}.jpg`;

/** The shipped tutorials in the lookup's shape, titled in the current language. */
export const shippedTutorials = (t: TFunction): THowtoTutorial[] =>
  TUTORIALS.map((tutorial) => ({
    id: tutorial.id,
    title: t(tutorial.titleKey),
    video: tutorialVideo(tutorial),
    poster: tutorialPoster(tutorial),
  }));
