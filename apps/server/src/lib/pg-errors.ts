// What PostgreSQL said when a statement failed. Drizzle wraps the driver's error (pg and PGlite
// alike) in one or two layers of `cause`, so the code and constraint are looked for down the chain.

export type PgFailure = { code: string; constraint: string | undefined; message: string };

export function pgFailure(err: unknown): PgFailure | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        constraint: typeof constraint === 'string' ? constraint : undefined,
        message: typeof message === 'string' ? message : '',
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused the row (a parallel writer won); optionally only the named one. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const failure = pgFailure(err);
  if (failure?.code !== '23505') return false;
  return constraint === undefined || failure.constraint === undefined || failure.constraint === constraint;
}

/** Raised by the ledger's SQL functions when a member account would go below zero (0008). */
export const MONEY_NOT_ENOUGH_SQLSTATE = 'KR001';
