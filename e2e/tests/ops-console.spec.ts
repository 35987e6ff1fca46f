// The operator console in a browser: an owner adds staff who enrol through their one-time links; a
// finance member approves a member's withdrawal that waited for review and the payout worker pays
// it; a support member finds no way to the withdrawals, neither in the console nor at the API.
import { OPS_CSRF_COOKIE, OPS_CSRF_HEADER, opsPaths } from '@krapao/contracts/ops/paths';
import { withdrawalsPaths } from '@krapao/contracts/ops/withdrawals';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, walletOf } from './members';
import {
  addStaff,
  consoleContext,
  consoleNav,
  consoleShot,
  DEV_OWNER,
  enrol,
  freshStaffUsername,
  type NewStaff,
  signInToConsoleAgain,
  staffRow,
} from './ops-staff';
import { type OpsLang, opsTexts, opsTh } from './ops-texts';
import { signIn } from './support';
import { th } from './texts';

test.describe.configure({ mode: 'serial' });

const c = opsTh.common;
const wd = opsTh.withdrawals;
const STAFF_PASSWORD = 'e2e-staff-password-1';

/** The enrolled staff members' own browsers, signed in, for the tests after the first. */
const signedIn: Partial<Record<NewStaff['role'], Page>> = {};
const contexts: BrowserContext[] = [];

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

function staffPage(role: NewStaff['role']): Page {
  const page = signedIn[role];
  if (!page) throw new Error(`no signed-in ${role}: the enrolment test did not finish`);
  return page;
}

/** The console's language dropdown, whichever language the page is in. */
const opsLangSwitch = (page: Page) =>
  page.getByRole('combobox', {
    name: new RegExp(`^(${opsTexts.th.common.lang.label}|${opsTexts.en.common.lang.label})$`),
  });

/** The same page at 1280 px in Thai and English, and at 390 px in Thai. */
async function shotsOf(page: Page, name: string, ready: (lang: OpsLang) => Promise<void>) {
  for (const lang of ['th', 'en'] as const) {
    await opsLangSwitch(page).selectOption(lang);
    await ready(lang);
    await consoleShot(page, `ops-${name}-${lang}-1280`);
  }
  await opsLangSwitch(page).selectOption('th');
  await page.setViewportSize({ width: 390, height: 844 });
  await ready('th');
  await consoleShot(page, `ops-${name}-th-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an owner adds an admin, a finance and a support member; each enrols through its one-time link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('the project names no baseURL');
  const ownerContext = await consoleContext(browser, baseURL);
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  // Other specs sign the dev owner in on this server too: a code one of them used is refused once.
  await signInToConsoleAgain(owner, { ...DEV_OWNER });
  await consoleNav(owner).getByRole('link', { name: c.nav.staff, exact: true }).click();
  await expect(owner.getByRole('heading', { name: c.nav.staff, exact: true })).toBeVisible();

  const people: NewStaff[] = (['admin', 'finance', 'support'] as const).map((role) => {
    const username = freshStaffUsername(role);
    return { role, username, displayName: `E2E ${username.slice(4)}` };
  });
  const links: string[] = [];
  for (const person of people) {
    const link = await addStaff(owner, person);
    expect(link.startsWith(`${baseURL}/ops/enrol/`), `${link} is on this site`).toBe(true);
    links.push(link);
    const row = staffRow(owner, person.username);
    await expect(row).toContainText(c.role[person.role]);
    await expect(row).toContainText(c.staff.statusName.enrolling);
  }

  for (const [i, person] of people.entries()) {
    const context = await consoleContext(browser, baseURL);
    contexts.push(context);
    const page = await context.newPage();
    await enrol(page, links[i] ?? '', person, STAFF_PASSWORD);
    // A link works once.
    const token = new URL(links[i] ?? '').pathname.split('/').pop() ?? '';
    const again = await context.request.get(opsPaths.enrol.replace(':token', token));
    expect(again.status()).toBe(410);
    expect(((await again.json()) as { message: string }).message).toBe('OPS_ENROL_INVALID');
    signedIn[person.role] = page;
  }

  await owner.reload();
  for (const person of people) await expect(staffRow(owner, person.username)).toContainText(c.staff.statusName.active);
  await shotsOf(owner, 'staff', async (lang) => {
    const t = opsTexts[lang].common;
    await expect(owner.getByRole('heading', { name: t.nav.staff, exact: true })).toBeVisible();
    await expect(staffRow(owner, people[0]?.username ?? '')).toContainText(t.staff.statusName.active);
  });
});

test('finance approves a withdrawal that waited for review; it is paid and the member sees it paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const finance = staffPage('finance');
  await consoleNav(finance).getByRole('link', { name: wd.nav, exact: true }).click();
  await expect(finance.getByRole('heading', { name: wd.title, exact: true })).toBeVisible();
  // The queue updates by itself once the live channel is up.
  await expect(finance.getByRole('status').filter({ hasText: opsTh.live.status.connected })).toHaveCount(1);

  // A deposit not played through: the member's withdrawal waits for a person.
  const m = await freshMember(page.request, { deposit: 500 });
  await signIn(page, m.phone, m.password);
  await page.getByRole('button', { name: th.wallet.home.withdraw, exact: true }).click();
  const modal = page.getByRole('dialog', { name: th.withdraw.title, exact: true });
  await modal.getByRole('spinbutton', { name: th.withdraw.amount, exact: true }).fill('200');
  await modal.getByRole('button', { name: th.withdraw.submit, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: th.withdraw.success })).toBeVisible();
  expect((await walletOf(page.request, m)).wallet.amount).toBe(300);

  const statementRows = async () => {
    await page.goto('/user/home');
    await page
      .getByRole('navigation', { name: th.common.menu.label, exact: true })
      .getByRole('link', { name: th.common.menu.statement, exact: true })
      .click();
    return page.getByRole('list', { name: th.statement.title, exact: true }).getByRole('listitem');
  };
  const waiting = (await statementRows()).and(page.locator('[data-type="withdraw"]'));
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toHaveAttribute('data-status', 'processing');

  // It arrives in the open queue without a reload, with why it waits.
  const row = finance.getByRole('row').filter({ hasText: m.phone });
  await expect(row).toContainText('200 BAHT');
  await expect(row).toContainText(wd.reasons.unplayed);
  await shotsOf(finance, 'withdrawals', async (lang) => {
    await expect(finance.getByRole('heading', { name: opsTexts[lang].withdrawals.title, exact: true })).toBeVisible();
    await expect(row).toContainText(opsTexts[lang].withdrawals.reasons.unplayed);
  });

  await row.getByRole('button', { name: wd.submit.approve, exact: true }).click();
  const dialog = finance.getByRole('dialog', { name: wd.decide.approve, exact: true });
  await expect(dialog.getByTestId('decide-summary')).toContainText(m.phone);
  await dialog.getByLabel(wd.reasonOptional, { exact: true }).fill('e2e: deposit checked with the bank');
  await dialog.getByRole('button', { name: wd.submit.approve, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // The payout worker pays it: the member's statement says so, and so does the console's PAID list.
  await expect(async () => {
    const paid = (await statementRows()).and(page.locator('[data-type="withdraw"]'));
    await expect(paid).toHaveAttribute('data-status', 'success', { timeout: 2_000 });
  }).toPass({ timeout: 45_000, intervals: [2_000] });
  const paid = (await statementRows()).and(page.locator('[data-type="withdraw"]'));
  await expect(paid.getByTestId('statement-amount')).toHaveText('-200.00');
  await expect(paid.getByTestId('statement-status')).toHaveText(th.errors.status.success);
  expect((await walletOf(page.request, m)).wallet.amount).toBe(300);

  await finance.getByRole('combobox', { name: wd.status, exact: true }).selectOption('PAID');
  await expect(finance.getByRole('row').filter({ hasText: m.phone })).toContainText('200 BAHT');
});

test('support sees no withdrawals: not in the navigation, refused on the page and at the API', async () => {
  const support = staffPage('support');
  await support.goto('/ops/');
  const nav = consoleNav(support);
  await expect(nav.getByRole('link', { name: c.nav.home, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: wd.nav, exact: true })).toHaveCount(0);

  await support.goto('/ops/withdrawals');
  await expect(support.getByRole('alert')).toHaveText(opsTh.errors.OPS_FORBIDDEN);
  await expect(support.getByRole('heading', { name: wd.title, exact: true })).toHaveCount(0);

  const list = await support.request.get(withdrawalsPaths.list);
  expect(list.status()).toBe(403);
  expect(((await list.json()) as { message: string }).message).toBe('OPS_FORBIDDEN');
  // With the session's CSRF token, as the console would send it: still refused for the role.
  const csrf = (await support.context().cookies()).find((cookie) => cookie.name === OPS_CSRF_COOKIE)?.value ?? '';
  expect(csrf).not.toBe('');
  const approve = await support.request.post(withdrawalsPaths.approve.replace(':withdrawalId', '1'), {
    headers: { [OPS_CSRF_HEADER]: csrf },
    data: {},
  });
  expect(approve.status()).toBe(403);
  expect(((await approve.json()) as { message: string }).message).toBe('OPS_FORBIDDEN');
});
