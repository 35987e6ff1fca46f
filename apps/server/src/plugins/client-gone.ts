// A request whose connection closed before it was handled has no client address: Node drops a
// socket's remoteAddress once it is destroyed. No answer can reach that client, so the request stops
// here, before any limit, lookup or write, instead of failing as an error in the first code that
// reads the address (the per-address limits are the first).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const clientGonePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.ip !== undefined) {
      done();
      return;
    }
    // Nothing is sent and no later hook or handler runs; the connection is already closed.
    reply.hijack();
    request.raw.destroy();
  });
});
