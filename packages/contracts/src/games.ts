// How each game is launched (docs/product.md §2.6), by game code. One table for the SPA and the server.

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Hidden form POST of username and password to the provider's sign-in (slot.web). */
export const FORM_POST_GAMES = ['JOKER', 'SLOTXO'] as const;
/** Form POST of the hidden state fields of the game account's event bag. */
export const UFABET_GAME = 'UFABET';
/** Redirect with the credentials in the query string. */
export const REDIRECT_GAMES = ['SUPERSLOT'] as const;

/** Games launched through GET /api/autoLogin/{path}/{username}[/{password}]. */
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

/** Field names the providers' login doors read (the demo provider and the real ones it stands in for). */
export const LAUNCH_FIELDS = { username: 'username', password: 'password', ufabetPassword: 'txtPassword' } as const;

/** What the SPA does to open a game, from its code, its `web` and the member's account. */
export type LaunchAction =
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'redirect'; url: string }
  | { kind: 'newTab'; url: string }
  | { kind: 'autoLogin'; path: string };

export type LaunchAccount = { username: string; password: string; event: Record<string, string> | null };

/** Null when the game needs a provider URL and has none. */
export function launchAction(code: string, web: string | null, account: LaunchAccount): LaunchAction | null {
  const { username, password } = account;
  switch (launchKind(code)) {
    case 'form':
      return web
        ? {
            kind: 'form',
            action: web,
            fields: { [LAUNCH_FIELDS.username]: username, [LAUNCH_FIELDS.password]: password },
          }
        : null;
    case 'ufabet':
      // The hidden state the provider issued (with its user field), plus the password.
      return web
        ? { kind: 'form', action: web, fields: { ...account.event, [LAUNCH_FIELDS.ufabetPassword]: password } }
        : null;
    case 'redirect': {
      if (!web) return null;
      const url = new URL(web);
      url.searchParams.set(LAUNCH_FIELDS.username, username);
      url.searchParams.set(LAUNCH_FIELDS.password, password);
      return { kind: 'redirect', url: url.toString() };
    }
    case 'autoLogin':
      return { kind: 'autoLogin', path: autoLoginPath(code as AutoLoginGame, username, password) };
    case 'newTab':
      return web ? { kind: 'newTab', url: web } : null;
  }
}
