// Wallet API paths (docs/product.md §3.1, §3.2), apart from the schemas so the SPA reads them without zod.

export const walletPaths = {
  wallet: '/api/wallet',
  refreshSlot: '/api/wallet/refresh/slot',
  activate: '/api/wallet/activate/:slotCode',
  account: '/api/wallet/account/:slotCode',
  resetPassword: '/api/wallet/resetpassword/:slotCode',
  add: '/api/wallet/add',
  transfer: '/api/wallet/transfer',
  transferAll: '/api/wallet/transferAll',
  withdraw: '/api/wallet/withdraw',
  withdrawAll: '/api/wallet/withdrawAll',
  slip: '/api/wallet/slip',
  truelink: '/api/wallet/truelink',
} as const;

export const walletPath = {
  activate: (code: string) => `/api/wallet/activate/${encodeURIComponent(code)}`,
  account: (code: string) => `/api/wallet/account/${encodeURIComponent(code)}`,
  resetPassword: (code: string) => `/api/wallet/resetpassword/${encodeURIComponent(code)}`,
};
