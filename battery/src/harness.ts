// What a battery test is: a title, the server settings it needs, and a run that answers one line
// per figure. The runner gives each test its own database and server process.
import type { Client } from './http.ts';
import type { Product } from './product.ts';
import type { BatterySettings } from './settings.ts';

/** One printed line: PASS, FAIL or SKIP (pass null) with its figure and the goal it is held to. */
export type Line = { id: string; name: string; figure: string; goal: string; pass: boolean | null; seconds?: number };

export type TestContext = {
  s: BatterySettings;
  product: Product;
  api: Client;
  log: (msg: string) => void;
  /** Prints a line as soon as it is known (the runner also collects it). */
  emit: (line: Line) => void;
  sql: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
};

export type BatteryTest = {
  /** The test's number in battery/README.md's table. */
  no: number;
  title: string;
  env?: (s: BatterySettings) => Record<string, string>;
  run: (ctx: TestContext) => Promise<void>;
};

export function line(id: string, name: string, pass: boolean | null, figure: string, goal: string): Line {
  return { id, name, figure, goal, pass };
}

/** Baht from minor units (satang) as the wire shows them. */
export const baht = (minor: bigint | number | string) => (Number(minor) / 100).toFixed(2);

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Polls `check` until it answers true or `ms` pass; answers whether it did. */
export async function eventually(check: () => Promise<boolean>, ms: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
