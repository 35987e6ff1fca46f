// Five instances started at once on a fresh PostgreSQL database: each migrates and seeds (the demo
// member too), and every one of them comes up; the seed's rows exist once.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_MEMBER } from './db/seed-data.ts';
import { seed } from './seed.ts';

const adminUrl = process.env.DATABASE_URL;
const onPg = process.env.TEST_DB === 'pg' && Boolean(adminUrl);
const name = `krapao_t_${randomBytes(6).toString('hex')}`;
const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

describe.skipIf(!onPg)('start-up on a fresh PostgreSQL database', () => {
  let url = '';
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('five concurrent migrate + seed runs all succeed, and seed each row once', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const starts = await Promise.allSettled(
      Array.from({ length: 5 }, async () => {
        const database = await openDatabase({ databaseUrl: url, poolSize: 3 });
        try {
          await seed(database.db, config, { demoMember: true });
        } finally {
          await database.close();
        }
      }),
    );
    const failed = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failed).toEqual([]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const { rows } = await check.query(
        `select (select count(*)::int from members where username = $1) as members,
                (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
        [DEMO_MEMBER.username],
      );
      expect(rows[0].members).toBe(1);
      expect(rows[0].migrations).toBeGreaterThan(0);
    } finally {
      await check.end();
    }
  });
});
