// The whole server as one Fastify instance: plugins first (outside, then ours), then the routes of
// each domain, then the built SPA with history fallback.
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CHAT_GUEST_HEADER } from '@krapao/contracts/chat';
import { IDEMPOTENCY_HEADER, REQUEST_ID_HEADER, WALLET_USER_HEADER } from '@krapao/contracts/http';
import { OPS_BASE } from '@krapao/contracts/ops/paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { createGameProviders, providerFormOrigins } from './adapters/games/game-providers.ts';
import { createPaymentAdapters } from './adapters/payments.ts';
import { createHttpSms } from './adapters/sms/http-sms.ts';
import { createSandboxSms } from './adapters/sms/sandbox-sms.ts';
import type { SmsAdapter } from './adapters/sms/sms.port.ts';
import { createFileStorage } from './adapters/storage/file-storage.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { startJobs } from './jobs.ts';
import { clientAbortAtInfo } from './lib/client-abort-log.ts';
import { sourceOf } from './lib/client-source.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createMetrics } from './lib/metrics.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { serializerCompiler } from './lib/response-serializer.ts';
import { isApiPath, routedPath } from './lib/routed-path.ts';
import { accountRoutes } from './modules/account/index.ts';
import { agreementRoutes } from './modules/agreement/index.ts';
import { auditRoutes, useAuditChainKey } from './modules/audit/index.ts';
import { authRoutes, createSessionService } from './modules/auth/index.ts';
import { bonusRoutes, conditionOnDepositCredited, createCreditConditions } from './modules/bonus/index.ts';
import { chatPlugin } from './modules/chat/index.ts';
import {
  bankNoticeRoutes,
  depositOpsRoutes,
  onDepositCredited,
  qrRoutes,
  slipRoutes,
  truemoneyLinkRoutes,
} from './modules/deposit/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { gamesRoutes } from './modules/games/index.ts';
import { healthPlugin } from './modules/health/index.ts';
import { inviteRoutes, referralShareOnPlay } from './modules/invite/index.ts';
import {
  bannersOpsRoutes,
  contentOpsRoutes,
  createSettingsRepository,
  lookupOpsRoutes,
  lookupRoutes,
} from './modules/lookup/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { opsDashboardRoutes } from './modules/ops-dashboard/index.ts';
import { opsLivePlugin } from './modules/ops-live/index.ts';
import { opsApprovalsRoutes, opsMembersRoutes } from './modules/ops-members/index.ts';
import {
  depositOfferBlocked,
  protectionOpsRoutes,
  protectionRoutes,
  setFirstDepositLimit,
} from './modules/protection/index.ts';
import { refundRoutes } from './modules/refund/index.ts';
import { spinCoinsOnPlay, spinOpsRoutes, spinRoutes } from './modules/spin/index.ts';
import { opsGuardPlugin, staffActOf, staffAuthRoutes, staffRoutes } from './modules/staff/index.ts';
import { statementRoutes } from './modules/statement/index.ts';
import { onDepositPlayed } from './modules/turnover/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { withdrawRoutes } from './modules/withdraw/index.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { bodyDeadlinePlugin } from './plugins/body-deadline.ts';
import { clientGonePlugin } from './plugins/client-gone.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { opsConsolePlugin } from './plugins/ops-console.ts';
import { ownRouteHooksPlugin } from './plugins/own-route-hooks.ts';
import { proxyTrustPlugin, requestIdOf } from './plugins/proxy-trust.ts';
import { rejectNulPlugin } from './plugins/reject-nul.ts';
import { siteActivePlugin } from './plugins/site-active.ts';

export type BuildOptions = {
  config: Config;
  db: Db;
  sms?: SmsAdapter;
  now?: () => Date;
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: { write(line: string): void };
};

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db } = opts;
  useAuditChainKey(config.AUDIT_CHAIN_KEY);
  const sandboxSms = createSandboxSms(db);
  const now = opts.now ?? (() => new Date());
  const sms =
    opts.sms ??
    (config.SMS_ADAPTER === 'http' ? createHttpSms(config.SMS_HTTP_URL!, config.SMS_HTTP_TOKEN) : sandboxSms);
  // Process metrics (CPU, memory, event loop) only where someone scrapes them.
  const metrics = createMetrics({ processMetrics: Boolean(config.METRICS_TOKEN) });
  const gameProviders = createGameProviders({ config, db, now, metrics });
  const payments = createPaymentAdapters({ config, db, now, metrics });
  const files = createFileStorage(config, db, now);
  const ctx: AppContext = {
    config,
    db,
    sms,
    now,
    limiter: createRateLimiter(db, now),
    gameProviders,
    payments,
    files,
    metrics,
  };
  // Rewards that vest as deposits are played through (modules/turnover/deposit-played.ts).
  onDepositPlayed(ctx, referralShareOnPlay(ctx));
  onDepositPlayed(ctx, spinCoinsOnPlay(ctx));
  // What follows a credited deposit (modules/deposit/deposit-credited.ts): an active condition's raise.
  onDepositCredited(ctx, conditionOnDepositCredited(ctx));

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.oldPassword', '*.newPassword'],
      // Auto-login paths and provider logins carry credentials in the URL.
      serializers: { req: serializeRequest },
      hooks: { logMethod: clientAbortAtInfo },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY ?? false,
    // genReqId decides alone: a client's x-request-id counts only from a trusted proxy.
    requestIdHeader: false,
    genReqId: requestIdOf(config.TRUST_PROXY),
    frameworkErrors,
    clientErrorHandler,
    // Node's own deadline for a whole request, behind the per-route body deadlines (body-deadline.ts);
    // off when they are.
    requestTimeout:
      config.BODY_TIMEOUT_MS && config.UPLOAD_BODY_TIMEOUT_MS
        ? Math.max(config.BODY_TIMEOUT_MS, config.UPLOAD_BODY_TIMEOUT_MS) + 10_000
        : 0,
  });
  app.server.headersTimeout = Math.min(30_000, app.server.requestTimeout || 30_000);
  app.setValidatorCompiler(validatorCompiler);
  // zod's serializer, without zod's copy of an answer that already has its schema's shape.
  app.setSerializerCompiler(serializerCompiler);

  // First: routes that share a hook list get their own copy before any plugin adds to it.
  await app.register(ownRouteHooksPlugin);
  await app.register(errorsPlugin);
  await app.register(clientGonePlugin);
  await app.register(proxyTrustPlugin, { config });
  await app.register(metricsPlugin, { config, db, metrics });
  await app.register(bodyDeadlinePlugin, { bodyMs: config.BODY_TIMEOUT_MS, uploadMs: config.UPLOAD_BODY_TIMEOUT_MS });
  await registerOutsidePlugins(app, config);

  await app.register(rejectNulPlugin);
  await app.register(siteActivePlugin, { settings: createSettingsRepository(db) });
  await app.register(authenticatePlugin, { sessions: createSessionService(ctx) });
  await app.register(idempotencyPlugin, { db });
  // Before any /api/ops route: it refuses one that names no permission (modules/staff, decision 061).
  await app.register(opsGuardPlugin, { ctx });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (isApiPath(routedPath(request))) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(lookupRoutes, { ctx, offerBlock: depositOfferBlocked });
  await app.register(authRoutes, { ctx, firstDepositLimit: setFirstDepositLimit });
  await app.register(accountRoutes, { ctx, sessions: createSessionService(ctx) });
  await app.register(gamesRoutes, { ctx });
  await app.register(chatPlugin, { ctx });
  // The console's live channel (decision 063), on the same HTTP server as the chat's.
  await app.register(opsLivePlugin, { ctx });
  await app.register(walletRoutes, { ctx, conditions: createCreditConditions(ctx) });
  await app.register(qrRoutes, { ctx });
  await app.register(bankNoticeRoutes, { ctx });
  await app.register(statementRoutes, { ctx });
  await app.register(truemoneyLinkRoutes, { ctx });
  await app.register(withdrawRoutes, { ctx });
  await app.register(slipRoutes, { ctx });
  await app.register(bonusRoutes, { ctx });
  await app.register(inviteRoutes, { ctx });
  await app.register(refundRoutes, { ctx });
  await app.register(protectionRoutes, { ctx });
  await app.register(spinRoutes, { ctx });
  await app.register(agreementRoutes, { ctx });
  await app.register(staffAuthRoutes, { ctx });
  await app.register(staffRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(opsDashboardRoutes, { ctx });
  await app.register(opsMembersRoutes, { ctx });
  await app.register(opsApprovalsRoutes, { ctx });
  await app.register(depositOpsRoutes, { ctx });
  await app.register(lookupOpsRoutes, { ctx, actOf: staffActOf });
  await app.register(contentOpsRoutes, { ctx, actOf: staffActOf });
  await app.register(bannersOpsRoutes, { ctx, actOf: staffActOf });
  await app.register(mediaRoutes, { ctx });
  await app.register(spinOpsRoutes, { ctx });
  await app.register(protectionOpsRoutes, { ctx, actOf: staffActOf });
  if (!config.isProduction) await app.register(devRoutes, { ctx, inbox: sandboxSms.inbox });

  await app.register(healthPlugin, { ctx, jobs: startJobs(app, ctx) });

  // The operator console is its own build under /ops, never part of the member SPA.
  await app.register(opsConsolePlugin, { prefix: OPS_BASE, dir: config.opsDist });
  await registerSpa(app, config);
  return { app, ctx };
}

async function registerOutsidePlugins(app: FastifyInstance, config: Config) {
  const formHosts = config.GAME_FORM_ACTION_HOSTS.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  // helmet's headers, computed once here: they depend on the configuration alone.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Operators may point the contact QR, how-to posters and videos at an https host: pictures
          // and media cannot run code, so any https source is allowed for those two kinds only.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers this host's ws(s):// too (CSP 3); another chat backend only when configured.
          connectSrc: ["'self'", ...(config.CHAT_BACKEND_ORIGIN ? [config.CHAT_BACKEND_ORIGIN] : [])],
          frameAncestors: config.FRAME_ANCESTORS.split(' ').filter(Boolean),
          formAction: ["'self'", ...formHosts, ...providerFormOrigins(config)],
          objectSrc: ["'none'"],
          // The member app's service worker (/sw.js) and web app manifest: this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Set as the reply's own headers, not on the raw response: Node then writes the whole head from one
  // object instead of routing every header of the answer through setHeader (cheaper on every request).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      allowedHeaders: [
        'authorization',
        'content-type',
        WALLET_USER_HEADER,
        IDEMPOTENCY_HEADER,
        REQUEST_ID_HEADER,
        CHAT_GUEST_HEADER,
      ],
    });
  }
  // gzip / brotli for the SPA's files and the API's JSON when the client asks (decision 032).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(config.REDIS_URL
      ? {
          redis: new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }),
          nameSpace: `${config.REDIS_PREFIX}rl:`,
        }
      : {}),
    // An IPv6 client counts by its /64 (lib/client-source.ts).
    keyGenerator: (req) => sourceOf(req.ip),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'REQUEST_LIMIT_1MIN' }),
  });
  if (!config.OPENAPI_PUBLIC) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Krapao API', version: '1.1.14' },
      tags: [{ name: 'ops', description: 'The operator console: staff sessions only (decision 061)' }],
    },
    // A console route also names its permission (x-permission; null: signed in is enough).
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const { permission, opsPublic } = input.route.config ?? {};
      if (permission === undefined) return out;
      return { ...out, schema: { ...out.schema, 'x-permission': permission, 'x-ops-public': !!opsPublic } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * The headers a helmet middleware sets, read once. Every directive here is a fixed value (no nonce
 * function), so they are the same on every answer; helmet 8 throws on a bad option (at start).
 */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** The member app's service worker, at the root of the SPA build (apps/web/vite-pwa.ts). */
const SPA_WORKER_FILE = 'sw.js';

/** The built SPA, with history fallback: any GET that is not the API or a build file answers index.html. */
async function registerSpa(app: FastifyInstance, config: Config) {
  const hasSpa = existsSync(path.join(config.webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // The SPA build writes .br / .gz next to each text file (decision 033): sent as they are, with
      // content-encoding and vary set here, so @fastify/compress leaves them alone.
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The service worker: always asked again (a new build must be seen), for the whole site.
        if (file === path.join(config.webDist, SPA_WORKER_FILE)) res.header('service-worker-allowed', '/');
      },
    });
  } else {
    app.log.warn({ webDist: config.webDist }, 'no built SPA found: serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = routedPath(request);
    const isApi = isApiPath(url);
    // A hashed build file that is not there (an older build's chunk) is a 404, never the page: the app
    // then sees a failed chunk and reloads, and the service worker never stores a page as a script.
    const isBuildFile = url.startsWith('/assets/');
    if (hasSpa && !isApi && !isBuildFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'NO_DATA' });
  });
}
