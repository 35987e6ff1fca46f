// Request bodies have deadlines (a slow body no longer holds its connection), longer on the upload
// routes; a body refused early is drained so its client reads the answer; what Node itself refuses is
// answered in the catalogue shape. Over real sockets.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const BODY_MS = 400;
const UPLOAD_MS = 1_600;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ BODY_TIMEOUT_MS: String(BODY_MS), UPLOAD_BODY_TIMEOUT_MS: String(UPLOAD_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the head and the start of a body, one more byte every 100 ms; resolves when the server closes. */
function slowRequest(head: string, length: number) {
  const started = Date.now();
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.write(`${head}content-length: ${length}\r\n\r\n{`);
    const drip = setInterval(() => socket.writable && socket.write(' '), 100);
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('a request body that arrives too slowly', () => {
  it('is answered 408 KEY_INVALID and its connection closed at the deadline', async () => {
    const head = 'POST /api/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nx-wallet-user: true\r\n';
    const { answer, closedAfterMs } = await slowRequest(head, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"message":"KEY_INVALID"}');
    expect(closedAfterMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(closedAfterMs).toBeLessThan(UPLOAD_MS);
  });

  it('has the longer deadline on an upload route', async () => {
    const head =
      'POST /api/chat/upload-image HTTP/1.1\r\nhost: x\r\ncontent-type: multipart/form-data; boundary=b\r\n' +
      'x-chat-guest-id: guest-7a1b2c3d-1111-4222-8333-944445555666\r\n';
    const { answer, closedAfterMs } = await slowRequest(head, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(UPLOAD_MS - 50);
    expect(closedAfterMs).toBeLessThan(UPLOAD_MS + 2_000);
  });

  it('is closed at the deadline even after an early answer', async () => {
    // No session: 401 before the body is read; the body still may not trickle in forever.
    const head = 'POST /api/wallet/transfer HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n';
    const { answer, closedAfterMs } = await slowRequest(head, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(closedAfterMs).toBeLessThan(UPLOAD_MS);
  });
});

describe('a body over the limit', () => {
  it('is answered 413 and drained: the client reads its answer and the connection serves the next call', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const answers = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString('latin1');
        if ((text.match(/HTTP\/1\.1 /g) ?? []).length === 2 && text.endsWith('}')) socket.end();
      });
      socket.on('error', (err) => resolve(`${text}\n${err.message}`));
      socket.on('close', () => resolve(text));
      socket.write(
        `POST /api/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      socket.write(body);
      socket.write('GET /api/lookup/active HTTP/1.1\r\nhost: x\r\nx-wallet-user: true\r\n\r\n');
    });
    const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(statuses).toEqual(['413', '200']);
    expect(answers).toContain('{"message":"KEY_INVALID"}');
  });
});

describe('a request Node itself refuses', () => {
  it('is answered in the catalogue shape', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(text));
      socket.write('GET /api/lookup/info HTTP/1.1\r\nhost: x\r\nbroken header line\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.endsWith('{"message":"KEY_INVALID"}')).toBe(true);
  });
});
