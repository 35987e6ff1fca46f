// Credentials never reach the logs (decision 056): auto-login paths carry the game username and
// password, launch links a one-time token, provider logins a password in the query string.
import type { FastifyRequest } from 'fastify';
import { decodedPath } from './routed-path.ts';

const MASK = '***';
/** /api/autoLogin/{game}/{username}[/{password}] — in any case and any spelling (`%61utoLogin`). */
const AUTO_LOGIN = /^(\/api\/autologin\/[^/?#]*)((?:\/[^/?#]*)*)/i;
/** /demo-provider/launch/{token} */
const LAUNCH = /^(\/demo-provider\/launch)((?:\/[^/?#]*)*)/i;
const SECRET_PARAMS = new Set(['username', 'user', 'password', 'pass', 'pwd', 'token', 'txtusername', 'txtpassword']);

function maskSegments(prefix: string, rest: string): string {
  return prefix + rest.replace(/\/[^/]+/g, `/${MASK}`);
}

/** The URL with every credential part replaced by `***`; the path as the router reads it (decoded). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = decodedPath(q === -1 ? url : url.slice(0, q));
  const query = q === -1 ? '' : url.slice(q + 1);
  path = path.replace(AUTO_LOGIN, (_m, prefix: string, rest: string) => maskSegments(prefix, rest));
  path = path.replace(LAUNCH, (_m, prefix: string, rest: string) => maskSegments(prefix, rest));
  if (q === -1) return path;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    let key = rawKey;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    } catch {}
    return eq !== -1 && SECRET_PARAMS.has(key.toLowerCase()) ? `${rawKey}=${MASK}` : pair;
  });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
