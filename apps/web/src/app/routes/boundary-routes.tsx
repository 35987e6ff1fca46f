import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/loader';

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
type BoundaryState = { failedAt: string | null };

/** Catches a screen that fails to load or render; the next navigation tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
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
