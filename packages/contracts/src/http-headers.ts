// Wire-level header names shared by the SPA client and the server, apart from the schemas so the SPA
// reads them without zod.

/** The header that marks the requester as a wallet user. Accepted, never required (decision 001). */
export const WALLET_USER_HEADER = 'x-wallet-user';
export const WALLET_USER_VALUE = 'true';
/** One key per user action on every call that moves money or changes state (docs/architecture.md §3.1). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REQUEST_ID_HEADER = 'x-request-id';
