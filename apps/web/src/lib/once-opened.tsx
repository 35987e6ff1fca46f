// Modals whose code loads when they first open (lazy-screen.tsx), kept out of the boot chunk.
import { Suspense, useState } from 'react';
import type { Screen } from './lazy-screen';
import { whenIdle } from './when-idle';

/**
 * A lazily loaded modal (`of`, from lazyScreen) mounted when it first opens, then kept mounted as if
 * it had always been; its code loads then, or earlier through `of.preload()`.
 */
export function OnceOpened<P extends { open: boolean }>({ of, ...props }: { of: Screen<P> } & P) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <of.Component {...(props as unknown as P)} />
    </Suspense>
  );
}

/**
 * Run `task` once the page's priority images (its largest paint, `fetchpriority="high"`) have loaded or
 * failed, then when idle: work that can wait does not share a slow link with them.
 */
export function afterPriorityImages(task: () => void): () => void {
  let cancelIdle: () => void = () => {};
  let cancelled = false;
  const pending = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter(
    (img) => !img.complete,
  );
  void Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => {
    if (!cancelled) cancelIdle = whenIdle(task);
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
