// The global loader shows only once a call has been in flight for LOADER_DELAY_MS.
import { LOADER_DELAY_MS } from '@krapao/contracts/constants';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { inFlightCount, subscribeInFlight } from '../../lib/in-flight';
import { useTopLayer } from './top-layer';

export function Spinner({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-gold-400/30 border-t-gold-400 ${className}`}
    />
  );
}

export function useDelayedBusy(busy: boolean, delayMs: number = LOADER_DELAY_MS): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && visible;
}

export function GlobalLoader() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(subscribeInFlight, () => inFlightCount() > 0);
  const visible = useDelayedBusy(busy);
  const ref = useRef<HTMLDivElement>(null);
  useTopLayer(ref, visible);
  if (!visible) return null;
  return (
    <div
      ref={ref}
      popover="manual"
      role="status"
      aria-label={t('loading')}
      data-testid="loader"
      className="fixed inset-0 z-[60] m-0 flex h-auto w-auto max-h-none max-w-none items-center justify-center border-0 bg-black/40 p-0"
    >
      <Spinner className="h-10 w-10" />
    </div>
  );
}
