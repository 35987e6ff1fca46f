// Every call of the operator console. All live under /api/ops and answer only a staff session.
export const opsPaths = {
  login: '/api/ops/auth/login',
  logout: '/api/ops/auth/logout',
  /** Ends every session of the signed-in staff member (all devices). */
  logoutAll: '/api/ops/auth/logout-all',
  me: '/api/ops/auth/me',
  /** GET: what the enrolment link shows (secret, otpauth URI); POST: password + first TOTP code. */
  enrol: '/api/ops/auth/enrol/:token',
  staff: '/api/ops/staff',
  staffRole: '/api/ops/staff/:staffId/role',
  staffDisable: '/api/ops/staff/:staffId/disable',
  staffEnable: '/api/ops/staff/:staffId/enable',
  /** A new one-time enrolment link: the old password and TOTP secret stop working. */
  staffReEnrol: '/api/ops/staff/:staffId/re-enrol',
  audit: '/api/ops/audit',
} as const;

/** The console's own pages, served by the server under this base. */
export const OPS_BASE = '/ops';
/** The enrolment page a one-time link opens: `${OPS_BASE}/enrol/<token>`. */
export const OPS_ENROL_PAGE = `${OPS_BASE}/enrol`;

/** The session cookie (httpOnly, Secure, SameSite=Strict, Path=/api/ops). */
export const OPS_SESSION_COOKIE = 'krapao_ops';
/** The CSRF cookie the console reads and echoes in OPS_CSRF_HEADER on every call that changes something. */
export const OPS_CSRF_COOKIE = 'krapao_ops_csrf';
export const OPS_CSRF_HEADER = 'x-csrf-token';
