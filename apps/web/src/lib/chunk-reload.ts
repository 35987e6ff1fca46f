// A screen's code that fails to load, typically because a deploy replaced its chunk while the tab was
// open, reloads the page once instead of showing the error screen. A session-storage stamp keeps it to
// once: a second failure within CHUNK_RELOAD_WINDOW_MS shows the error screen, so it never loops.

const STAMP_KEY = 'krapao.chunkReloadAt';
/** Longer than any boot on a slow line: a chunk that fails again this soon after a reload stays failed. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

// Chromium, Firefox and Safari's words for a dynamic import that failed, and Vite's for a style sheet.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

function readStamp(): number | null {
  try {
    return Number(sessionStorage.getItem(STAMP_KEY) ?? 0);
  } catch {
    return null; // no session storage: nothing could stop a loop, so never reload by ourselves
  }
}

/**
 * Whether `error` calls for the one automatic reload: a chunk that failed to load while the browser is
 * online (offline, a reload would fail the same way) and no such reload in the last window.
 */
export function shouldReloadFor(error: unknown, now: number = Date.now()): boolean {
  if (!isChunkLoadError(error) || !navigator.onLine) return false;
  const last = readStamp();
  return last !== null && now - last >= CHUNK_RELOAD_WINDOW_MS;
}

/** Stamp the session, then reload; nothing reloads when the stamp cannot be written. */
export function reloadForChunkError(reload: () => void = () => window.location.reload(), now: number = Date.now()) {
  try {
    sessionStorage.setItem(STAMP_KEY, String(now));
  } catch {
    return;
  }
  reload();
}
