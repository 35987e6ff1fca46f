import { randomId } from './storage';

/** A fresh Idempotency-Key for one user action (docs/architecture.md §3.1); made once per click, never per retry. */
export function newIdempotencyKey(): string {
  return randomId();
}
