// The demo site's games (decision 022): every category and every launch kind (docs/product.md §2.6), all served by
// the built-in demo provider. `web`, `android` and `ios` of demo games are paths under
// DEMO_PROVIDER_URL, resolved when read, so a changed PORT or URL needs no reseed.
import type { GameCategory } from '@krapao/contracts/games';
import type { Db } from '../../db/client.ts';
import { games } from '../../db/schema/games.ts';

type SeedGame = {
  code: string;
  name: string;
  category: GameCategory;
  ftWalletSlot: string;
  web: string | null;
  android: string | null;
  ios: string | null;
};

export const SEED_GAMES: readonly SeedGame[] = [
  // form POST of username and password to the sign-in
  {
    code: 'JOKER',
    name: 'Joker Gaming',
    category: 'slot',
    ftWalletSlot: '1',
    web: '/signin/JOKER',
    android: '/download/JOKER/android',
    ios: '/download/JOKER/ios',
  },
  {
    code: 'SLOTXO',
    name: 'SlotXO',
    category: 'slot',
    ftWalletSlot: '1',
    web: '/signin/SLOTXO',
    android: null,
    ios: null,
  },
  // redirect with the credentials in the query string
  {
    code: 'SUPERSLOT',
    name: 'Superslot',
    category: 'slot',
    ftWalletSlot: '1.5',
    web: '/superslot/login',
    android: '/download/SUPERSLOT/android',
    ios: null,
  },
  // auto-login links
  {
    code: 'PG',
    name: 'PG Soft',
    category: 'slot',
    ftWalletSlot: '2',
    web: null,
    android: '/download/PG/android',
    ios: '/download/PG/ios',
  },
  { code: 'BETFLIX', name: 'Betflix', category: 'slot', ftWalletSlot: '1', web: null, android: null, ios: null },
  // form POST of the hidden state fields
  {
    code: 'UFABET',
    name: 'UFABET',
    category: 'sport',
    ftWalletSlot: '1',
    web: '/ufabet/login',
    android: '/download/UFABET/android',
    ios: '/download/UFABET/ios',
  },
  // the provider's lobby in a new tab
  {
    code: 'SEXYGAME',
    name: 'Sexy Baccarat',
    category: 'sport',
    ftWalletSlot: '0.5',
    web: '/lobby/SEXYGAME',
    android: null,
    ios: null,
  },
  { code: 'HUAYHD', name: 'Huay HD', category: 'lotto', ftWalletSlot: '10', web: null, android: null, ios: null },
];

/** Insert-if-absent: an operator's later change to a game survives a restart. */
export async function seedGames(db: Db) {
  await db
    .insert(games)
    .values(
      SEED_GAMES.map((g, i) => {
        const file = g.code.toLowerCase();
        return {
          ...g,
          provider: 'demo',
          logo: `/games/${file}-logo.svg`,
          background: `/games/${file}-bg.svg`,
          sortOrder: (i + 1) * 10,
          isEnabled: true,
        };
      }),
    )
    .onConflictDoNothing();
}
