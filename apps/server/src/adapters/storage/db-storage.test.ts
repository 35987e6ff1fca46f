import { afterAll, beforeAll } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createDbStorage } from './db-storage.ts';
import { storageContract } from './storage.contract.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database.close());

storageContract('db (PGlite)', () => createDbStorage(database.db));
