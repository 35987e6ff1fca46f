// A graceful stop over real sockets: a request in flight when the stop begins gets its answer, a
// kept-alive connection idle at that moment still carries one more request (answered with
// Connection: close), and a new connection is refused before a byte of its request is sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { healthPaths } from '@krapao/contracts/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

type Answer = { status: number; connection?: string; reused: boolean } | { error: string };

function send(agent: http.Agent | false, path: string, body?: { first: string; rest: Promise<string> }) {
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: body
          ? { 'content-type': 'application/json', 'content-length': String(body.first.length + 40) }
          : undefined,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    if (!body) return void req.end();
    req.write(body.first);
    void body.rest.then((rest) => req.end(rest.padEnd(40, ' ')));
  });
}

describe('stopGracefully', () => {
  it('answers the request in flight and the next one on an idle kept-alive connection, refuses new ones', async () => {
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await send(keepAlive, healthPaths.live)).toMatchObject({ status: 200 });

    // A login whose body is half sent: in flight when the stop begins.
    let sendRest: (rest: string) => void = () => {};
    const rest = new Promise<string>((r) => {
      sendRest = r;
    });
    const inFlight = send(false, '/api/auth/login', { first: '{"username":"nobody",', rest });
    await new Promise((r) => setTimeout(r, 300));

    const stopped = t.app.stopGracefully(10_000);
    await new Promise((r) => setTimeout(r, 50));

    expect(await send(false, healthPaths.live)).toEqual({ error: 'ECONNREFUSED' });
    expect(await send(keepAlive, healthPaths.live)).toEqual({ status: 200, connection: 'close', reused: true });

    sendRest('"password":"wrong-password-1"}');
    const answer = await inFlight;
    expect(answer).toMatchObject({ connection: 'close' });
    expect('status' in answer && answer.status >= 400 && answer.status < 500).toBe(true);

    expect(await stopped).toBe(true);
    keepAlive.destroy();
  });
});
