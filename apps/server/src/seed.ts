// Idempotent seed: running it again changes nothing an operator or a member changed. Each module
// seeds its own rows (modules/*/seed-*.ts); this file runs them in order, as app.ts wires the routes.
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Config } from './config.ts';
import { type Db, STARTUP_LOCK } from './db/client.ts';
import { banks, sources } from './db/schema/lookup.ts';
import {
  DEMO_MEMBER,
  SEED_AGREEMENTS,
  SEED_BANKS,
  SEED_CONDITIONS,
  SEED_CONTACT,
  SEED_NOTICE,
  SEED_SOURCES,
} from './db/seed-data.ts';
import { hashPassword } from './lib/password.ts';
import { createMemberRepository } from './modules/account/index.ts';
import { useAuditChainKey } from './modules/audit/index.ts';
import { seedBonuses } from './modules/bonus/index.ts';
import { bookDeposit, SEED_DEPOSIT_MINIMUMS, seedDepositLookup } from './modules/deposit/index.ts';
import { seedGames } from './modules/games/index.ts';
import { seedDemoInvitee, seedInviteSettings } from './modules/invite/index.ts';
import { ensureHouseAccounts } from './modules/ledger/index.ts';
import { createSettingsRepository, seedHowto } from './modules/lookup/index.ts';
import { seedRefunds } from './modules/refund/index.ts';
import { seedSpinWheel } from './modules/spin/index.ts';
import { seedDevOwner } from './modules/staff/index.ts';
import { SEED_WITHDRAW_RULES } from './modules/withdraw/index.ts';

/**
 * One transaction under the start-up lock: instances started at once on a fresh database seed one
 * after the other, and each later one finds the rows there and changes nothing.
 */
export async function seed(db: Db, config: Config, opts: { demoMember?: boolean } = {}) {
  // The seed may append to the audit trail (the development owner): under this configuration's key.
  useAuditChainKey(config.AUDIT_CHAIN_KEY);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    await seedAll(tx as unknown as Db, config, opts);
  });
}

async function seedAll(db: Db, config: Config, opts: { demoMember?: boolean }) {
  await ensureHouseAccounts(db);
  await db
    .insert(banks)
    .values([...SEED_BANKS])
    .onConflictDoNothing();
  // Only into an empty table: a source the console removed stays removed after a restart.
  if ((await db.select({ code: sources.code }).from(sources).limit(1)).length === 0)
    await db.insert(sources).values([...SEED_SOURCES]);
  // The demo games are served by the demo provider: only seeded when it is the provider.
  if (config.GAME_PROVIDER === 'sandbox') await seedGames(db);

  const settings = createSettingsRepository(db);
  const lineQR = await QRCode.toDataURL(SEED_CONTACT.lineLink, { margin: 1, width: 240 });
  await settings.setDefault('info', { name: 'Krapao', website: `http://localhost:${config.PORT}` });
  await settings.setDefault('contact', { ...SEED_CONTACT, lineQR });
  await settings.setDefault('conditions', SEED_CONDITIONS);
  await settings.setDefault('agreements', SEED_AGREEMENTS);
  await settings.setDefault('notice', SEED_NOTICE);
  await seedHowto(settings);
  await settings.setDefault('slip', { closeStart: '23:50', closeEnd: '00:10' });
  await settings.setDefault('deposit', seedDepositLookup(config.LAOS));
  // Both currencies in every build: the Laos build has BAHT members too.
  await settings.setDefault('withdrawRules', SEED_WITHDRAW_RULES);
  await settings.setDefault('depositMinimums', SEED_DEPOSIT_MINIMUMS);
  // On in production unless an operator turns it off; the demo site registers without SMS.
  await settings.setDefault('registerOTP', config.isProduction);
  await settings.setDefault('enableChatWidget', false);
  await settings.setDefault('active', true);
  await settings.setDefault('invite', { success: 5, fail: 10 });
  await settings.setDefault('couponRules', { success: 10, fail: 10 });
  await seedBonuses(db, config);

  const demo = opts.demoMember ?? config.SEED_DEMO;
  if (demo) await seedDemoMember(db, config);
  // The console's development owner (README), with the demo data: never in production.
  if (demo && !config.isProduction) await seedDevOwner(db, config);
  await seedInviteSettings(db);
  await seedRefunds(db, config, demo);
  if (demo) await seedDemoInvitee(db, config);
  await seedSpinWheel(db, config);
}

async function seedDemoMember(db: Db, config: Config) {
  const members = createMemberRepository(db);
  if (await members.byUsername(DEMO_MEMBER.username)) return;
  const currency = config.LAOS ? 'LAK' : 'BAHT';
  const memberId = await members.insert({
    username: DEMO_MEMBER.username,
    name: DEMO_MEMBER.name,
    passwordHash: await hashPassword(DEMO_MEMBER.password),
    currency,
    sourceCode: null,
    referrerId: null,
    bankCode: config.LAOS ? 'BCEL' : 'KBANK',
    bankAccountName: DEMO_MEMBER.bankAccountName,
    bankAccountNo: DEMO_MEMBER.bankAccountNo,
  });
  // As if registered with an OTP: the demo phone may send TrueMoney transfers.
  await db.transaction((tx) => members.markPhoneVerified(tx, memberId, new Date()));
  // The demo member starts with money to play with, booked like a bank deposit.
  const amount = config.LAOS ? 1_000_000n : 100_000n;
  await bookDeposit(db, { memberId, amount, currency, idempotencyKey: 'seed-demo-credit', description: 'Demo credit' });
}
