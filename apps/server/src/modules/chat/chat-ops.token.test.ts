// The operator token of machine integrations rotates: the previous token works beside the current
// one until it is unset, on the agent API and the operator socket alike.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chatPaths } from '@krapao/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { connectSocket, listen } from './socket-testing.ts';

const CURRENT = 'operator-token-current-0123456789';
const PREVIOUS = 'operator-token-previous-0123456789';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    OPERATOR_TOKEN: CURRENT,
    OPERATOR_TOKEN_PREVIOUS: PREVIOUS,
    CHAT_AGENT: 'off',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'krapao-chat-')),
  });
  base = await listen(t);
});
afterAll(() => t.close());

const list = (token: string) =>
  t.app.inject({ method: 'GET', url: chatPaths.agentConversations, headers: { authorization: `Bearer ${token}` } });

describe('operator token rotation', () => {
  it('accepts the current and the previous token, and nothing else', async () => {
    expect((await list(CURRENT)).statusCode).toBe(200);
    expect((await list(PREVIOUS)).statusCode).toBe(200);
    expect((await list('operator-token-unknown-0123456789')).statusCode).toBe(401);
    expect((await list(`${PREVIOUS}x`)).statusCode).toBe(401);

    const socket = await connectSocket(base, { operatorToken: PREVIOUS });
    expect(socket.connected).toBe(true);
    socket.close();
    await expect(connectSocket(base, { operatorToken: 'operator-token-unknown-0123456789' })).rejects.toThrow(
      'UNAUTHORIZED',
    );
  });
});
