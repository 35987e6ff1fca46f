// Player protection API paths, apart from the schemas so the SPA reads them without zod.

export const protectionPaths = {
  /** GET: the member's protections, what each limit has used and when it frees up. */
  state: '/api/protection',
  /** PUT { kind, period, amount }: set, lower (at once), raise or remove (after 24 h and a confirmation). */
  limit: '/api/protection/limits',
  /** POST { kind, period }: apply a raise or removal whose 24 hours have passed. */
  confirm: '/api/protection/limits/confirm',
  /** POST { kind, period }: drop a waiting raise or removal; the limit in force stays. */
  cancel: '/api/protection/limits/cancel',
  /** POST { kind, duration }: a time-out or a self-exclusion, in force at once; the member is signed out. */
  exclusion: '/api/protection/exclusion',
  /** PUT { minutes }: the reality check interval (0 = off). */
  realityCheck: '/api/protection/reality-check',
  /** GET: this session's time and net result since sign-in, for the reality check dialog. */
  session: '/api/protection/session',
} as const;
