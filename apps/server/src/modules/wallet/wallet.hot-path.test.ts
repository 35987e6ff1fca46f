// Each fused statement of `wallet.hot-path.ts` against the same facts read the plain way, one table
// at a time. Two members with different money, banks and games sit side by side, so a join that
// loses its member filter (or picks the wrong account) answers the neighbour's facts and fails.
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/account.ts';
import { sessions } from '../../db/schema/auth.ts';
import { gameAccounts } from '../../db/schema/games.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { banks } from '../../db/schema/lookup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { activate } from '../games/testing.ts';
import { deposit } from '../ledger/ledger-testing.ts';
import { call, type Member, signedInMember } from './testing.ts';
import { createWalletHotPath, type WalletHotPath } from './wallet.hot-path.ts';

let t: TestApp;
let hot: WalletHotPath;
let a: Member;
let b: Member;
beforeAll(async () => {
  t = await createTestApp();
  hot = createWalletHotPath(t.db);
  a = await signedInMember(t, 300);
  b = await signedInMember(t, 900);
  await activate(t, a.token, 'PG');
  await activate(t, b.token, 'PG');
  await activate(t, b.token, 'JOKER');
  const moved = await call(
    t,
    a,
    'POST',
    '/api/wallet/transfer',
    { from: 'WALLET', to: 'PG', amount: 40 },
    'hot-path-a-1',
  );
  expect(moved.statusCode).toBe(200);
  await call(t, b, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 70 }, 'hot-path-b-1');
  await t.db.update(bankAccounts).set({ bankCode: 'KBANK' }).where(eq(bankAccounts.memberId, b.memberId));
});
afterAll(async () => {
  await t.close();
});

const accountOf = async (memberId: number, code: string) => {
  const [row] = await t.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.code, code)));
  return row ?? null;
};

describe('wallet_view', () => {
  const plain = async (memberId: number) => {
    const [m] = await t.db.select().from(members).where(eq(members.id, memberId));
    const [bank] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId));
    const [names] = await t.db.select().from(banks).where(eq(banks.code, bank!.bankCode));
    const accounts = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.memberId, memberId));
    return {
      member: { id: m!.id, name: m!.name, username: m!.username, coin: m!.coin, currency: m!.currency },
      bank: {
        bankCode: bank!.bankCode,
        accountName: bank!.accountName,
        accountNo: bank!.accountNo,
        nameTH: names!.nameTH,
        nameEN: names!.nameEN,
      },
      balances: new Map(accounts.map((x) => [x.code, x.balance])),
      accountIds: accounts.map((x) => x.id).sort((x, y) => x - y),
    };
  };

  it('answers the member, the bank account and every balance the plain reads give', async () => {
    for (const m of [a, b]) expect(await hot.walletView(m.memberId)).toEqual(await plain(m.memberId));
    const view = await hot.walletView(a.memberId);
    expect(view!.balances).toEqual(
      new Map([
        ['WALLET', 26_000n],
        ['PG', 4_000n],
      ]),
    );
  });

  it('answers null for no such member, and no bank when the member has none', async () => {
    expect(await hot.walletView(9_999_999)).toBeNull();
    await t.db.delete(bankAccounts).where(eq(bankAccounts.memberId, b.memberId));
    expect((await hot.walletView(b.memberId))!.bank).toBeNull();
  });
});

describe('transfer_side', () => {
  const plain = async (memberId: number, gameCode: string) => {
    const [m] = await t.db.select({ currency: members.currency }).from(members).where(eq(members.id, memberId));
    const [game] = await t.db
      .select({ username: gameAccounts.username })
      .from(gameAccounts)
      .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.gameCode, gameCode)));
    return {
      currency: m!.currency,
      gameAccountId: game ? (await accountOf(memberId, gameCode))!.id : null,
      username: game?.username ?? null,
      walletId: (await accountOf(memberId, 'WALLET'))!.id,
    };
  };

  it("answers the member's currency, the game's account and username, and the WALLET", async () => {
    for (const m of [a, b]) expect(await hot.transferSide(m.memberId, 'PG')).toEqual(await plain(m.memberId, 'PG'));
    expect(await hot.transferSide(b.memberId, 'JOKER')).toEqual(await plain(b.memberId, 'JOKER'));
    // A game the member never opened: the member and the WALLET, no game side.
    expect(await hot.transferSide(a.memberId, 'JOKER')).toEqual(await plain(a.memberId, 'JOKER'));
    expect((await hot.transferSide(a.memberId, 'JOKER'))!.gameAccountId).toBeNull();
  });

  it('answers null for no such member', async () => {
    expect(await hot.transferSide(9_999_999, 'PG')).toBeNull();
  });
});

describe('bookingState', () => {
  const plain = async (memberId: number, gameCode: string, accountId: number) => {
    const [account] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
    const [newest] = await t.db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    const unsettled = await t.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.memberId, memberId),
          eq(ledgerTransactions.type, 'TRANSFER'),
          inArray(ledgerTransactions.status, ['PENDING', 'UNKNOWN']),
          or(eq(ledgerTransactions.fromCode, gameCode), eq(ledgerTransactions.toCode, gameCode)),
        ),
      );
    return {
      balance: account!.balance,
      currency: account!.currency,
      lastEntryId: Number(newest?.id ?? 0),
      unsettled: unsettled.length > 0,
    };
  };

  // The "has anything moved since?" marker is the newest entry of that one account, whatever other
  // accounts do: a marker read from the wrong rows lets a booking use a stale balance.
  it('answers the balance, the newest entry of that account and no unsettled transfer', async () => {
    const pg = (await accountOf(a.memberId, 'PG'))!;
    const before = await hot.bookingState(a.memberId, 'PG', pg.id);
    expect(before).toEqual(await plain(a.memberId, 'PG', pg.id));
    expect(before).toMatchObject({ balance: 4_000n, unsettled: false });
    expect(before!.lastEntryId).toBeGreaterThan(0);

    await deposit(t.db, a.memberId, 500n);
    await call(t, b, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'PG', amount: 1 }, 'hot-path-b-2');
    expect((await hot.bookingState(a.memberId, 'PG', pg.id))!.lastEntryId).toBe(before!.lastEntryId);

    const wallet = (await accountOf(a.memberId, 'WALLET'))!;
    expect(await hot.bookingState(a.memberId, 'WALLET', wallet.id)).toEqual(
      await plain(a.memberId, 'WALLET', wallet.id),
    );
  });

  it('sees an unsettled transfer of that game of that member only, and locks inside a transaction', async () => {
    const pg = (await accountOf(a.memberId, 'PG'))!;
    const pending = { type: 'TRANSFER', status: 'PENDING', fromCode: 'WALLET', amount: 1n, currency: 'BAHT' };
    await t.db.insert(ledgerTransactions).values({ ...pending, memberId: b.memberId, toCode: 'PG' });
    await t.db.insert(ledgerTransactions).values({ ...pending, memberId: a.memberId, toCode: 'JOKER' });
    expect(await hot.bookingState(a.memberId, 'PG', pg.id)).toMatchObject({ unsettled: false });
    expect(await hot.bookingState(a.memberId, 'PG', pg.id)).toEqual(await plain(a.memberId, 'PG', pg.id));

    await t.db.insert(ledgerTransactions).values({ ...pending, memberId: a.memberId, toCode: 'PG', status: 'UNKNOWN' });
    const locked = await t.db.transaction((tx) => hot.bookingState(a.memberId, 'PG', pg.id, tx));
    expect(locked).toMatchObject({ unsettled: true });
    expect(locked).toEqual(await plain(a.memberId, 'PG', pg.id));
  });

  // transfer_side_out: the side of a transfer out of a game with that game's booking state.
  it('comes with the side of a transfer out of a game, for that member and game only', async () => {
    await deposit(t.db, b.memberId, 300n);
    for (const [m, code] of [
      [a, 'PG'],
      [b, 'PG'],
      [b, 'JOKER'],
    ] as const) {
      const side = await hot.transferSideOut(m.memberId, code);
      const account = (await accountOf(m.memberId, code))!;
      expect(side).toEqual({
        ...(await hot.transferSide(m.memberId, code)),
        booking: await plain(m.memberId, code, account.id),
      });
    }
    expect((await hot.transferSideOut(a.memberId, 'PG'))!.booking).toMatchObject({ unsettled: true });
    expect((await hot.transferSideOut(b.memberId, 'JOKER'))!.booking).toMatchObject({ unsettled: false });
    expect(await hot.transferSideOut(a.memberId, 'JOKER')).toEqual({
      ...(await hot.transferSide(a.memberId, 'JOKER')),
      booking: null,
    });
    expect(await hot.transferSideOut(9_999_999, 'PG')).toBeNull();
  });
});

describe('wallet_by_token', () => {
  const AT = new Date('2030-01-01T00:00:00Z');
  /** The live session of a token the plain way (the session, then its member), then the member's view. */
  async function plain(tokenHash: string, now: Date) {
    const [s] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    if (!s || s.revokedAt || s.expiresAt <= now) return null;
    const [m] = await t.db.select().from(members).where(eq(members.id, s.memberId));
    if (m!.status !== 'ACTIVE' || m!.credentialVersion !== s.credentialVersion) return null;
    return {
      session: { sessionId: s.id, memberId: s.memberId, expiresAt: s.expiresAt },
      view: await hot.walletView(s.memberId),
    };
  }
  const same = async (tokenHash: string) => {
    const found = await hot.walletByToken(tokenHash, AT);
    expect(found).toEqual(await plain(tokenHash, AT));
    return found;
  };

  it("answers a live session's member view only: not revoked, not expired, active, password current", async () => {
    const versionOf = async (memberId: number) =>
      (await t.db.select().from(members).where(eq(members.id, memberId)))[0]!.credentialVersion;
    const make = async (m: Member, tokenHash: string, hours = 1) => {
      const [row] = await t.db
        .insert(sessions)
        .values({
          memberId: m.memberId,
          tokenHash,
          expiresAt: new Date(AT.getTime() + hours * 3_600_000),
          credentialVersion: await versionOf(m.memberId),
        })
        .returning({ id: sessions.id });
      return row!.id;
    };
    await make(a, 'by-token-a');
    await make(b, 'by-token-b');
    await make(b, 'by-token-b-expired', -1);
    const revoked = await make(b, 'by-token-b-revoked');
    await t.db.update(sessions).set({ revokedAt: AT }).where(eq(sessions.id, revoked));

    expect((await same('by-token-a'))!.view!.member.id).toBe(a.memberId);
    expect((await same('by-token-b'))!.view!.balances.get('PG')).toBe((await accountOf(b.memberId, 'PG'))!.balance);
    for (const token of ['by-token-b-expired', 'by-token-b-revoked', 'no-such-token']) {
      expect(await same(token)).toBeNull();
    }

    const version = await versionOf(b.memberId);
    await t.db.update(members).set({ status: 'INACTIVE' }).where(eq(members.id, b.memberId));
    expect(await same('by-token-b')).toBeNull();
    await t.db
      .update(members)
      .set({ status: 'ACTIVE', credentialVersion: version + 1 })
      .where(eq(members.id, b.memberId));
    expect(await same('by-token-b')).toBeNull();
    expect((await same('by-token-a'))!.session.memberId).toBe(a.memberId);
    await t.db.update(members).set({ credentialVersion: version }).where(eq(members.id, b.memberId));
    expect(await same('by-token-b')).not.toBeNull();
  });
});
