// argon2id with the OWASP parameters: 19 MiB, t=2, p=1. At most one computation per
// core runs at once (decision 034): more only thrash the caches of the cores they share, and they
// would hold every thread of libuv's pool, which file reads and compression need too.
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const limit = Math.max(1, Number(process.env.ARGON2_CONCURRENCY) || availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than `limit` argon2 computations are running, in arrival order. */
async function oneOfLimit<T>(work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so a newcomer cannot overtake it.
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return oneOfLimit(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneOfLimit(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not tell. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('krapao-timing-equaliser');
  return dummy;
}
