// Log lines as an aggregator reads them from many instances: one JSON object per line, and every
// line of a request carrying its id (the x-request-id the client was answered with). A response the
// client stopped reading is an info line, not an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, type TestApp } from './test/test-app.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

describe('log lines', () => {
  it('are JSON, and a request’s lines carry its request id', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: headers('not-a-session') });
    expect(res.statusCode).toBe(401);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number });
    const ofRequest = parsed.filter((line) => line.reqId === requestId);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest.every((line) => typeof line.level === 'number')).toBe(true);
  });

  it('a response stream the client closed early is info; any other error stays an error', () => {
    lines.length = 0;
    t.app.log.error(new Error('premature close'));
    t.app.log.error(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    t.app.log.error(new Error('disk full'));
    const parsed = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; err?: { message: string } });
    expect(parsed.map((line) => [line.level, line.err?.message])).toEqual([
      [30, 'premature close'],
      [30, 'Premature close'],
      [50, 'disk full'],
    ]);
  });
});
