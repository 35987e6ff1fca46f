import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/loader';
import { reloadForChunkError, shouldReloadFor } from '../../lib/chunk-reload';

/** Shown while the first screen's code loads. */
export function BootFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="h-10 w-10" />
    </div>
  );
}

/** A screen failed to load or render (e.g. a new deploy replaced its chunk). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <h1 className="text-xl font-bold text-gold-300">{t('routeError.title')}</h1>
      <p className="text-sm text-white/70">{t('routeError.message')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-xl bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950"
      >
        {t('actions.reload')}
      </button>
    </main>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { failedAt: string | null; reloading: boolean };

/**
 * Catches a screen that fails to load or render; the next navigation tries again. A chunk that failed
 * to load (a deploy replaced it) reloads the page once instead (lib/chunk-reload.ts).
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failedAt: '', reloading: shouldReloadFor(error) };
  }

  // Decided from the error itself: the state derived from it may not be applied yet here. Preact,
  // unlike React, does not report an error a boundary caught: it goes to the console here.
  override componentDidCatch(error: unknown): void {
    console.error('screen failed', error);
    if (shouldReloadFor(error)) reloadForChunkError();
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null, reloading: false };
    return null;
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return this.state.reloading ? <BootFallback /> : <RouteError />;
  }
}

/**
 * The root of the route tree: the error screen, and the boot fallback while a screen's code loads.
 * `onLocation` runs on every render with the path about to show (it starts loading its screens).
 */
export function RootShell({ onLocation }: { onLocation?: (pathname: string) => void }) {
  const { key, pathname } = useLocation();
  onLocation?.(pathname);
  return (
    <RouteErrorBoundary resetKey={key}>
      <Suspense fallback={<BootFallback />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
