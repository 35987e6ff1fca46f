// A request body must have arrived BODY_TIMEOUT_MS after its headers (UPLOAD_BODY_TIMEOUT_MS on the
// multipart routes: slip and chat uploads). Node's requestTimeout is one number for the whole server,
// so the deadline is kept here, per request. A late body is answered 408 KEY_INVALID when nothing was
// answered yet, and its connection is closed, however far the request got.
//
// A body the server stopped reading early (over the limit, site closed) is drained, within the same
// deadline, instead of the connection being reset under it: the client reads the answer it was sent.
import { REQUEST_ID_HEADER } from '@krapao/contracts/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Over this declared size a refused body is not drained: its connection closes after the answer. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
const TIMEOUT_BODY = JSON.stringify({ message: 'KEY_INVALID' });

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isUpload(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  return consumes?.includes('multipart/form-data') ?? false;
}

/** Closes the connection when the body is still incomplete at the deadline. */
function watch(request: FastifyRequest, reply: FastifyReply, ms: number) {
  const raw = request.raw;
  const timer = setTimeout(() => {
    if (raw.complete) return;
    request.log.info({ deadlineMs: ms }, 'request body not received in time: connection closed');
    const socket = raw.socket;
    if (!reply.raw.headersSent && socket.writable) {
      socket.write(
        'HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json; charset=utf-8\r\n' +
          `content-length: ${TIMEOUT_BODY.length}\r\n${REQUEST_ID_HEADER}: ${request.id}\r\n` +
          `cache-control: no-store\r\nconnection: close\r\n\r\n${TIMEOUT_BODY}`,
      );
    }
    socket.destroy();
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  raw.once('end', stop);
  raw.once('close', stop);
}

export const bodyDeadlinePlugin = fp(async (app: FastifyInstance, opts: { bodyMs: number; uploadMs: number }) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request) && !request.raw.complete) {
      const ms = isUpload(request) ? opts.uploadMs : opts.bodyMs;
      if (ms > 0) watch(request, reply, ms);
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Fastify closes the connection after refusing a body it did not finish reading.
    const declared = Number(request.headers['content-length'] ?? 0);
    if (!request.raw.complete && reply.getHeader('connection') === 'close' && declared <= DRAIN_MAX_BYTES) {
      reply.removeHeader('connection');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (!request.raw.complete) request.raw.resume();
    done();
  });
});
