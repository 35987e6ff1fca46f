// Player protection as a member and an admin feel it: a 24-hour deposit limit refuses the QR that
// would pass it (in Thai, Lao and English, with what is still allowed); a loss limit counts the money
// already in a game and refuses the transfer that would pass it; a 24-hour time-out signs the
// member out and home becomes the break panel; the console shows the time-out on the member's page
// and the refused deposits in the Player protection report.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { protectionPaths } from '@krapao/contracts/protection';
import type { BrowserContext, Page } from '@playwright/test';
import enContent from '../../apps/ops/src/locales/en/content.json' with { type: 'json' };
import enSpinWheel from '../../apps/ops/src/locales/en/spin-wheel.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { freshMember, type Member, pageToken, pageWallet } from './members';
import {
  addAndEnrol,
  consoleContext,
  consoleLangSwitch,
  consoleNav,
  consoleShotsAt1280,
  DEV_OWNER,
  freshStaff,
  signInToConsoleAgain,
} from './ops-staff';
import { type OpsLang, opsTexts, opsTh } from './ops-texts';
import { signIn } from './support';
import { fill, type Lang, langSwitch, texts } from './texts';

test.describe.configure({ mode: 'serial' });

/** Pictures for a person to look at; the console's helpers write to the same folder. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
const LANGS = ['th', 'la', 'en'] as const;
/** The member whose QRs a deposit limit refused (once per language); and the member on a time-out. */
let limited: Member | undefined;
let onBreak: Member | undefined;
/** The member whose loss limit counts money in a game. */
let lossMember: Member | undefined;
const contexts: BrowserContext[] = [];

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));
test.afterAll(async () => Promise.all(contexts.map((context) => context.close())));

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** An instant as the member app shows it in Bangkok (UTC+7): DD/MM/YYYY HH:mm:ss. */
function bangkokDate(iso: string): string {
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** Profile, in the chosen language through the header's switch, then Player protection from there. */
async function openProtection(page: Page, lang: Lang) {
  const t = texts[lang];
  await page.goto('/user/profile');
  await langSwitch(page).selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'la' ? 'lo' : lang);
  await page.getByRole('link', { name: t.common.menu.protection, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/protection$/);
  await expect(page.getByRole('heading', { name: t.protection.title, exact: true, level: 1 })).toBeVisible();
}

/** The deposit modal, opened from home's quick actions. */
async function openDeposit(page: Page, lang: Lang) {
  const t = texts[lang];
  await page
    .getByRole('navigation', { name: t.wallet.home.actions, exact: true })
    .getByRole('button', { name: t.wallet.home.deposit, exact: true })
    .click();
  const modal = page.getByRole('dialog', { name: t.deposit.title, exact: true });
  await expect(modal).toBeVisible();
  return modal.getByRole('region', { name: t.deposit.qr.gateway.KBANK, exact: true });
}

/**
 * The bottom menu's statement label: how many lines it takes, and whether it runs into the home
 * button, the next label or past the screen's edge.
 */
async function statementLabelFit(page: Page, lang: Lang) {
  const t = texts[lang].common.menu;
  const menu = page.getByRole('navigation', { name: t.label, exact: true });
  const box = async (name: string) =>
    (await menu.getByRole('link', { name, exact: true }).getByText(name, { exact: true }).boundingBox()) ?? {
      x: 0,
      y: 0,
      width: 0,
      height: 0,
    };
  const label = menu.getByRole('link', { name: t.statement, exact: true }).getByText(t.statement, { exact: true });
  const lines = await label.evaluate((el) => {
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    return Math.round(el.getBoundingClientRect().height / line);
  });
  const statement = await box(t.statement);
  const home = (await menu.getByRole('link', { name: t.home, exact: true }).boundingBox()) ?? statement;
  const contact = await box(t.contact);
  const width = page.viewportSize()?.width ?? 0;
  return {
    lines,
    clear: statement.x >= home.x + home.width && statement.x + statement.width <= Math.min(contact.x, width),
  };
}

test('a 24-hour deposit limit of 1,000 refuses a QR of 300 after 800 (th, la, en)', async ({ page }) => {
  test.setTimeout(150_000);
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  const rowOf = (lang: Lang) => {
    const p = texts[lang].protection;
    const deposits = page.getByRole('region', { name: p.limits.DEPOSIT.title, exact: true });
    const amountLabel = fill(p.limits.amount, { period: p.period.DAY });
    return {
      amountLabel,
      day: deposits.getByRole('listitem').filter({ has: page.getByLabel(amountLabel, { exact: true }) }),
    };
  };

  // The 24-hour deposit limit: 1,000, set in Thai.
  await openProtection(page, 'th');
  const p = texts.th.protection;
  const { day, amountLabel } = rowOf('th');
  await expect(day).toContainText(p.limits.none);
  await day.getByLabel(amountLabel, { exact: true }).fill('1000');
  await day.getByRole('button', { name: p.limits.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: p.limits.saved })).toBeVisible();
  await expect(day).toContainText(fill(p.limits.current, { amount: '1,000.00' }));
  await expect(day).toContainText(fill(p.limits.remaining, { amount: '1,000.00' }));
  await shot(page, 'protection-th-390');

  // 800 by QR at KBANK, paid through the sandbox gateway.
  await page.goto('/user/home');
  const first = await openDeposit(page, 'th');
  await first.getByRole('spinbutton', { name: texts.th.deposit.qr.amount, exact: true }).fill('800');
  await first.getByRole('button', { name: texts.th.deposit.qr.create, exact: true }).click();
  await expect(first.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  const qr = await page.request.get('/api/qrcode/KBANK', {
    headers: { authorization: `Bearer ${await pageToken(page)}` },
  });
  const { qrcodeId } = await qr.json();
  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
  await first.getByRole('button', { name: texts.th.deposit.qr.done, exact: true }).click();
  await expect(page.getByRole('dialog', { name: texts.th.deposit.title, exact: true })).toBeHidden();
  await expect.poll(() => pageWallet(page)).toBe(800);

  for (const lang of LANGS) {
    const t = texts[lang];
    if (lang !== 'th') {
      // The limit in this language: 1,000, with 200 still allowed.
      await openProtection(page, lang);
      const { day: row } = rowOf(lang);
      await expect(row).toContainText(fill(t.protection.limits.current, { amount: '1,000.00' }));
      await expect(row).toContainText(fill(t.protection.limits.remaining, { amount: '200.00' }));
      await shot(page, `protection-${lang}-390`);
    }
    if (lang === 'la') {
      // The bottom menu's statement label stays on one line in Lao at 390 px.
      expect(await statementLabelFit(page, lang)).toEqual({ lines: 1, clear: true });
      await page.getByRole('navigation', { name: t.common.menu.label, exact: true }).screenshot({
        path: `${SHOTS}/bottom-menu-la-390.png`,
      });
    }

    // 300 more would pass the limit: refused, with the 200 still allowed; no QR, the wallet stays.
    await page.goto('/user/home');
    const kbank = await openDeposit(page, lang);
    await kbank.getByRole('spinbutton', { name: t.deposit.qr.amount, exact: true }).fill('300');
    await kbank.getByRole('button', { name: t.deposit.qr.create, exact: true }).click();
    const refusal = `${t.errors.PROTECTION_DEPOSIT_LIMIT} — ${fill(t.common.limitLeft.DAY, { amount: '200.00' })}`;
    await expect(page.getByRole('alert').filter({ hasText: t.errors.PROTECTION_DEPOSIT_LIMIT })).toHaveText(refusal);
    await shot(page, `deposit-limit-refused-${lang}-390`);
    await expect(kbank.getByRole('timer')).toHaveCount(0);
    expect(await pageWallet(page)).toBe(800);
  }
  limited = m;
});

test('a loss limit of 100 counts the 60 already in a game: 40 left, a transfer of 50 refused (th, la, en)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const m = await freshMember(page.request, { deposit: 300 });
  const headers = { authorization: `Bearer ${m.token}` };
  expect((await page.request.get('/api/wallet/activate/JOKER', { headers })).ok()).toBeTruthy();
  const key = () => ({ 'idempotency-key': `e2e-loss-${randomUUID()}` });
  const limit = { kind: 'LOSS', period: 'DAY', amount: 100 };
  expect((await page.request.put(protectionPaths.limit, { headers: { ...headers, ...key() }, data: limit })).ok()).toBe(
    true,
  );
  const moved = await page.request.post('/api/wallet/transfer', {
    headers: { ...headers, ...key() },
    data: { from: 'WALLET', to: 'JOKER', amount: 60 },
  });
  expect(moved.ok()).toBeTruthy();
  await signIn(page, m.phone, m.password);
  lossMember = m;

  for (const lang of LANGS) {
    const t = texts[lang];
    const p = t.protection;
    await openProtection(page, lang);
    const losses = page.getByRole('region', { name: p.limits.LOSS.title, exact: true });
    await expect(losses).toContainText(p.limits.LOSS.help);
    const day = losses.getByRole('listitem').filter({ hasText: fill(p.limits.current, { amount: '100.00' }) });
    await expect(day).toContainText(fill(p.limits.used, { amount: '0.00' }));
    await expect(day).toContainText(fill(p.limits.inGames, { amount: '60.00' }));
    await expect(day).toContainText(fill(p.limits.remaining, { amount: '40.00' }));
    await shot(page, `loss-limit-in-games-${lang}-390`);
    await losses.screenshot({ path: `${SHOTS}/loss-limits-section-${lang}-390.png` });

    await page.goto('/user/home');
    await page.getByRole('button', { name: t.wallet.home.transfer, exact: true }).click();
    const transfer = page.getByRole('dialog', { name: t.wallet.transfer.title, exact: true });
    await transfer.getByRole('combobox', { name: t.wallet.transfer.to, exact: true }).selectOption('JOKER');
    await transfer.getByRole('spinbutton', { name: t.wallet.transfer.amount, exact: true }).fill('50');
    await transfer.getByRole('button', { name: t.wallet.transfer.submit, exact: true }).click();
    const refusal = `${t.errors.PROTECTION_LOSS_LIMIT} — ${fill(t.common.limitLeft.DAY, { amount: '40.00' })}`;
    const failure = page.getByRole('alertdialog').filter({ hasText: t.errors.PROTECTION_LOSS_LIMIT });
    await expect(failure.getByText(refusal, { exact: true })).toBeVisible();
    await shot(page, `loss-limit-refused-${lang}-390`);
    expect(await pageWallet(page)).toBe(240);
  }
});

test('a 24-hour time-out signs the member out; home then shows the break and withdraw only', async ({ page }) => {
  test.setTimeout(120_000);
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  // Before the break: the deposit action and the game carousels are there.
  const th = texts.th;
  const actions = page.getByRole('navigation', { name: th.wallet.home.actions, exact: true });
  await expect(actions.getByRole('button', { name: th.wallet.home.deposit, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: th.wallet.category.slot, exact: true })).toBeVisible();

  await openProtection(page, 'th');
  const p = th.protection;
  await page
    .getByRole('group', { name: p.exclusion.timeout, exact: true })
    .getByRole('button', { name: p.exclusion.duration['24h'], exact: true })
    .click();
  await page.getByRole('button', { name: p.exclusion.start, exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: p.exclusion.confirmTitle, exact: true });
  await expect(confirm).toContainText(fill(p.exclusion.confirmTimeout, { duration: p.exclusion.duration['24h'] }));
  await confirm.getByRole('button', { name: p.exclusion.confirmButton, exact: true }).click();
  await page.waitForURL('**/login');

  await signIn(page, m.phone, m.password);
  const state = await page.request.get(protectionPaths.state, {
    headers: { authorization: `Bearer ${await pageToken(page)}` },
  });
  const { exclusion } = (await state.json()) as { exclusion: { kind: string; endsAt: string } | null };
  expect(exclusion?.kind).toBe('TIMEOUT');
  const endsAt = exclusion?.endsAt ?? '';
  const hoursLeft = (Date.parse(endsAt) - Date.now()) / 3_600_000;
  expect(hoursLeft).toBeGreaterThan(23.9);
  expect(hoursLeft).toBeLessThanOrEqual(24);
  onBreak = m;

  for (const lang of LANGS) {
    const t = texts[lang];
    await langSwitch(page).selectOption(lang);
    const panel = page.getByRole('status').filter({ hasText: t.protection.excluded.TIMEOUT });
    await expect(panel).toContainText(fill(t.protection.excluded.until, { date: bangkokDate(endsAt) }));
    const card = panel.locator('xpath=..');
    await expect(card.getByRole('button', { name: t.protection.excluded.withdraw, exact: true })).toBeVisible();
    const quick = page.getByRole('navigation', { name: t.wallet.home.actions, exact: true });
    await expect(quick.getByRole('button', { name: t.wallet.home.withdraw, exact: true })).toBeVisible();
    await expect(quick.getByRole('button', { name: t.wallet.home.deposit, exact: true })).toHaveCount(0);
    for (const category of Object.values(t.wallet.category)) {
      await expect(page.getByRole('region', { name: category, exact: true })).toHaveCount(0);
    }
    await shot(page, `home-break-${lang}-390`);
  }
  // The panel's withdraw opens the withdrawal.
  await langSwitch(page).selectOption('th');
  await page
    .getByRole('status')
    .filter({ hasText: p.excluded.TIMEOUT })
    .locator('xpath=..')
    .getByRole('button', { name: p.excluded.withdraw, exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: th.withdraw.title, exact: true })).toBeVisible();
});

test('an admin sees the time-out on the member page and the refused deposits in the report', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error('the project names no baseURL');
  const member = onBreak;
  const refused = limited;
  if (!member || !refused) throw new Error('the member tests did not finish');
  const c = opsTh.common;
  const ownerContext = await consoleContext(browser, baseURL);
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  await signInToConsoleAgain(owner, { ...DEV_OWNER });
  await consoleNav(owner).getByRole('link', { name: c.nav.staff, exact: true }).click();
  await expect(owner.getByRole('heading', { name: c.nav.staff, exact: true, level: 1 })).toBeVisible();
  const { context, page: admin } = await addAndEnrol(owner, browser, freshStaff('admin'), 'e2e-staff-password-p');
  contexts.push(context);

  // The report: the refused member with its three refused deposits.
  const pr = opsTh.protection;
  await consoleNav(admin).getByRole('link', { name: pr.nav, exact: true }).click();
  await expect(admin.getByRole('heading', { name: pr.report.title, exact: true, level: 1 })).toBeVisible();
  const rowOf = (m: Member) =>
    admin.getByRole('row').filter({ has: admin.getByRole('link', { name: m.phone, exact: true }) });
  await expect(rowOf(refused).getByRole('cell').nth(2)).toHaveText('3');
  await expect(rowOf(member)).toHaveCount(0);
  await consoleShotsAt1280(admin, 'protection-report', async (lang: OpsLang) => {
    const t = opsTexts[lang].protection;
    await expect(admin.getByRole('heading', { name: t.report.title, exact: true, level: 1 })).toBeVisible();
    await expect(admin.getByRole('columnheader', { name: t.report.column.depositRefused, exact: true })).toBeVisible();
  });

  // The member on a time-out: found by phone, the protection panel shows it in force, never endable.
  const mt = opsTh.members;
  await consoleNav(admin).getByRole('link', { name: mt.nav, exact: true }).click();
  await admin.getByLabel(mt.search.label, { exact: true }).fill(member.phone);
  await admin.getByRole('button', { name: mt.search.submit, exact: true }).click();
  await admin.getByRole('row').filter({ hasText: member.phone }).getByRole('link').click();
  await expect(admin.getByRole('heading', { name: pr.panel.title, exact: true, level: 2 })).toBeVisible();
  const timeout = admin.getByRole('row').filter({ hasText: pr.exclusionKind.TIMEOUT });
  await expect(timeout).toHaveCount(1);
  await expect(timeout).toContainText(pr.state.inForce);
  await expect(timeout).toContainText(pr.end.never);
  await expect(timeout.getByRole('button', { name: pr.end.button, exact: true })).toHaveCount(0);
  await expect(admin.getByText(pr.panel.noLimits, { exact: true })).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: pr.event.EXCLUSION_STARTED })).toHaveCount(1);
  await consoleShotsAt1280(admin, 'member-protection', async (lang: OpsLang) => {
    const t = opsTexts[lang].protection;
    await expect(admin.getByRole('heading', { name: t.panel.title, exact: true, level: 2 })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: t.exclusionKind.TIMEOUT })).toContainText(t.state.inForce);
    // The history says what started, in words, not as the event's raw fields.
    const started = fill(t.detail.exclusionStarted, {
      kind: t.exclusionKind.TIMEOUT,
      duration: t.duration['24h'],
      until: '',
    }).trim();
    await expect(admin.getByRole('listitem').filter({ hasText: t.event.EXCLUSION_STARTED })).toContainText(started);
  });

  // The member with a loss limit: the money in games it counts has its own column.
  if (!lossMember) throw new Error('the loss limit test did not finish');
  await consoleNav(admin).getByRole('link', { name: mt.nav, exact: true }).click();
  await admin.getByLabel(mt.search.label, { exact: true }).fill(lossMember.phone);
  await admin.getByRole('button', { name: mt.search.submit, exact: true }).click();
  await admin.getByRole('row').filter({ hasText: lossMember.phone }).getByRole('link').click();
  await consoleShotsAt1280(admin, 'member-loss-limit', async (lang: OpsLang) => {
    const t = opsTexts[lang].protection;
    await expect(admin.getByRole('columnheader', { name: t.column.inGames, exact: true })).toBeVisible();
    const cells = admin.getByTestId('protection-limit').getByRole('cell');
    await expect(cells.nth(2)).toHaveText('0 BAHT');
    await expect(cells.nth(3)).toHaveText('60 BAHT');
    await expect(cells.nth(4)).toHaveText('40 BAHT');
  });

  // The new console pages, for a person to look at (English, 1280 px).
  const en = opsTexts.en;
  await consoleLangSwitch(admin).selectOption('en');
  const pages = [
    { nav: en.settings.nav, section: en.settings.wallets.title, name: 'settings-wallets' },
    { nav: enSpinWheel.nav, section: enSpinWheel.couponRules.title, name: 'spin-wheel-coupon-rules' },
    { nav: enContent.nav, section: enContent.howto.title, name: 'content-howto' },
  ];
  for (const { nav, section, name } of pages) {
    await admin
      .getByRole('navigation', { name: en.common.nav.label, exact: true })
      .getByRole('link', { name: nav, exact: true })
      .click();
    const heading = admin.getByRole('heading', { name: section, exact: true, level: 2 });
    await expect(heading).toBeVisible();
    await heading.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/ops-${name}-en-1280.png`, fullPage: true });
    await heading
      .locator('xpath=ancestor::*[self::section or self::form][1]')
      .screenshot({ path: `${SHOTS}/ops-${name}-section-en-1280.png` });
  }
  await consoleLangSwitch(admin).selectOption('th');
});
