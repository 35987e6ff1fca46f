import { Suspense } from 'react';
import { lazyScreen } from '../../../lib/lazy-screen';
import { useRealityCheck } from '../hooks/use-reality-check';

// The dialog and its texts load only when a check falls due.
const RealityCheckDialog = lazyScreen(
  'reality-check-dialog',
  () => import('./reality-check-dialog'),
  (m) => m.RealityCheckDialog,
);

/** Mounted once in the signed-in shell: times the reality check and shows its one dialog. */
export function RealityCheckHost({ onStop }: { onStop: () => void }) {
  const { due, dismiss } = useRealityCheck();
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog.Component summary={due} onContinue={dismiss} onStop={onStop} />
    </Suspense>
  );
}
