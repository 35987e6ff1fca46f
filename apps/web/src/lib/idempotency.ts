import { randomId } from './storage';

/** A fresh Idempotency-Key for one user action (DESIGN §4, §7); made once per click, never per retry. */
export function newIdempotencyKey(): string {
  return randomId();
}
