import { useCallback, useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../../lib/reduced-motion';
import { spinAngle } from '../lib/spin-easing';
import type { SpinPlan } from '../lib/wheel-geometry';

/**
 * Turns the wheel frame by frame with requestAnimationFrame. `apply` writes the angle to the DOM
 * directly, so a spin re-renders nothing. The promise settles when the wheel stops; never after unmount.
 * With "reduce motion" on, the wheel stands at once on its planned angle.
 */
export function useWheelRotation(apply: (angle: number) => void) {
  const angle = useRef(0);
  const frame = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const animate = useCallback(
    (plan: SpinPlan) =>
      new Promise<void>((resolve) => {
        if (prefersReducedMotion()) {
          angle.current = plan.to;
          apply(plan.to);
          resolve();
          return;
        }
        let started: number | null = null;
        const step = (now: number) => {
          started ??= now;
          const elapsed = now - started;
          angle.current = spinAngle(plan, elapsed);
          apply(angle.current);
          if (elapsed < plan.durationMs) {
            frame.current = requestAnimationFrame(step);
          } else {
            frame.current = null;
            resolve();
          }
        };
        frame.current = requestAnimationFrame(step);
      }),
    [apply],
  );

  /** Where the wheel stands now (radians, clockwise). */
  const current = useCallback(() => angle.current, []);

  return { animate, current };
}
