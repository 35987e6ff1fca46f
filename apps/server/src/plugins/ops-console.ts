// The operator console's build under OPS_BASE: its own files, its own history fallback and its own
// strict Content-Security-Policy (no inline style, no other origin, never framed). Registered with the
// prefix, so nothing under /ops ever reaches the member SPA's fallback; without a build, /ops is a 404.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const OPS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

export async function opsConsolePlugin(app: FastifyInstance, opts: { dir: string }) {
  const indexFile = path.join(opts.dir, 'index.html');
  const hasBuild = existsSync(indexFile);

  // After helmet's member CSP (set on request), so this one is what leaves.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', OPS_CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.dir,
      wildcard: false,
      decorateReply: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ opsDist: opts.dir }, 'no built operator console found: /ops answers 404');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const html = await readFile(indexFile);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply.code(404).send({ message: 'NO_DATA' });
  });
}
