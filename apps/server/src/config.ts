// Configuration is the environment, validated once at boot (DESIGN §3).
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';
import { REPO_ROOT } from './paths.ts';

export { REPO_ROOT };
export const DEV_SECRET = 'krapao-dev-secret-change-me';
export const DEV_OPERATOR_TOKEN = 'krapao-dev-operator-token';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .default(false);
const int = (def: number) => z.coerce.number().int().min(0).default(def);
/** true / false when set, undefined when unset or empty (then the default depends on NODE_ENV). */
const optionalBool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => (v === '' ? undefined : v === 'true' || v === '1'))
  .optional();
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if ('value' in parsed) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });
/** A WebSocket origin: ws(s)://host[:port]; http(s):// is taken as the matching ws(s) one. */
const socketOrigin = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const url = new URL(v);
      if (!/^(wss?|https?):$/.test(url.protocol)) throw new Error(url.protocol);
      return url.origin.replace(/^http/, 'ws');
    } catch {
      ctx.addIssue({ code: 'custom', message: 'a ws(s):// or http(s):// origin' });
      return z.NEVER;
    }
  });

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: int(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REDIS_URL: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REDIS_PREFIX: z.string().default('krapao:'),
    LAOS: bool,
    WEB_DIST: z.string().optional(),
    APP_SECRET: z.string().min(16).default(DEV_SECRET),
    /** The demo member (public password): on by default outside production, refused in production. */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .transform((v) => (v === '' ? undefined : v === 'true' || v === '1'))
      .optional(),
    SESSION_TTL_HOURS: int(168),
    /** How long a verified session is trusted in process before PostgreSQL is asked again; 0 = off (decision 034). */
    SESSION_CACHE_MS: int(5_000),
    /** At most this many verified sessions kept in process. */
    SESSION_CACHE_MAX: int(20_000),
    /** At most this many argon2 computations at once; 0 = one per core (lib/password.ts reads it, decision 034). */
    ARGON2_CONCURRENCY: int(0),
    /** Attempts of one source on one account before it is locked out of it, with back-off (decision 056). */
    LOGIN_MAX_ATTEMPTS: int(5),
    LOGIN_IP_MAX_ATTEMPTS: int(50),
    LOGIN_WINDOW_MINUTES: int(15),
    /** Attempts on one account per day from sources its member has not signed in from lately. */
    LOGIN_ACCOUNT_MAX_ATTEMPTS: int(50),
    /** How often attempt counters older than their windows are deleted (0 = off). */
    ATTEMPTS_PRUNE_INTERVAL_MS: int(3_600_000),
    OTP_TTL_SECONDS: int(300),
    OTP_MAX_TRIES: int(5),
    OTP_RESEND_SECONDS: int(60),
    OTP_MAX_PER_HOUR: int(5),
    OTP_IP_MAX_PER_HOUR: int(30),
    OTP_VERIFIED_WINDOW_MINUTES: int(15),
    OTP_VERIFY_IP_MAX_PER_HOUR: int(150),
    REGISTER_IP_MAX_PER_HOUR: int(20),
    REGISTER_VALIDATE_IP_MAX_PER_HOUR: int(100),
    SMS_ADAPTER: z.enum(['sandbox', 'http']).default('sandbox'),
    SMS_HTTP_URL: z.string().url().optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    RATE_LIMIT_PER_MINUTE: int(600),
    BODY_LIMIT_BYTES: int(1_048_576),
    /** A request body must have fully arrived this long after its headers, or the connection is closed. */
    BODY_TIMEOUT_MS: int(10_000),
    /** The same for the slip and chat uploads (multipart routes): a 20 MB video at about 1.4 Mbit/s. */
    UPLOAD_BODY_TIMEOUT_MS: int(120_000),
    /** The OpenAPI document and its UI at /api/docs: on by default outside production only. */
    OPENAPI_PUBLIC: optionalBool,
    RECONCILE_INTERVAL_MS: int(5_000),
    /** A PENDING transfer older than this lost its process: reconciliation takes it (above the provider timeout). */
    RECONCILE_PENDING_AFTER_MS: int(60_000),
    RECONCILE_LEASE_MS: int(30_000),
    /** How often the bank-feed sweep credits transfers into the house accounts (0 = off). */
    BANK_FEED_INTERVAL_MS: int(5_000),
    /** How often deposits whose house rules never ran (a crash after the credit) get them. */
    DEPOSIT_RULES_INTERVAL_MS: int(30_000),
    /** How often each game's settled bets are read from its provider (decision 055); 0 = off. */
    TURNOVER_SYNC_INTERVAL_MS: int(30_000),
    /** Bets younger than this may still be settling at the provider: a sync reads up to now minus it. */
    TURNOVER_SETTLE_MS: int(1_000),
    PAYOUT_ADAPTER: z.enum(['sandbox']).default('sandbox'),
    /** How often the payout worker pays approved withdrawals; 0 = off. */
    PAYOUT_INTERVAL_MS: int(5_000),
    /** How long the worker waits for the payout bank; the withdraw request itself waits PAYOUT_INLINE_TIMEOUT_MS. */
    PAYOUT_TIMEOUT_MS: int(15_000),
    PAYOUT_INLINE_TIMEOUT_MS: int(3_000),
    /** A payout a worker took and did not finish in this long lost its process: another worker takes it. */
    PAYOUT_LEASE_MS: int(60_000),
    /** On SIGTERM: how long requests in flight and job passes get to finish before the process exits. */
    SHUTDOWN_TIMEOUT_MS: int(20_000),
    TRUEMONEY_ADAPTER: z.enum(['sandbox']).default('sandbox'),
    /** How often the TrueMoney sweep credits the house wallet's incoming money (AUTO mode); 0 = off. */
    TRUEMONEY_INTERVAL_MS: int(5_000),
    /** How long we wait for TrueMoney's answer to one call. */
    TRUEMONEY_TIMEOUT_MS: int(10_000),
    /** Who may set X-Forwarded-For (lib/trust-proxy.ts): none, or the proxies' addresses / CIDRs. */
    TRUST_PROXY: trustProxy,
    /** The chat backend the SPA is built to use (VITE_CHAT_BACKEND) when it is another host: allowed by the CSP. */
    CHAT_BACKEND_ORIGIN: socketOrigin,
    CORS_ORIGINS: z.string().default(''),
    FRAME_ANCESTORS: z.string().default("'self'"),
    GAME_FORM_ACTION_HOSTS: z.string().default(''),
    GAME_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    PROVIDER_TIMEOUT_MS: int(5000),
    QR_GATEWAY: z.enum(['sandbox']).default('sandbox'),
    /** The gateways (bankType PAYMENT of the deposit lookup) a QR may be created at, comma-separated. */
    QR_GATEWAYS: z.string().default('KBANK,WW,PAYTIMZ'),
    QR_TTL_SECONDS: int(600),
    QR_PAYTIMZ_MINIMUM: int(10),
    /** The largest QR deposit, in baht. */
    QR_MAXIMUM: int(2_000_000),
    /** How often the QR job settles expired QRs (asking the gateway first); 0 = off. */
    QR_JOB_INTERVAL_MS: int(5_000),
    GATEWAY_TIMEOUT_MS: int(5_000),
    /** Signs the gateways' webhooks; derived from APP_SECRET when unset. */
    GATEWAY_WEBHOOK_SECRET: z.string().min(16).optional(),
    /** The sandbox gateway's first webhook retry delay (doubling, 5 attempts). */
    GATEWAY_WEBHOOK_RETRY_MS: int(2_000),
    /** The sandbox gateway's biller (tax id) in its Thai QR payloads; each gateway adds its suffix. */
    QR_BILLER_TAX_ID: z
      .string()
      .regex(/^\d{13}$/)
      .default('0105561234567'),
    DEMO_PROVIDER_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    OPERATOR_TOKEN: z.string().min(16).default(DEV_OPERATOR_TOKEN),
    /** Bearer token of GET /api/metrics (Prometheus); while unset the endpoint is off (404). */
    METRICS_TOKEN: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    UPLOAD_DIR: z.string().optional(),
    /** Where files (slips, chat uploads) are kept: the shared database, or an S3-compatible store. */
    STORAGE_ADAPTER: z.enum(['db', 's3']).default('db'),
    S3_ENDPOINT: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool,
    CHAT_PREFIX: z
      .string()
      .regex(/^[\w-]{1,40}$/)
      .default('krapao-chat'),
    CHAT_AGENT: z.enum(['sandbox', 'off']).default('sandbox'),
    CHAT_AGENT_DELAY_MS: int(700),
    CHAT_SEND_MAX_PER_MINUTE: int(30),
    CHAT_UPLOAD_MAX_PER_HOUR: int(30),
    /** Guests pick their own ids, so guests are also limited per source address (members are not: carrier NAT). */
    CHAT_SEND_IP_MAX_PER_MINUTE: int(60),
    CHAT_UPLOAD_IP_MAX_PER_HOUR: int(60),
    /** Bytes guests may store from one source address in 24 hours; 0 = no cap. */
    CHAT_UPLOAD_IP_MAX_MB_PER_DAY: int(100),
    /** An upload no message uses is deleted this long after it arrived. */
    CHAT_UPLOAD_UNUSED_MS: int(3_600_000),
    /** How often that cleanup runs; 0 = off. */
    CHAT_UPLOAD_CLEANUP_INTERVAL_MS: int(300_000),
    /** How often every member socket's session is verified again (revocations also drop them at once). */
    CHAT_SOCKET_RECHECK_MS: int(5_000),
    SLIP_VERIFIER: z.enum(['sandbox']).default('sandbox'),
    /** How long a slip upload (and the recheck job) waits for the slip verifier. */
    SLIP_VERIFY_TIMEOUT_MS: int(15_000),
    /** How often the job re-verifies slips the bank had not shown yet; 0 = off. */
    SLIP_JOB_INTERVAL_MS: int(10_000),
    /** A slip still unverified this long after its upload gives up with UNKNOW_ERROR. */
    SLIP_RECHECK_DEADLINE_MS: int(1_800_000),
    SLIP_MAX_PER_MINUTE: int(5),
    SLIP_IP_MAX_PER_MINUTE: int(30),
    ALLOW_EMBEDDED_DB_IN_PRODUCTION: bool,
    ALLOW_SANDBOX_IN_PRODUCTION: bool,
    ALLOW_DEFAULT_SECRET_IN_PRODUCTION: bool,
  })
  .superRefine((c, ctx) => {
    if (c.STORAGE_ADAPTER === 's3' && !c.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE_ADAPTER=s3 needs S3_BUCKET' });
    if (c.NODE_ENV !== 'production') return;
    if (c.SEED_DEMO)
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'production refuses SEED_DEMO=true: the demo member has a public password (unset SEED_DEMO)',
      });
    if (!c.DATABASE_URL && !c.ALLOW_EMBEDDED_DB_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs DATABASE_URL (or ALLOW_EMBEDDED_DB_IN_PRODUCTION=true)',
      });
    if (c.SMS_ADAPTER === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({ code: 'custom', message: 'production needs real adapters (or ALLOW_SANDBOX_IN_PRODUCTION=true)' });
    if (c.GAME_PROVIDER === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs a real GAME_PROVIDER (or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      });
    if (c.QR_GATEWAY === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs a real QR_GATEWAY (or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      });
    if (c.APP_SECRET === DEV_SECRET && !c.ALLOW_DEFAULT_SECRET_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs APP_SECRET (or ALLOW_DEFAULT_SECRET_IN_PRODUCTION=true)',
      });
    if (c.OPERATOR_TOKEN === DEV_OPERATOR_TOKEN && !c.ALLOW_DEFAULT_SECRET_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs OPERATOR_TOKEN (or ALLOW_DEFAULT_SECRET_IN_PRODUCTION=true)',
      });
    if (c.PAYOUT_ADAPTER === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs a real PAYOUT_ADAPTER (or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      });
    if (c.TRUEMONEY_ADAPTER === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs a real TRUEMONEY_ADAPTER (or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      });
    if (c.SLIP_VERIFIER === 'sandbox' && !c.ALLOW_SANDBOX_IN_PRODUCTION)
      ctx.addIssue({
        code: 'custom',
        message: 'production needs a real SLIP_VERIFIER (or ALLOW_SANDBOX_IN_PRODUCTION=true)',
      });
    if (c.TRUST_PROXY === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'production needs TRUST_PROXY: the proxies in front of it (addresses or CIDRs), or none when clients connect directly',
      });
    if (c.TRUST_PROXY === true)
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'production refuses TRUST_PROXY=true (any client could pick its address): name the proxies (addresses or CIDRs)',
      });
    if (c.SMS_ADAPTER === 'http' && !c.SMS_HTTP_URL)
      ctx.addIssue({ code: 'custom', message: 'SMS_ADAPTER=http needs SMS_HTTP_URL' });
  });

/** Every variable the server reads (the deploy files may set no other). */
export const CONFIG_KEYS: readonly string[] = Object.keys(ZConfig.shape);

export type Config = Omit<z.infer<typeof ZConfig>, 'SEED_DEMO' | 'OPENAPI_PUBLIC'> & {
  /** Seed the demo member: SEED_DEMO when set, else on everywhere but production. */
  SEED_DEMO: boolean;
  OPENAPI_PUBLIC: boolean;
  dataDir: string;
  /** Where the disk-only server kept uploads: read when a file is missing from the store. */
  uploadDir: string;
  webDist: string;
  isProduction: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    OPENAPI_PUBLIC: c.OPENAPI_PUBLIC ?? c.NODE_ENV !== 'production',
    dataDir: path.resolve(base, c.DATA_DIR),
    uploadDir: path.resolve(base, c.UPLOAD_DIR ?? path.join(c.DATA_DIR, 'uploads')),
    webDist: path.resolve(base, c.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web', c.LAOS ? 'dist-laos' : 'dist')),
    isProduction: c.NODE_ENV === 'production',
  };
}
