// Login, registration and OTP API paths (docs/product.md §2.2, §2.3), apart from the schemas so the SPA
// reads them without zod.

export const authPaths = {
  login: '/api/login',
  register: '/api/account',
  validate: '/api/account/validate',
  otpSend: '/api/otp/send',
  otpVerify: '/api/otp/verify',
  /** Ends the session on the server too (decision 001). */
  logout: '/api/logout',
} as const;
