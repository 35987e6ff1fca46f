// Modals whose code loads when they first open (lazy-screen.tsx), kept out of the boot chunk.
import { Suspense, useState } from 'react';
import type { Screen } from './lazy-screen';

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
