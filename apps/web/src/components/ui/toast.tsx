// Toasts (docs/product.md §7): success or danger, each stays TOAST_DURATION_MS. Callable from anywhere.
import { TOAST_DURATION_MS } from '@krapao/contracts/constants';
import { useRef, useSyncExternalStore } from 'react';
import { randomId } from '../../lib/storage';
import { useTopLayer } from './top-layer';

export type ToastTone = 'success' | 'danger';
export type ToastItem = { id: string; tone: ToastTone; text: string };

let items: ToastItem[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: string): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

export function showToast(text: string, tone: ToastTone = 'success'): string {
  const id = randomId();
  items = [...items, { id, tone, text }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (text: string) => showToast(text, 'success'),
  danger: (text: string) => showToast(text, 'danger'),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-400/40 bg-emerald-950/95 text-emerald-100',
  danger: 'border-rose-400/40 bg-rose-950/95 text-rose-100',
};

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  const ref = useRef<HTMLDivElement>(null);
  // Always shown (an empty, click-through strip) so that the live region is always there. Below the
  // signed-in header (h-14), whose language switch and logout stay usable while a toast shows.
  useTopLayer(ref, true);
  return (
    <div
      ref={ref}
      popover="manual"
      data-testid="toast"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 bottom-auto z-[70] mx-auto my-0 flex w-full max-w-md flex-col gap-2 overflow-visible border-0 bg-transparent px-3 py-0 text-inherit"
    >
      {list.map((item) => (
        <div
          key={item.id}
          role={item.tone === 'danger' ? 'alert' : 'status'}
          data-testid={`toast-${item.tone}`}
          className={`pointer-events-auto rounded-xl border px-4 py-3 text-sm shadow-lg ${TONES[item.tone]}`}
        >
          {item.text}
        </div>
      ))}
    </div>
  );
}
