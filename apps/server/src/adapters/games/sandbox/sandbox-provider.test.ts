import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { ProviderRejected, ProviderUnavailable } from '../game-provider.port.ts';
import { createSandboxProvider, type SandboxGameProvider } from './sandbox-provider.ts';

const TIMEOUT_MS = 40;
let database: Database;
let provider: SandboxGameProvider;
let rolls: number[] = [];

beforeAll(async () => {
  database = await openDatabase({});
  provider = createSandboxProvider({
    db: database.db,
    now: () => new Date(),
    baseUrl: 'http://provider.test/demo-provider',
    timeoutMs: TIMEOUT_MS,
    random: () => rolls.shift() ?? 0.99,
  });
});
afterAll(async () => {
  await provider.drain();
  await database.close();
});
beforeEach(() => {
  provider.faults.reset();
  rolls = [];
});

let memberId = 500_000;
async function player(gameCode = 'JOKER', funds = 0n) {
  const credentials = await provider.createPlayer({ gameCode, memberId: ++memberId, currency: 'BAHT' });
  if (funds > 0n) await provider.deposit({ gameCode, username: credentials.username, amount: funds, transferId: id() });
  return { gameCode, ...credentials };
}
const id = () => `t-${randomUUID()}`;

describe('players', () => {
  it('creates a player with a fresh username and password, and a form state only for UFABET', async () => {
    const a = await player('JOKER');
    const b = await player('UFABET');
    expect(a.username).toMatch(/^kp\d+[a-z]{3}$/);
    expect(a.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(a.event).toBeNull();
    expect(Object.keys(b.event ?? {})).toEqual(
      expect.arrayContaining(['__VIEWSTATE', '__VIEWSTATEGENERATOR', '__EVENTVALIDATION', 'txtUserName']),
    );
    expect(b.event?.txtUserName).toBe(b.username);
    expect(await provider.balance(a)).toBe(0n);
  });

  it('resets a password: the new one signs in, the old one no longer does', async () => {
    const p = await player();
    const reset = await provider.resetPassword(p);
    expect(reset.username).toBe(p.username);
    expect(reset.password).not.toBe(p.password);
    expect(await provider.books.signIn(p.gameCode, p.username, p.password)).toBeNull();
    expect(await provider.books.signIn(p.gameCode, p.username, reset.password)).not.toBeNull();
  });

  it('refuses calls for an unknown player', async () => {
    await expect(provider.balance({ gameCode: 'JOKER', username: 'nobody' })).rejects.toBeInstanceOf(ProviderRejected);
    await expect(
      provider.deposit({ gameCode: 'JOKER', username: 'nobody', amount: 100n, transferId: id() }),
    ).rejects.toBeInstanceOf(ProviderRejected);
  });

  it('gives one-time launch links under its base URL', async () => {
    const p = await player();
    const link = await provider.launchLink(p);
    expect(link).toMatch(/^http:\/\/provider\.test\/demo-provider\/launch\/[\w-]{20,}$/);
    const token = link.split('/').pop()!;
    expect((await provider.books.useLaunchToken(token))?.username).toBe(p.username);
    expect(await provider.books.useLaunchToken(token)).toBeNull();
  });
});

describe('transfers keyed by our transfer id', () => {
  it('applies a repeated transfer id once', async () => {
    const p = await player();
    const transferId = id();
    for (let i = 0; i < 3; i++) await provider.deposit({ ...p, amount: 5_000n, transferId });
    expect(await provider.balance(p)).toBe(5_000n);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('APPLIED');
    const out = id();
    await provider.withdraw({ ...p, amount: 2_000n, transferId: out });
    await provider.withdraw({ ...p, amount: 2_000n, transferId: out });
    expect(await provider.balance(p)).toBe(3_000n);
  });

  it('applies parallel repeats of one transfer id once', async () => {
    const p = await player();
    const transferId = id();
    await Promise.all(Array.from({ length: 5 }, () => provider.deposit({ ...p, amount: 700n, transferId })));
    expect(await provider.balance(p)).toBe(700n);
  });

  it('refuses a transfer id reused for a different transfer', async () => {
    const p = await player('JOKER', 10_000n);
    const transferId = id();
    await provider.deposit({ ...p, amount: 100n, transferId });
    await expect(provider.deposit({ ...p, amount: 200n, transferId })).rejects.toThrow(/reused/);
    await expect(provider.withdraw({ ...p, amount: 100n, transferId })).rejects.toThrow(/reused/);
    expect(await provider.balance(p)).toBe(10_100n);
  });

  it('refuses a withdrawal beyond the balance and records nothing', async () => {
    const p = await player('JOKER', 1_000n);
    const transferId = id();
    await expect(provider.withdraw({ ...p, amount: 1_001n, transferId })).rejects.toThrow(/insufficient/);
    expect(await provider.balance(p)).toBe(1_000n);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
    await expect(provider.deposit({ ...p, amount: 0n, transferId: id() })).rejects.toBeInstanceOf(ProviderRejected);
  });

  it('cancel of an unseen id voids it: a late deposit with that id is refused', async () => {
    const p = await player();
    const transferId = id();
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
    expect(await provider.cancelTransfer({ gameCode: p.gameCode, transferId })).toBe('CANCELLED');
    expect(await provider.cancelTransfer({ gameCode: p.gameCode, transferId })).toBe('CANCELLED');
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toThrow(/cancelled/);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('CANCELLED');
    expect(await provider.balance(p)).toBe(0n);
  });

  it('cancel after the transfer went through answers APPLIED and changes nothing', async () => {
    const p = await player();
    const transferId = id();
    await provider.deposit({ ...p, amount: 900n, transferId });
    expect(await provider.cancelTransfer({ gameCode: p.gameCode, transferId })).toBe('APPLIED');
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('APPLIED');
    expect(await provider.balance(p)).toBe(900n);
  });

  it('keeps transfer ids per game', async () => {
    const joker = await player('JOKER');
    const pg = await player('PG');
    const transferId = id();
    await provider.deposit({ ...joker, amount: 100n, transferId });
    expect(await provider.transferStatus({ gameCode: 'PG', transferId })).toBe('NOT_FOUND');
    await provider.deposit({ ...pg, amount: 100n, transferId });
    expect(await provider.balance(pg)).toBe(100n);
  });
});

describe('faults', () => {
  it('timeout: nothing applied, ProviderUnavailable after PROVIDER_TIMEOUT_MS', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['timeout'] });
    const started = Date.now();
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
    expect(await provider.balance(p)).toBe(0n);
  });

  it('error5xx: ProviderUnavailable without applying', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['error5xx'] });
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toThrow(/503/);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
  });

  it('lostResponse: applied, then ProviderUnavailable; a retry with the same id changes nothing', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['lostResponse'] });
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toThrow(/lost/);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('APPLIED');
    await provider.deposit({ ...p, amount: 100n, transferId });
    expect(await provider.balance(p)).toBe(100n);
  });

  it('reject: ProviderRejected, nothing applied', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['reject'] });
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toBeInstanceOf(ProviderRejected);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
  });

  it('slow within the timeout: answers late but answers', async () => {
    const p = await player();
    provider.faults.set({ next: ['slow'], slowMs: 15 });
    const started = Date.now();
    await provider.deposit({ ...p, amount: 100n, transferId: id() });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10);
    expect(await provider.balance(p)).toBe(100n);
  });

  it('slow past the timeout: ProviderUnavailable, then the request lands late', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['slow'], slowMs: TIMEOUT_MS * 2, methods: ['deposit'] });
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toThrow(/timeout/);
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('NOT_FOUND');
    await provider.drain();
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('APPLIED');
    expect(await provider.balance(p)).toBe(100n);
  });

  it('slowMs delays every call it applies to', async () => {
    const p = await player();
    provider.faults.set({ slowMs: 15, methods: ['balance'] });
    const started = Date.now();
    expect(await provider.balance(p)).toBe(0n);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10);
  });

  it('slow past the timeout, cancelled meanwhile: the late request is refused', async () => {
    const p = await player();
    const transferId = id();
    provider.faults.set({ next: ['slow'], slowMs: TIMEOUT_MS * 3, methods: ['deposit'] });
    await expect(provider.deposit({ ...p, amount: 100n, transferId })).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await provider.cancelTransfer({ gameCode: p.gameCode, transferId })).toBe('CANCELLED');
    await provider.drain();
    expect(await provider.transferStatus({ gameCode: p.gameCode, transferId })).toBe('CANCELLED');
    expect(await provider.balance(p)).toBe(0n);
  });

  it('uses the queue in order, one fault per call, then calls go through', async () => {
    const p = await player();
    provider.faults.set({ next: ['error5xx', 'reject'] });
    await expect(provider.balance(p)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(provider.balance(p)).rejects.toBeInstanceOf(ProviderRejected);
    expect(await provider.balance(p)).toBe(0n);
    expect(provider.faults.get().next).toEqual([]);
  });

  it('applies faults only to the listed methods', async () => {
    const p = await player();
    provider.faults.set({ next: ['error5xx'], methods: ['withdraw'] });
    await provider.deposit({ ...p, amount: 100n, transferId: id() });
    expect(await provider.balance(p)).toBe(100n);
    await expect(provider.withdraw({ ...p, amount: 50n, transferId: id() })).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    expect(await provider.balance(p)).toBe(100n);
  });

  it('draws rate faults from its random source: timeout, then 5xx, then lost response', async () => {
    const p = await player();
    provider.faults.set({ timeoutRate: 0.1, errorRate: 0.2, lostResponseRate: 0.3 });
    const [a, b, c, d] = [id(), id(), id(), id()];
    rolls = [0.05, 0.25, 0.55, 0.7];
    await expect(provider.deposit({ ...p, amount: 1n, transferId: a })).rejects.toThrow(/timeout/);
    await expect(provider.deposit({ ...p, amount: 1n, transferId: b })).rejects.toThrow(/503/);
    await expect(provider.deposit({ ...p, amount: 1n, transferId: c })).rejects.toThrow(/lost/);
    await provider.deposit({ ...p, amount: 1n, transferId: d });
    const states = await Promise.all(
      [a, b, c, d].map((transferId) => provider.transferStatus({ gameCode: p.gameCode, transferId })),
    );
    expect(states).toEqual(['NOT_FOUND', 'NOT_FOUND', 'APPLIED', 'APPLIED']);
    expect(await provider.balance(p)).toBe(2n);
  });

  it('refuses an invalid fault setting', () => {
    expect(() => provider.faults.set({ timeoutRate: 2 })).toThrow();
    expect(() => provider.faults.set({ next: ['explode' as 'timeout'] })).toThrow();
  });
});
