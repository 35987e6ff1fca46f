// Configuration is the environment, validated once at boot; each variable's `.describe()` text is
// its row in the README (`npm run docs:config`).
import path from 'node:path';
import { z } from 'zod';
import { CHAT_FIELDS } from './config-chat.ts';
import { bool, DEV_OPERATOR_TOKEN, DEV_SECRET, int, optionalBool, socketOrigin, trustProxy } from './config-fields.ts';
import { OPS_CONSOLE_FIELDS } from './config-ops.ts';
import { configProblems } from './config-rules.ts';
import { REPO_ROOT } from './paths.ts';

export { DEV_OPERATOR_TOKEN, DEV_SECRET, REPO_ROOT };

const ZConfig = z
  .object({
    NODE_ENV: z
      .enum(['development', 'test', 'production'])
      .default('development')
      .describe(
        '`production` refuses the embedded database, sandbox adapters and default secrets unless an `ALLOW_*` variable says so, needs `TRUST_PROXY`, and serves no `/dev` endpoints.',
      ),
    HOST: z.string().default('127.0.0.1').describe('The address the server listens on (`0.0.0.0` in a container).'),
    PORT: int(3000).describe('The port of the whole product: SPA, API and sockets.'),
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'Where people reach the site (`https://example.com`), for the links the server hands out (staff enrolment). Unset: `http://localhost:$PORT`.',
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe('Level of the JSON log lines on stdout (pino).'),
    DATA_DIR: z
      .string()
      .default('./data')
      .describe('Directory of the embedded PGlite database, used while `DATABASE_URL` is unset.'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'PostgreSQL connection URL. Unset: the embedded PGlite under `DATA_DIR`, which production refuses unless `ALLOW_EMBEDDED_DB_IN_PRODUCTION`.',
      ),
    REDIS_URL: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'Redis shared by every instance: rate limits, the socket.io adapter (chat across instances) and session revocations. Unset: all of them stay inside one instance.',
      ),
    REDIS_PREFIX: z
      .string()
      .default('krapao:')
      .describe('The start of every Redis key and channel (rate limits under `<prefix>rl:`).'),
    LAOS: bool.describe(
      'The Laos build of the server: no 10-digit phone rule, Asia/Vientiane, LAK and BAHT, BCEL. Serve it the SPA built with `VITE_LAOS`.',
    ),
    WEB_DIST: z
      .string()
      .optional()
      .describe('The built SPA to serve. Unset: `apps/web/dist` (`apps/web/dist-laos` with `LAOS`).'),
    OPS_DIST: z
      .string()
      .optional()
      .describe(
        'The built operator console, served under `/ops` with its own strict CSP. Unset: `apps/ops/dist`; missing: `/ops` answers 404.',
      ),
    APP_SECRET: z
      .string()
      .min(16)
      .default(DEV_SECRET)
      .describe(
        'Key of the encrypted fields (game passwords) and signed links, 16+ characters; the gateway webhook key is derived from it unless set. Production refuses the default unless `ALLOW_DEFAULT_SECRET_IN_PRODUCTION`.',
      ),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .transform((v) => (v === '' ? undefined : v === 'true' || v === '1'))
      .optional()
      .describe(
        'Seed the demo member, whose password is public. Unset: on outside production, off in production; production refuses to start with `true`.',
      ),
    SANDBOX_RANDOM_SEED: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "Makes the spin wheel's draw reproducible for the browser suite: a member's n-th spin draws the same slice for every member. Unset: a cryptographic draw. Production refuses it.",
      ),
    SESSION_TTL_HOURS: int(168).describe('How long a session token lives.'),
    SESSION_CACHE_MS: int(30_000).describe(
      'How long an instance trusts a verified session before asking the database again; `0` = off. Logout, password change, a lock and a self-exclusion reach every instance at once through Redis (decisions 034, 121).',
    ),
    SESSION_CACHE_MAX: int(20_000).describe("At most this many verified sessions kept in each instance's memory."),
    WALLET_CACHE_MS: int(30_000).describe(
      "How long an instance keeps a member's wallet view (GET /api/wallet) at most; `0` = off. Every change of the member's balances, name, coins or bank account drops it at once on every instance through Redis (decision 120).",
    ),
    WALLET_CACHE_MAX: int(20_000).describe("At most this many members' wallet views kept in each instance's memory."),
    ARGON2_CONCURRENCY: int(0).describe(
      'At most this many argon2 password hashes computed at once; `0` = one per core (decision 034).',
    ),
    LOGIN_MAX_ATTEMPTS: int(5).describe(
      'Wrong passwords from one address on one account before that address is locked out of it (1 min, doubling up to 1 h; decision 056); also wrong old passwords of a password change per member.',
    ),
    LOGIN_IP_MAX_ATTEMPTS: int(50).describe(
      'Failed logins from one address across all accounts within `LOGIN_WINDOW_MINUTES`.',
    ),
    LOGIN_WINDOW_MINUTES: int(15).describe('The window of the login attempt counters.'),
    LOGIN_ACCOUNT_MAX_ATTEMPTS: int(50).describe(
      'Sign-in attempts on one account per day from addresses it was not signed in from within 30 days; the same for members and operator console staff (beyond it: `REQUEST_LIMIT`, `OPS_LOCKED`).',
    ),
    ...OPS_CONSOLE_FIELDS,
    ATTEMPTS_PRUNE_INTERVAL_MS: int(3_600_000).describe(
      'How often attempt counters older than their windows are deleted; `0` = off.',
    ),
    SESSIONS_PRUNE_INTERVAL_MS: int(3_600_000).describe(
      'How often member and operator console sessions that ended (expired, revoked or, for the console, idle) and are past the 30 days a sign-in address stays known are deleted; `0` = off.',
    ),
    OTP_TTL_SECONDS: int(300).describe('How long a one-time code is valid.'),
    OTP_MAX_TRIES: int(5).describe('Wrong entries of one code before it is blocked.'),
    OTP_RESEND_SECONDS: int(60).describe('Least time between two codes sent to one phone.'),
    OTP_MAX_PER_HOUR: int(5).describe('Codes sent to one phone per hour.'),
    OTP_IP_MAX_PER_HOUR: int(30).describe('Codes sent from one address per hour.'),
    OTP_VERIFIED_WINDOW_MINUTES: int(15).describe(
      'A phone verified this recently is sent no new code: the send answers `OTP_VERIFIED` and registration goes on.',
    ),
    OTP_VERIFY_IP_MAX_PER_HOUR: int(150).describe('Code checks from one address per hour.'),
    REGISTER_IP_MAX_PER_HOUR: int(20).describe('Registrations from one address per hour.'),
    REGISTER_VALIDATE_IP_MAX_PER_HOUR: int(100).describe(
      'Registration checks (`POST /api/account/validate`) from one address per hour.',
    ),
    SMS_ADAPTER: z
      .enum(['sandbox', 'http'])
      .default('sandbox')
      .describe(
        'Sender of the OTP messages: `sandbox` keeps them in a dev inbox (`GET /dev/sms`), `http` posts them to `SMS_HTTP_URL`. Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.',
      ),
    SMS_HTTP_URL: z.string().url().optional().describe('The SMS gateway of `SMS_ADAPTER=http` (required then).'),
    SMS_HTTP_TOKEN: z.string().optional().describe('Bearer token sent to the SMS gateway.'),
    RATE_LIMIT_PER_MINUTE: int(600).describe('Requests per address per minute, over all routes.'),
    BODY_LIMIT_BYTES: int(1_048_576).describe('Largest JSON request body.'),
    BODY_TIMEOUT_MS: int(10_000).describe(
      'A request body must have fully arrived this long after its headers, else `408` and the connection is closed.',
    ),
    UPLOAD_BODY_TIMEOUT_MS: int(120_000).describe(
      'The same for the slip and chat uploads: room for a 20 MB video at about 1.4 Mbit/s.',
    ),
    OPENAPI_PUBLIC: optionalBool.describe(
      'Serve the OpenAPI document and its UI at `/api/docs`. Unset: on outside production, off in production.',
    ),
    RECONCILE_INTERVAL_MS: int(5_000).describe(
      'How often reconciliation settles wallet/game transfers left UNKNOWN or PENDING, asking the provider by our transfer id; `0` = off.',
    ),
    RECONCILE_PENDING_AFTER_MS: int(60_000).describe(
      'A PENDING transfer older than this lost its process and reconciliation takes it; keep it above `PROVIDER_TIMEOUT_MS`.',
    ),
    RECONCILE_LEASE_MS: int(30_000).describe(
      'How long an instance holds a transfer it is settling before another instance may take it.',
    ),
    BANK_FEED_INTERVAL_MS: int(5_000).describe(
      'How often the bank-feed sweep credits transfers into the house accounts (AUTO accounts, matched transfer notices) and expires notices older than 24 h; `0` = off.',
    ),
    DEPOSIT_RULES_INTERVAL_MS: int(30_000).describe(
      'How often deposits whose house rules never ran (a crash right after the credit) get them; `0` = off (decision 054).',
    ),
    TURNOVER_SYNC_INTERVAL_MS: int(30_000).describe(
      "How often each game's settled bets are read from its provider (a balance refresh and a withdrawal read them too); `0` = off (decision 055).",
    ),
    TURNOVER_SETTLE_MS: int(1_000).describe(
      'Bets younger than this may still be settling at the provider: a read stops this far behind now and takes them next time.',
    ),
    PAYOUT_ADAPTER: z
      .enum(['sandbox'])
      .default('sandbox')
      .describe(
        'Payout bank of the withdrawals; `sandbox` keeps its book in `sandbox_payouts`. Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.',
      ),
    PAYOUT_INTERVAL_MS: int(5_000).describe('How often the payout worker pays approved withdrawals; `0` = off.'),
    PAYOUT_TIMEOUT_MS: int(15_000).describe(
      'How long the payout worker waits for the payout bank (no answer: it asks the bank before any retry).',
    ),
    PAYOUT_INLINE_TIMEOUT_MS: int(3_000).describe(
      "How long the withdraw request's own first try waits for the payout bank before the worker takes over.",
    ),
    PAYOUT_LEASE_MS: int(60_000).describe(
      'A payout an instance took and did not finish in this long lost its process: another instance takes it.',
    ),
    SHUTDOWN_TIMEOUT_MS: int(20_000).describe(
      "On SIGTERM or SIGINT: readiness answers 503 and no connection is taken; requests in flight and the jobs' current items get this long before the process exits (non-zero when they did not finish).",
    ),
    TRUEMONEY_ADAPTER: z
      .enum(['sandbox'])
      .default('sandbox')
      .describe(
        "TrueMoney vouchers and the house wallet's feed; `sandbox` keeps its books in `sandbox_truemoney`. Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.",
      ),
    TRUEMONEY_INTERVAL_MS: int(5_000).describe(
      'How often the TrueMoney sweep credits AUTO-mode transfers and redeemed vouchers not yet credited; `0` = off.',
    ),
    TRUEMONEY_TIMEOUT_MS: int(10_000).describe('How long one TrueMoney call may take.'),
    TRUST_PROXY: trustProxy.describe(
      "Who may set `X-Forwarded-For`: `none` (or `false`), or the balancers' addresses / CIDRs, comma-separated (`10.0.0.0/8,192.0.2.7`). Behind a balancer set it, or every client shares the balancer's per-address limits. `true` trusts every client (development only). Production refuses to start while it is unset and refuses `true`; with `none` the first request carrying `X-Forwarded-For` is logged.",
    ),
    CHAT_BACKEND_ORIGIN: socketOrigin.describe(
      "The chat backend the SPA is built with (`VITE_CHAT_BACKEND`) when it is another host, e.g. `wss://chat.example.com`: the only WebSocket origin the CSP `connect-src` adds to `'self'`.",
    ),
    CORS_ORIGINS: z.string().default('').describe('Comma-separated origins allowed to call the API from another site.'),
    FRAME_ANCESTORS: z
      .string()
      .default("'self'")
      .describe('CSP `frame-ancestors`: who may frame the SPA (iframe mode).'),
    GAME_FORM_ACTION_HOSTS: z
      .string()
      .default('')
      .describe('Extra CSP `form-action` hosts, for games launched by a form POST.'),
    GAME_PROVIDER: z
      .enum(['sandbox'])
      .default('sandbox')
      .describe(
        'Game-provider adapter; `sandbox` is the built-in demo provider at `/demo-provider`. Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.',
      ),
    PROVIDER_TIMEOUT_MS: int(5000).describe(
      'How long a game-provider call may take before it counts as no answer (the transfer is then settled by reconciliation).',
    ),
    QR_GATEWAY: z
      .enum(['sandbox'])
      .default('sandbox')
      .describe(
        'Payment-gateway adapter of QR deposits; `sandbox` keeps its orders in `sandbox_gateway_orders`, paid through `POST /dev/gateway/pay/:qrcodeId`. Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.',
      ),
    QR_GATEWAYS: z
      .string()
      .default('KBANK,WW,PAYTIMZ')
      .describe(
        'The gateways a QR may be created at, comma-separated; each must also be a `PAYMENT` entry of the deposit lookup.',
      ),
    QR_TTL_SECONDS: int(600).describe('How long a QR can be paid.'),
    QR_PAYTIMZ_MINIMUM: int(10).describe(
      "PAYTIMZ's smallest QR in baht (KBANK 1, WW 100); the lookup's `minimumDeposit` applies on top.",
    ),
    QR_MAXIMUM: int(2_000_000).describe('The largest QR deposit, in baht.'),
    QR_JOB_INTERVAL_MS: int(5_000).describe(
      'How often the QR job settles expired QRs, asking the gateway first (a paid order whose webhook never came is credited); `0` = off.',
    ),
    GATEWAY_TIMEOUT_MS: int(5_000).describe(
      'How long a gateway call may take before it counts as no answer (a create then fails with `QR_FAIL`).',
    ),
    GATEWAY_WEBHOOK_SECRET: z
      .string()
      .min(16)
      .optional()
      .describe(
        "HMAC-SHA256 key of the gateways' webhooks (`x-gateway-signature` over `timestamp.body`, `x-gateway-timestamp` within 5 minutes). Unset: derived from `APP_SECRET`.",
      ),
    GATEWAY_WEBHOOK_RETRY_MS: int(2_000).describe(
      "The sandbox gateway's first webhook retry delay (doubling, 5 tries).",
    ),
    QR_BILLER_TAX_ID: z
      .string()
      .regex(/^\d{13}$/)
      .default('0105561234567')
      .describe("The sandbox gateway's biller tax id in its Thai QR payloads; each gateway adds a 2-digit suffix."),
    DEMO_PROVIDER_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'Where browsers reach the demo provider; unset: `http://localhost:$PORT/demo-provider`, on purpose another origin than `127.0.0.1` so launches cross origins. Its origin is added to the CSP `form-action`.',
      ),
    OPERATOR_TOKEN: z
      .string()
      .min(16)
      .default(DEV_OPERATOR_TOKEN)
      .describe(
        'Bearer token of the chat agent API (`/api/chat/agent/*`) and operator sockets, 16+ characters. Production refuses the default unless `ALLOW_DEFAULT_SECRET_IN_PRODUCTION`.',
      ),
    OPERATOR_TOKEN_PREVIOUS: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'The operator token being retired, accepted beside `OPERATOR_TOKEN` while machine integrations move to the new one; unset it once they have. Staff answer chat in the console, signed in, never with a token.',
      ),
    METRICS_TOKEN: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe(
        'Bearer token (16+ characters) of the Prometheus endpoint `GET /api/metrics`. Unset: the endpoint is off (`404`).',
      ),
    UPLOAD_DIR: z
      .string()
      .optional()
      .describe(
        'Where uploads lived before the file store: a file missing from the store is still read from here (slips in `slips/`). Unset: `<DATA_DIR>/uploads`.',
      ),
    STORAGE_ADAPTER: z
      .enum(['db', 's3'])
      .default('db')
      .describe(
        "Where slips and chat uploads are kept: `db` in the database's `stored_files` table (shared by every instance), `s3` in an S3-compatible bucket (the production choice for many instances).",
      ),
    S3_ENDPOINT: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined))
      .describe("An S3-compatible server's URL (MinIO, R2…). Unset: AWS."),
    S3_REGION: z.string().min(1).default('us-east-1').describe("The bucket's region."),
    S3_BUCKET: z.string().optional().describe('The bucket of `STORAGE_ADAPTER=s3` (required then).'),
    S3_ACCESS_KEY_ID: z
      .string()
      .optional()
      .describe("The bucket's access key. Unset: the AWS SDK's own chain (environment, instance role)."),
    S3_SECRET_ACCESS_KEY: z.string().optional().describe("The bucket's secret key. Unset: the AWS SDK's own chain."),
    S3_FORCE_PATH_STYLE: bool.describe('Path-style bucket addressing; most self-hosted servers want `true`.'),
    ...CHAT_FIELDS,
    SLIP_VERIFIER: z
      .enum(['sandbox'])
      .default('sandbox')
      .describe(
        'Slip verifier; `sandbox` answers from the sandbox bank feed (`sandbox_bank_feed`) and fails on request (`PUT /dev/payment-faults/slip-verifier`). Production refuses `sandbox` unless `ALLOW_SANDBOX_IN_PRODUCTION`.',
      ),
    SLIP_VERIFY_TIMEOUT_MS: int(15_000).describe(
      'How long a slip upload, and the recheck job, wait for the verifier (no answer: the slip stays PENDING).',
    ),
    SLIP_JOB_INTERVAL_MS: int(10_000).describe(
      'How often the job re-verifies PENDING slips (bank delay, verifier down); `0` = off.',
    ),
    SLIP_RECHECK_DEADLINE_MS: int(1_800_000).describe(
      'A slip still unverified this long after its upload ends `UNKNOW_ERROR`.',
    ),
    SLIP_MAX_PER_MINUTE: int(5).describe('Slip uploads per member per minute (`REQUEST_LIMIT_1MIN`); `0` = no limit.'),
    SLIP_IP_MAX_PER_MINUTE: int(30).describe('Slip uploads per address per minute; `0` = no limit.'),
    ALLOW_EMBEDDED_DB_IN_PRODUCTION: bool.describe(
      'Let production run on the embedded PGlite (one instance, no `DATABASE_URL`).',
    ),
    ALLOW_SANDBOX_IN_PRODUCTION: bool.describe(
      'Let production run with sandbox adapters (SMS, games, QR gateway, payouts, TrueMoney, slip verifier).',
    ),
    ALLOW_DEFAULT_SECRET_IN_PRODUCTION: bool.describe(
      'Let production run with the default `APP_SECRET` and `OPERATOR_TOKEN`.',
    ),
  })
  .superRefine((c, ctx) => {
    for (const problem of configProblems(c)) ctx.addIssue({ code: 'custom', ...problem });
  });

/** Every variable the server reads (the deploy files may set no other). */
export const CONFIG_KEYS: readonly string[] = Object.keys(ZConfig.shape);
/** Each variable's schema, with its default and `.describe()` text (the README's table: config-table.ts). */
export const CONFIG_SHAPE = ZConfig.shape;

export type Config = Omit<z.infer<typeof ZConfig>, 'SEED_DEMO' | 'OPENAPI_PUBLIC'> & {
  /** Seed the demo member: SEED_DEMO when set, else on everywhere but production. */
  SEED_DEMO: boolean;
  OPENAPI_PUBLIC: boolean;
  dataDir: string;
  /** Where the disk-only server kept uploads: read when a file is missing from the store. */
  uploadDir: string;
  webDist: string;
  opsDist: string;
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
    opsDist: path.resolve(base, c.OPS_DIST ?? path.join(REPO_ROOT, 'apps/ops/dist')),
    isProduction: c.NODE_ENV === 'production',
  };
}
