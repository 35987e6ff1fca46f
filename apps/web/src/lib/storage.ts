// Browser storage. The token lives in localStorage when "remember me" is ticked and in
// sessionStorage otherwise; every read checks both.

export const STORAGE_KEYS = {
  token: 'krapao.token',
  locale: 'krapao.locale',
  agreement: 'krapao.agreement',
  lastSync: 'krapao.lastSync',
  inviterCode: 'krapao.inviterCode',
  guestId: 'krapao.guestId',
  liveCursor: 'krapao.liveCursor',
} as const;

export const GUEST_ID_PREFIX = 'guest-';

function read(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(store: Storage, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this page view.
  }
}

function remove(store: Storage, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // See write().
  }
}

export function getToken(): string | null {
  return read(localStorage, STORAGE_KEYS.token) ?? read(sessionStorage, STORAGE_KEYS.token);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

/**
 * A new session (a sign-in, or the fresh session a password change gives): this tab's live socket
 * will ask for every money event since it began, so one that came before the socket opened is heard.
 */
export function setToken(token: string, remember: boolean): void {
  clearToken();
  write(remember ? localStorage : sessionStorage, STORAGE_KEYS.token, token);
  setLiveCursor({ cursor: 0, seen: [] });
}

/** A new token for this device (e.g. after a password change) keeps the old storage. */
export function replaceToken(token: string): void {
  const remembered = read(localStorage, STORAGE_KEYS.token) !== null;
  setToken(token, remembered);
}

/** Every token change ends the session the live socket's place belonged to. */
export function clearToken(): void {
  remove(localStorage, STORAGE_KEYS.token);
  remove(sessionStorage, STORAGE_KEYS.token);
  remove(sessionStorage, STORAGE_KEYS.liveCursor);
}

/** Logout (docs/product.md §2.2): the token, the agreement flag and the last-sync time go. */
export function clearSession(): void {
  clearToken();
  remove(localStorage, STORAGE_KEYS.agreement);
  remove(localStorage, STORAGE_KEYS.lastSync);
}

export function getStoredLocale(): string | null {
  return read(localStorage, STORAGE_KEYS.locale);
}

export function setStoredLocale(locale: string): void {
  write(localStorage, STORAGE_KEYS.locale, locale);
}

export function hasAcceptedAgreement(): boolean {
  return read(localStorage, STORAGE_KEYS.agreement) === 'true';
}

export function setAgreementAccepted(): void {
  write(localStorage, STORAGE_KEYS.agreement, 'true');
}

/** Last balance sync, as an ISO timestamp. */
export function getLastSync(): string | null {
  return read(localStorage, STORAGE_KEYS.lastSync);
}

export function setLastSync(at: Date = new Date()): void {
  write(localStorage, STORAGE_KEYS.lastSync, at.toISOString());
}

/** The live socket's place in the session's money events: its cursor and the ids already handed on. */
export type LiveCursor = { cursor: number; seen: number[] };

const isEventId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The place this tab's live socket had reached, kept in sessionStorage so a reload connects with it
 * and hears what came while the page was loading; dropped with every token change (clearToken), and
 * set to the session's beginning (0) by a sign-in in this tab (setToken).
 */
export function getLiveCursor(): LiveCursor | null {
  const raw = read(sessionStorage, STORAGE_KEYS.liveCursor);
  if (!raw) return null;
  try {
    const { cursor, seen } = JSON.parse(raw) as Partial<LiveCursor>;
    if (!isEventId(cursor) || !Array.isArray(seen) || !seen.every(isEventId)) return null;
    return { cursor, seen };
  } catch {
    return null;
  }
}

export function setLiveCursor(state: LiveCursor): void {
  write(sessionStorage, STORAGE_KEYS.liveCursor, JSON.stringify(state));
}

export function getInviterCode(): string | null {
  return read(localStorage, STORAGE_KEYS.inviterCode) || null;
}

/** An inviter code the server does not know is dropped, so it never blocks registration. */
export function clearInviterCode(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.inviterCode);
  } catch {
    // Private mode: nothing was stored.
  }
}

export function setInviterCode(code: string): void {
  const trimmed = code.trim();
  if (trimmed) write(localStorage, STORAGE_KEYS.inviterCode, trimmed);
}

/** A visitor's chat id: made once, then reused. */
export function getGuestId(): string {
  const stored = read(localStorage, STORAGE_KEYS.guestId);
  if (stored?.startsWith(GUEST_ID_PREFIX)) return stored;
  const id = `${GUEST_ID_PREFIX}${randomId()}`;
  write(localStorage, STORAGE_KEYS.guestId, id);
  return id;
}

/** crypto.randomUUID exists only in secure contexts; plain-http LAN hosts need the fallback. */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
