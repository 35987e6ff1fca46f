import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDbStorage } from './db-storage.ts';
import { storageContract } from './storage.contract.ts';

describe.skipIf(process.env.TEST_DB !== 'pg')('the db file store on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  storageContract('db (PostgreSQL)', () => createDbStorage(t.db));
});
