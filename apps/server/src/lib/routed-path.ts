// The path a request was routed by. The router decodes percent-escapes (`/%61pi/wallet` is
// `/api/wallet`), so every check on "is this the API, which call is it" reads this, never the raw URL.
import type { FastifyRequest } from 'fastify';

/** The URL's path with every ASCII percent-escape decoded; never throws (`%ZZ` stays as it is). */
export function decodedPath(url: string): string {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  return raw.replace(/%([0-7][0-9a-f])/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The matched route's pattern (`/api/qrcode/:qrcodeId`), or the decoded path when nothing matched. */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions?.url ?? decodedPath(request.url);
}

/** The API and the dev endpoints: JSON answers, never cached, never the SPA page. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/dev/');
}
