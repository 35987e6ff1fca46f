import { opsPaths } from '@krapao/contracts/ops/paths';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listen, whenDropped, within } from '../chat/socket-testing.ts';
import { opsCall, signedInStaff } from '../staff/testing.ts';
import { publishOpsQueue } from './index.ts';
import { connectLive, heardEvents, nextEvent, pause } from './testing.ts';

let t: TestApp;
let base: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp({ OPS_LIVE_RECHECK_MS: '200' });
  base = await listen(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => t.close());

async function live(token: string | undefined) {
  const socket = await connectLive(base, token);
  open.push(socket);
  return socket;
}

describe('the console live channel', () => {
  it('tells finance about a withdrawal, and support hears nothing of it', async () => {
    const finance = await signedInStaff(t, 'finance');
    const support = await signedInStaff(t, 'support');
    const [f, s] = await Promise.all([live(finance.token), live(support.token)]);
    const supportHeard = heardEvents(s);
    const event = { queue: 'withdrawals', id: '42', change: 'added' } as const;
    const heard = nextEvent(f);
    publishOpsQueue(t.ctx, event);
    expect(await heard).toEqual(event);
    await pause(200);
    expect(supportHeard).toEqual([]);
  });

  it('refuses a connection without a session cookie, or with a wrong one', async () => {
    await expect(live(undefined)).rejects.toThrow('OPS_SIGNED_OUT');
    await expect(live('not-a-session')).rejects.toThrow('OPS_SIGNED_OUT');
  });

  it('refuses a session that was logged out', async () => {
    const finance = await signedInStaff(t, 'finance');
    expect((await opsCall(t, finance, 'POST', opsPaths.logout)).statusCode).toBe(200);
    await expect(live(finance.token)).rejects.toThrow('OPS_SIGNED_OUT');
  });

  it('drops a connected socket once its staff member signs out everywhere', async () => {
    const finance = await signedInStaff(t, 'finance');
    const socket = await live(finance.token);
    const dropped = whenDropped(socket);
    expect((await opsCall(t, finance, 'POST', opsPaths.logoutAll)).statusCode).toBe(200);
    expect((await within(dropped, 3_000, 'drop')).reason).toBe('io server disconnect');
  });

  it('does nothing for an app context without a hub', () => {
    expect(() => publishOpsQueue({} as TestApp['ctx'], { queue: 'slips', id: '1', change: 'removed' })).not.toThrow();
  });
});
