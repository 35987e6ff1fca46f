// The global loader shows only once a call has been in flight for LOADER_DELAY_MS (spec §7).
import { LOADER_DELAY_MS } from '@krapao/contracts/constants';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { inFlightCount, subscribeInFlight } from '../../lib/in-flight';

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
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label={t('loading')}
      data-testid="loader"
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40"
    >
      <Spinner className="h-10 w-10" />
    </div>
  );
}
