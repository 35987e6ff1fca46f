// The five tutorial videos of /howto; files are produced into public/howto.
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
