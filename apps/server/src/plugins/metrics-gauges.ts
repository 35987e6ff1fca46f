// What /api/metrics reads when it is scraped: the PostgreSQL pool's connections and the sizes of the
// work queues the jobs and operators drain. Queue counts are shared by every scrape for a few seconds
// (one round trip of cheap counts on partial indexes), so many scrapers cost one query.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows-of.ts';

export const QUEUE_CACHE_MS = 5_000;

/** node-postgres's pool: total, idle and waiting clients. PGlite has no pool, so nothing is shown. */
export function registerPoolGauges(registry: Registry, db: Db) {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  new Gauge({
    name: 'krapao_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: total (open) and idle',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'krapao_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection on this instance',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}

type QueueRow = Record<string, number | string>;

const QUEUES = sql`select
  (select count(*) from withdrawals where status = 'APPROVED') as withdrawals_approved,
  (select count(*) from withdrawals where status = 'WAITING_APPROVAL') as withdrawals_waiting_approval,
  (select count(*) from slips where status = 'PENDING') as slips_pending,
  (select count(*) from ledger_transactions where status = 'PENDING' and type = 'TRANSFER') as transfers_pending,
  (select count(*) from ledger_transactions where status = 'UNKNOWN' and type = 'TRANSFER') as transfers_unknown,
  (select count(*) from deposit_reviews where status = 'WAITING') as deposit_reviews_waiting`;

export function registerQueueGauges(registry: Registry, db: Db, log: FastifyBaseLogger, now = () => Date.now()) {
  let cached: { at: number; rows: Promise<QueueRow> } | null = null;
  function counts(): Promise<QueueRow> {
    if (cached && now() - cached.at < QUEUE_CACHE_MS) return cached.rows;
    const rows = db.execute(QUEUES).then((result) => rowsOf<QueueRow>(result)[0] ?? {});
    cached = { at: now(), rows };
    // A failed count is not kept: the next scrape asks again.
    rows.catch(() => {
      cached = null;
    });
    return rows;
  }
  new Gauge({
    name: 'krapao_queue_size',
    help: 'Work waiting, across all instances (cached a few seconds)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [queue, count] of Object.entries(await counts())) this.set({ queue }, Number(count));
      } catch (err) {
        log.warn({ err }, 'metrics: queue sizes unavailable');
      }
    },
  });
}
