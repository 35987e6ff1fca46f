// Staff in the operator console, as a browser test drives it: sign-in with an authenticator code,
// adding a staff member on the Staff page, and the one-time enrolment link opened by that person.
import { randomBytes } from 'node:crypto';
import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER } from '@krapao/contracts/ops/paths';
import { type Browser, type BrowserContext, devices, expect, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { type OpsLang, opsTexts, opsTh } from './ops-texts';
import { fill } from './texts';

const c = opsTh.common;
const TOTP_PERIOD_S = 30;

/** The development owner the seed writes (apps/server modules/staff/seed-staff.ts, and the README). */
export const DEV_OWNER = {
  username: 'owner',
  password: 'krapao-owner-dev',
  totpSecret: 'KRAPAODEVOWNERTOTPSECRETKRAPAO23',
} as const;

export type StaffRole = keyof typeof c.role;
export type StaffLogin = { username: string; password: string; totpSecret: string };

/**
 * What an authenticator shows now, or `stepOffset` steps later. The server takes a code of the
 * step before or after the current one, but never a step it has already taken: a test run again
 * on the same server within 30 s signs in with the next step's code.
 */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * TOTP_PERIOD_S });
}

/** A staff username no earlier run used: the suite runs again on the same database. */
export function freshStaffUsername(role: StaffRole): string {
  return `e2e-${role}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A desktop browser of its own, as a staff member's computer (not the project's phone). */
export function consoleContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome'];
  return browser.newContext({
    ...desktop,
    baseURL,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    viewport: { width: 1280, height: 900 },
  });
}

/** The console's navigation, in Thai. */
export const consoleNav = (page: Page) => page.getByRole('navigation', { name: c.nav.label, exact: true });

/** The greeting on the console's home page: signed in as this person with this role. */
export async function expectSignedIn(page: Page, who: { username: string; displayName: string; role: StaffRole }) {
  await expect(page).toHaveURL(/\/ops\/?$/);
  await expect(page.getByRole('heading', { name: c.home.title, exact: true })).toBeVisible();
  await expect(page.getByTestId('home-who')).toHaveText(
    fill(c.home.signedInAs, { name: who.displayName, username: who.username, role: c.role[who.role] }),
  );
}

async function submitSignIn(page: Page, login: StaffLogin, stepOffset: number) {
  await page.goto('/ops/login');
  await expect(page.getByRole('heading', { name: c.login.title, exact: true })).toBeVisible();
  await page.getByLabel(c.login.username, { exact: true }).fill(login.username);
  await page.getByLabel(c.login.password, { exact: true }).fill(login.password);
  await page.getByLabel(c.login.code, { exact: true }).fill(await totpCode(login.totpSecret, stepOffset));
  await page.getByRole('button', { name: c.login.submit, exact: true }).click();
}

/** Signs in at /ops/login with the password and the authenticator's code. */
export async function signInToConsole(page: Page, login: StaffLogin, stepOffset = 0) {
  await submitSignIn(page, login, stepOffset);
  await expect(page.getByRole('heading', { name: c.home.title, exact: true })).toBeVisible();
}

/**
 * Signs in even when an earlier spec on this server took the current step's code (the dev owner
 * signs in in more than one spec): after a refusal the next step's code, and once more when the
 * clock has reached that step.
 */
export async function signInToConsoleAgain(page: Page, login: StaffLogin) {
  const home = page.getByRole('heading', { name: c.home.title, exact: true });
  for (const [attempt, stepOffset] of [0, 1, 1].entries()) {
    if (attempt === 2) await page.waitForTimeout(TOTP_PERIOD_S * 1000 - (Date.now() % (TOTP_PERIOD_S * 1000)) + 500);
    await submitSignIn(page, login, stepOffset);
    await expect(home.or(page.getByRole('alert'))).toBeVisible();
    if (await home.isVisible()) return;
  }
  throw new Error(`${login.username} was refused with three codes in a row`);
}

export type NewStaff = { username: string; displayName: string; role: StaffRole };

/** Adds a staff member on the Staff page (already open); answers the one-time link the dialog shows. */
export async function addStaff(page: Page, staff: NewStaff): Promise<string> {
  await page.getByRole('button', { name: c.staff.create, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: c.staff.create, exact: true });
  await dialog.getByLabel(c.staff.username, { exact: true }).fill(staff.username);
  await dialog.getByLabel(c.staff.displayName, { exact: true }).fill(staff.displayName);
  await dialog.getByLabel(c.staff.role, { exact: true }).selectOption(staff.role);
  await dialog.getByRole('button', { name: c.staff.createSubmit, exact: true }).click();
  const link = dialog.getByRole('textbox', { name: c.staff.link, exact: true });
  await expect(link).toHaveValue(/\/ops\/enrol\/[\w-]+$/);
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: c.done, exact: true }).click();
  await expect(dialog).toBeHidden();
  return url;
}

/** A staff member no earlier run made, named after its username. */
export function freshStaff(role: StaffRole): NewStaff {
  const username = freshStaffUsername(role);
  return { role, username, displayName: `E2E ${username.slice(4)}` };
}

/** The row of one staff member in the Staff page's table. */
export const staffRow = (page: Page, username: string) => page.getByRole('row').filter({ hasText: username });

/**
 * Opens the one-time link, reads the authenticator secret the page shows, chooses the password and
 * types the first code; the console then opens signed in. Answers the secret.
 */
export async function enrol(page: Page, url: string, staff: NewStaff, password: string): Promise<string> {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: c.enrol.title, exact: true })).toBeVisible();
  await expect(page.getByText(fill(c.enrol.welcome, { name: staff.displayName }))).toBeVisible();
  await expect(page.getByRole('img', { name: c.enrol.qrLabel, exact: true })).toBeVisible();
  // The key typed by hand, in groups of four.
  const secret = ((await page.getByTestId('enrol-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel(c.enrol.password, { exact: true }).fill(password);
  await page.getByLabel(c.enrol.confirm, { exact: true }).fill(password);
  await page.getByLabel(c.enrol.code, { exact: true }).fill(await totpCode(secret));
  await page.getByRole('button', { name: c.enrol.submit, exact: true }).click();
  await expectSignedIn(page, staff);
  return secret;
}

/** A picture of the console for a person to look at: the whole page, or only `of` (one section of a long page). */
export async function consoleShot(page: Page, name: string, of?: Locator) {
  const path = `${process.env.E2E_SHOTS_DIR ?? 'test-results/screens'}/${name}.png`;
  if (of) await of.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

/**
 * The owner (on the Staff page) adds the person, who opens the one-time link in a desktop browser
 * of their own and enrols: answers that browser, signed in.
 */
export async function addAndEnrol(
  owner: Page,
  browser: Browser,
  person: NewStaff,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const link = await addStaff(owner, person);
  await expect(staffRow(owner, person.username)).toContainText(c.staff.statusName.enrolling);
  const context = await consoleContext(browser, new URL(link).origin);
  const page = await context.newPage();
  await enrol(page, link, person, password);
  return { context, page };
}

/** Headers of a console call that changes something, as the console sends them (the CSRF token). */
export async function consoleWriteHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === OPS_CSRF_COOKIE)?.value;
  if (!csrf) throw new Error('the console session has no CSRF cookie');
  return { [OPS_CSRF_HEADER]: csrf };
}

/** The console's language dropdown, whichever language the page is in. */
export const consoleLangSwitch = (page: Page) =>
  page.getByRole('combobox', {
    name: new RegExp(`^(${opsTexts.th.common.lang.label}|${opsTexts.en.common.lang.label})$`),
  });

/**
 * The page at 1280 px in Thai and in English, then back in Thai; `ready` waits for the page in that
 * language. A `ready` that opens something (a dialog) answers how to close it, after its picture.
 * `of` pictures one section of the page instead of all of it.
 */
export async function consoleShotsAt1280(
  page: Page,
  name: string,
  ready: (lang: OpsLang) => Promise<void | (() => Promise<void>)>,
  of?: (lang: OpsLang) => Locator,
) {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const lang of ['th', 'en'] as const) {
    await consoleLangSwitch(page).selectOption(lang);
    const close = await ready(lang);
    await consoleShot(page, `ops-${name}-${lang}-1280`, of?.(lang));
    if (close) await close();
  }
  await consoleLangSwitch(page).selectOption('th');
  const close = await ready('th');
  if (close) await close();
}

/** Opens a console page from the navigation and waits for its heading. */
export async function openConsolePage(page: Page, navName: string, heading: string) {
  await consoleNav(page).getByRole('link', { name: navName, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true, level: 1 })).toBeVisible();
}
