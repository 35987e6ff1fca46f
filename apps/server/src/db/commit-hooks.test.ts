import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from './client.ts';
import { afterCommit, rootOf } from './commit-hooks.ts';
import { rowsOf } from './rows-of.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openDatabase({});
  db = database.db;
  await db.execute(sql`create table hook_probe (n int not null)`);
});
afterAll(() => database.close());

const count = async () =>
  Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from hook_probe`))[0]!.n);
const insert = (ex: Pick<Db, 'execute'>, n: number) => ex.execute(sql`insert into hook_probe (n) values (${n})`);

describe('afterCommit', () => {
  it('runs at once for a statement outside a transaction', async () => {
    const seen: string[] = [];
    await insert(db, 1);
    afterCommit(db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });

  it('runs once the transaction has committed: a read made by the hook sees its rows', async () => {
    const before = await count();
    const seenAtHook: number[] = [];
    const hooks: Promise<number>[] = [];
    await db.transaction(async (tx) => {
      await insert(tx, 2);
      afterCommit(tx, () => hooks.push(count()));
      expect(hooks).toEqual([]);
      expect(rootOf(tx)).toBe(db);
    });
    expect(hooks).toHaveLength(1);
    seenAtHook.push(await hooks[0]!);
    expect(seenAtHook).toEqual([before + 1]);
  });

  it('never runs for a transaction that rolled back', async () => {
    const seen: string[] = [];
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 3);
        afterCommit(tx, () => seen.push('committed'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(seen).toEqual([]);
  });

  it('keeps a released savepoint’s hooks for the outer commit and drops a rolled-back one’s', async () => {
    const seen: string[] = [];
    await db.transaction(async (tx) => {
      await tx.transaction(async (kept) => {
        await insert(kept, 4);
        afterCommit(kept, () => seen.push('kept'));
        await kept.transaction(async (deeper) => {
          afterCommit(deeper, () => seen.push('deeper'));
        });
      });
      await expect(
        tx.transaction(async (undone) => {
          afterCommit(undone, () => seen.push('undone'));
          throw new Error('roll back to the savepoint');
        }),
      ).rejects.toThrow();
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['kept', 'deeper']);
  });

  it('refuses a transaction that is not of a tracked handle', async () => {
    const client = await PGlite.create();
    try {
      const plain = drizzle(client) as unknown as Db;
      await plain.transaction(async (tx) => {
        expect(() => afterCommit(tx, () => {})).toThrow(/not opened through a tracked/);
      });
    } finally {
      await client.close();
    }
  });
});
