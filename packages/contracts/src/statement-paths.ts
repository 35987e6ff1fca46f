// Statement API paths (docs/product.md §3.5), apart from the schemas so the SPA reads them without zod.

export const statementPaths = {
  statement: '/api/statement',
  slip: '/api/statement/slip',
  slipReference: '/api/statement/slip/reference/:reference',
  /** The slip image itself, by the short-lived signed url the reference call returns. */
  slipImage: '/api/statement/slip/image/:reference',
} as const;

export const statementPath = {
  slipReference: (reference: string) => `/api/statement/slip/reference/${encodeURIComponent(reference)}`,
};
