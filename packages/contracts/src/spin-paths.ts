// Spin wheel API paths (docs/product.md §4.5), apart from the schemas so the SPA reads them without zod.

export const spinPaths = {
  setup: '/api/spinwheel/setup',
  spin: '/api/spinwheel/spin',
  coupon: '/api/spinwheel/coupon',
  claim: '/api/spinwheel/coupon/claim',
  active: '/api/spinwheel/active',
} as const;
