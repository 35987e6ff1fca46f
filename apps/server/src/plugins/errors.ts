// One error handler: every failure leaves as `{ message: CODE }` from the catalogue (docs/product.md §7).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

type ValidationIssue = { keyword?: string; message?: string };

/** A required field absent → KEY_MISSING; anything else wrong with the input → KEY_INVALID. */
function validationCode(issues: readonly ValidationIssue[]) {
  const missing = issues.some((i) => i.keyword === 'invalid_type' && /received undefined$/.test(i.message ?? ''));
  return missing ? 'KEY_MISSING' : 'KEY_INVALID';
}

const CLIENT_ERRORS: Record<string, number> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_INVALID_TYPE: 400,
  FST_ERR_VALIDATION: 400,
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ ...error.details, message: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const code = validationCode(error.validation as ValidationIssue[]);
      const fields = error.validation.map((v) => v.instancePath.replace(/^\//, '') || v.message).slice(0, 10);
      return reply.code(400).send({ message: code, fields });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: 'REQUEST_LIMIT_1MIN' });
    }
    const clientStatus = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (clientStatus || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
      return reply.code(clientStatus ?? error.statusCode ?? 400).send({ message: 'KEY_INVALID' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });
});

/**
 * What the router refuses before any route runs (`/api/qrcode/%ZZ`, a parameter over its length):
 * the catalogue's shape too, not Fastify's own. Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).header('cache-control', 'no-store').send({ message: 'KEY_INVALID' });
}

/**
 * What Node refuses before Fastify sees a request (a broken request line, headers too large, a
 * request not received within the server's requestTimeout), answered in the same shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: 'KEY_INVALID' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
