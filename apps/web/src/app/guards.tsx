// Route guards (docs/product.md §2.1), as components around the screens they protect; neither lets the screen
// render (or fetch) before it has decided.
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH, TERMINATED_PATH } from '../lib/api-client';
import { ApiError } from '../lib/api-error';
import { getLookup } from '../lib/lookup-api';
import { hasToken } from '../lib/storage';

/** Protected routes: a stored token is enough; it is never decoded on the client. Re-checked on every navigation. */
export function RequireToken({ children }: { children: ReactNode }) {
  useLocation(); // re-render, and so re-check, on every navigation inside the guarded tree
  if (hasToken()) return children;
  startSiteCheck(); // /login's question goes out before the address changes, as it did with loaders
  return <Navigate to={LOGIN_PATH} replace />;
}

/** true when GET /api/lookup/active says the site is gone; any other failure lets the member try anyway. */
async function siteGone(): Promise<boolean> {
  try {
    const active = await getLookup('active');
    return active?.terminated === 'gone';
  } catch (err) {
    return err instanceof ApiError && err.code === 'gone';
  }
}

type SiteCheck = { answered: boolean; gone: boolean; pending: Promise<void> };

function startCheck(): SiteCheck {
  const check: SiteCheck = { answered: false, gone: false, pending: Promise.resolve() };
  check.pending = siteGone().then((gone) => {
    check.answered = true;
    check.gone = gone;
  });
  return check;
}

// One check per arrival at /login (a location key), kept while that screen is shown: a suspended
// render keeps no state of its own to hold it, and re-renders must not ask again.
let current: { key: string; check: SiteCheck } | null = null;
let early: SiteCheck | null = null;

/**
 * Ask now for the next arrival at /login (the boot at /login, a guard about to send the member
 * there), instead of after the move; a question already waiting is not asked twice.
 */
export function startSiteCheck(): void {
  early ??= startCheck();
}

/**
 * On each arrival at /login, ask whether the site is still open before the screen shows. Until the
 * answer it suspends, as a lazy screen does: the previous screen stays during a navigation, the boot
 * fallback shows at first load.
 */
export function SiteActiveGate({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  if (current?.key !== key) {
    current = { key, check: early ?? startCheck() };
    early = null;
  }
  const { check } = current;
  useEffect(() => {
    current = { key, check };
    return () => {
      if (current?.check === check) current = null; // the next arrival asks again
    };
  }, [key]); // check follows key
  // A thrown promise rather than use(): React retries it like a lazy component, in tests' act() too.
  if (!check.answered) throw check.pending;
  return check.gone ? <Navigate to={TERMINATED_PATH} replace /> : children;
}
