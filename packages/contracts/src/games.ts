// How each game is launched (spec §4 Play), by game code. One table for the SPA and the server.

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Hidden form POST of username and password to the provider's sign-in (slot.web). */
export const FORM_POST_GAMES = ['JOKER', 'SLOTXO'] as const;
/** Form POST of the hidden state fields of the game account's event bag. */
export const UFABET_GAME = 'UFABET';
/** Redirect with the credentials in the query string. */
export const REDIRECT_GAMES = ['SUPERSLOT'] as const;

/** Games launched through GET /api/autoLogin/{path}/{username}[/{password}] (spec §7). */
export const AUTO_LOGIN_GAMES = {
  PG: { path: 'pg', withPassword: false },
  BETFLIX: { path: 'betflix', withPassword: false },
  ASKMEBET: { path: 'askmebet', withPassword: true },
  IMI: { path: 'imi', withPassword: true },
  USUN: { path: 'usun', withPassword: true },
  AREASLOT: { path: 'areaslot', withPassword: false },
  CIRCUS: { path: 'circus', withPassword: true },
  SLOTRACHA: { path: 'slotracha', withPassword: true },
  PGSLOT: { path: 'pgslot', withPassword: true },
  JOKER2: { path: 'joker2', withPassword: false },
  HUAYHD: { path: 'huayhd', withPassword: false },
} as const;
export type AutoLoginGame = keyof typeof AUTO_LOGIN_GAMES;
export const AUTO_LOGIN_PATHS = Object.values(AUTO_LOGIN_GAMES).map((g) => g.path);

export type LaunchKind = 'form' | 'ufabet' | 'redirect' | 'autoLogin' | 'newTab';

/** SEXYGAME and any code not listed open the provider's URL in a new tab. */
export function launchKind(code: string): LaunchKind {
  if ((FORM_POST_GAMES as readonly string[]).includes(code)) return 'form';
  if (code === UFABET_GAME) return 'ufabet';
  if ((REDIRECT_GAMES as readonly string[]).includes(code)) return 'redirect';
  if (Object.hasOwn(AUTO_LOGIN_GAMES, code)) return 'autoLogin';
  return 'newTab';
}

/** The auto-login call path of a game, with the credentials in it. */
export function autoLoginPath(code: AutoLoginGame, username: string, password: string): string {
  const game = AUTO_LOGIN_GAMES[code];
  const user = encodeURIComponent(username);
  return game.withPassword
    ? `/api/autoLogin/${game.path}/${user}/${encodeURIComponent(password)}`
    : `/api/autoLogin/${game.path}/${user}`;
}
