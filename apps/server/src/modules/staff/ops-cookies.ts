// The console's two cookies. The session token is httpOnly and only sent to /api/ops; the CSRF
// token is readable by the console's script (Path=/), which echoes it in OPS_CSRF_HEADER. Both are
// SameSite=Strict, and Secure except on a development site that says it runs on plain http
// (OPS_COOKIE_INSECURE, ignored in production).
import { OPS_CSRF_COOKIE, OPS_SESSION_COOKIE } from '@krapao/contracts/ops/paths';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { OPS_PREFIX } from './ops-guard.plugin.ts';

export type OpenedSession = { token: string; csrf: string; expiresAt: Date };

const secure = (config: Config) => config.isProduction || !config.OPS_COOKIE_INSECURE;

export function setSessionCookies(reply: FastifyReply, config: Config, opened: OpenedSession, now: Date) {
  const maxAge = Math.max(0, Math.floor((opened.expiresAt.getTime() - now.getTime()) / 1000));
  const common = { sameSite: 'strict', secure: secure(config), maxAge } as const;
  reply.setCookie(OPS_SESSION_COOKIE, opened.token, { ...common, httpOnly: true, path: OPS_PREFIX });
  reply.setCookie(OPS_CSRF_COOKIE, opened.csrf, { ...common, httpOnly: false, path: '/' });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const common = { sameSite: 'strict', secure: secure(config) } as const;
  reply.clearCookie(OPS_SESSION_COOKIE, { ...common, httpOnly: true, path: OPS_PREFIX });
  reply.clearCookie(OPS_CSRF_COOKIE, { ...common, path: '/' });
}
