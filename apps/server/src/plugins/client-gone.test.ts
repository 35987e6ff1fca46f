import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sourceOf } from '../lib/client-source.ts';
import { clientGonePlugin } from './client-gone.ts';

/** An app whose per-address key reads the address, as the product's rate limit does. */
async function appWith(gone: boolean) {
  const app = Fastify();
  const handled: string[] = [];
  // The client hangs up before the request is handled: its socket no longer has an address.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers['x-gone'] === '1')
      Object.defineProperty(request.raw.socket, 'remoteAddress', { value: undefined });
    done();
  });
  if (gone) await app.register(clientGonePlugin);
  // Every request that gets this far is recorded before its address is read.
  app.addHook('onRequest', (request, _reply, done) => {
    handled.push(request.ip ?? 'no address');
    sourceOf(request.ip);
    done();
  });
  app.get('/', async () => 'ok');
  return { app, handled };
}

describe('a request whose client has gone', () => {
  it('stops before any hook that reads the address; others are answered', async () => {
    const { app, handled } = await appWith(true);
    const answered = await app.inject({ method: 'GET', url: '/' });
    expect(answered.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: '/', headers: { 'x-gone': '1' } }).catch(() => undefined);
    expect(handled).toEqual(['127.0.0.1']);
    await app.close();
  });

  it('without it, the first code that reads the address fails', async () => {
    const { app, handled } = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-gone': '1' } });
    expect(res.statusCode).toBe(500);
    expect(handled).toEqual(['no address']);
    await app.close();
  });
});
