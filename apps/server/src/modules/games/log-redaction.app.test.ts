// Credentials in auto-login paths and provider logins never reach the log lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { seed } from '../../seed.ts';
import type { TestApp } from '../../test/test-app.ts';
import { newMember } from '../auth/testing.ts';
import { activate, get } from './testing.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // Always PGlite: this file is about the log, not the database.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' });
  const database = await openDatabase({});
  await seed(database.db, config, { demoMember: false });
  const { app, ctx } = await buildApp({ config, db: database.db, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
  t = {
    app,
    ctx,
    db: database.db,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
    },
  };
});
afterAll(() => t.close());

describe('request logs', () => {
  it('mask auto-login credentials, launch tokens and query-string passwords', async () => {
    const m = await newMember(t);
    const { username, password } = await activate(t, m.token, 'PG');
    const superslot = await activate(t, m.token, 'SUPERSLOT');
    lines.length = 0;

    const link = (await get(t, `/api/autoLogin/pg/${username}`, m.token)).json().link as string;
    await get(t, `/api/autoLogin/pgslot/${username}/${password}`, m.token);
    await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    const query = new URLSearchParams({ username: superslot.username, password: superslot.password });
    await t.app.inject({ method: 'GET', url: `/demo-provider/superslot/login?${query}` });

    const log = lines.join('');
    expect(log).toContain('/api/autoLogin/pg/***');
    expect(log).toContain('/api/autoLogin/pgslot/***/***');
    expect(log).toContain('/demo-provider/launch/***');
    expect(log).toContain('/demo-provider/superslot/login?username=***&password=***');
    for (const secret of [username, password, superslot.username, superslot.password, link.split('/').pop()!]) {
      expect(log).not.toContain(secret);
    }
  });
});
