/** Rows of a raw `execute`, whichever driver answered: node-postgres ({rows}) and PGlite alike. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
