// PostgreSQL text cannot hold U+0000: input carrying one would fail in SQL with a 500. It is refused
// up front, for every route, as KEY_INVALID.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const MAX_DEPTH = 64;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}

/** A callback hook, not an async one: most requests carry nothing to look at, and pay no promise. */
export function rejectNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) done(new AppError('KEY_INVALID'));
  else done();
}

export const rejectNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', rejectNulCharacters);
});
