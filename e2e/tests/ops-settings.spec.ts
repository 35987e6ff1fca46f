// The console's Settings, Games and Chat pages as members feel them: an admin turns registration
// OTP on (a new visitor must type the SMS code) and off again, puts a game under maintenance (its
// card on home says so, with the admin's message) and back on; a support member answers a member's
// chat message from the inbox and the member reads it live. The switches and the game are shared by
// the whole server: they are put back as the seed left them, also when a step fails.

import { lookupPaths } from '@krapao/contracts/lookup';
import { gamesPath, gamesPaths, type TOpsGameList } from '@krapao/contracts/ops/games';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember } from './members';
import {
  addAndEnrol,
  consoleContext,
  consoleNav,
  consoleShotsAt1280,
  consoleWriteHeaders,
  DEV_OWNER,
  freshStaff,
  type NewStaff,
  openConsolePage,
  signInToConsoleAgain,
  staffRow,
} from './ops-staff';
import { type OpsLang, opsTexts, opsTh } from './ops-texts';
import { register, setSettings, signIn, sourcesOfRegistration } from './support';
import { anyLang, fill, th } from './texts';

test.describe.configure({ mode: 'serial' });

const c = opsTh.common;
const s = opsTh.settings;
const g = opsTh.games;
const ch = opsTh.chat;
const STAFF_PASSWORD = 'e2e-staff-password-2';
/** A game no other spec plays: the only lotto, so its card is first in its row on home. */
const GAME = { code: 'HUAYHD', name: 'Huay HD' } as const;
/** The e2e server's switches as seed.ts leaves them outside production; other specs expect them. */
const SEEDED = { registerOTP: false, enableChatWidget: false } as const;
const run = Date.now().toString(36);

const contexts: BrowserContext[] = [];
const signedIn: Partial<Record<NewStaff['role'], { page: Page; person: NewStaff }>> = {};

function staff(role: NewStaff['role']) {
  const who = signedIn[role];
  if (!who) throw new Error(`no signed-in ${role}: the enrolment test did not finish`);
  return who;
}

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server });
  // Starts from the seed's switches, which it also leaves behind.
  expect(await (await api.get(lookupPaths.registerOTP)).json()).toEqual({ registerOTP: SEEDED.registerOTP });
  expect(await (await api.get(lookupPaths.enableChatWidget)).json()).toEqual({
    enableChatWidget: SEEDED.enableChatWidget,
  });
  await api.dispose();
});

test.afterAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server });
  await setSettings(api, SEEDED);
  expect(await (await api.get(lookupPaths.registerOTP)).json()).toEqual({ registerOTP: SEEDED.registerOTP });
  await api.dispose();
  const admin = signedIn.admin?.page;
  if (admin) {
    const list = (await (await admin.request.get(gamesPaths.list)).json()) as TOpsGameList;
    if (list.items.find((game) => game.code === GAME.code)?.state !== 'on') {
      const res = await admin.request.post(gamesPath.update(GAME.code), {
        headers: await consoleWriteHeaders(admin),
        data: { state: 'on', reason: 'e2e: put back after the test' },
      });
      expect(res.ok(), `putting ${GAME.code} back on answered ${res.status()}`).toBe(true);
    }
  }
  await Promise.all(contexts.map((context) => context.close()));
});

/** A switch's line on the Settings page, found by its name. */
const switchLine = (page: Page, key: 'registerOTP' | 'enableChatWidget', lang: OpsLang = 'th') =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(opsTexts[lang].settings.switches[key].label, { exact: true }) });

/** Flips a switch on the Settings page (already open), with a reason; the line then reads the new state. */
async function flipSwitch(page: Page, key: 'registerOTP' | 'enableChatWidget', to: 'on' | 'off', who: NewStaff) {
  const texts = s.switches[key];
  const line = switchLine(page, key);
  await expect(line).toContainText(to === 'on' ? texts.off : texts.on);
  const action = to === 'on' ? texts.turnOn : texts.turnOff;
  await line.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action, exact: true });
  // No change without a reason.
  await dialog.getByRole('button', { name: s.save, exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(s.reasonRequired);
  await dialog.getByLabel(s.reason, { exact: true }).fill(`e2e ${run}: ${key} ${to}`);
  await dialog.getByRole('button', { name: s.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(line).toContainText(to === 'on' ? texts.on : texts.off);
  await expect(
    line.getByRole('button', { name: to === 'on' ? texts.turnOff : texts.turnOn, exact: true }),
  ).toBeVisible();
  const [changedBy] = fill(s.lastChange, { name: who.displayName, at: '\u0000' }).split('\u0000');
  await expect(line.getByTestId('last-change')).toContainText(changedBy ?? '');
}

test('the dev owner adds an admin and a support member; each enrols through the one-time link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  if (!baseURL) throw new Error('the project names no baseURL');
  const ownerContext = await consoleContext(browser, baseURL);
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  await signInToConsoleAgain(owner, { ...DEV_OWNER });
  await openConsolePage(owner, c.nav.staff, c.nav.staff);
  for (const role of ['admin', 'support'] as const) {
    const person = freshStaff(role);
    const { context, page } = await addAndEnrol(owner, browser, person, STAFF_PASSWORD);
    contexts.push(context);
    signedIn[role] = { page, person };
  }
  await owner.reload();
  for (const who of Object.values(signedIn)) {
    await expect(staffRow(owner, who.person.username)).toContainText(c.staff.statusName.active);
  }
  // Support sees neither settings nor games; the admin sees both, and the chat.
  const supportNav = consoleNav(staff('support').page);
  await expect(supportNav.getByRole('link', { name: ch.nav, exact: true })).toBeVisible();
  await expect(supportNav.getByRole('link', { name: s.nav, exact: true })).toHaveCount(0);
  await expect(supportNav.getByRole('link', { name: g.nav, exact: true })).toHaveCount(0);
  const adminNav = consoleNav(staff('admin').page);
  for (const name of [s.nav, g.nav, ch.nav])
    await expect(adminNav.getByRole('link', { name, exact: true })).toBeVisible();
});

test('an admin turns registration OTP on: a new visitor must type the SMS code; turned off, no code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { page: admin, person } = staff('admin');
  await openConsolePage(admin, s.nav, s.title);
  await flipSwitch(admin, 'registerOTP', 'on', person);
  await consoleShotsAt1280(admin, 'settings', async (lang: OpsLang) => {
    const t = opsTexts[lang].settings;
    await expect(admin.getByRole('heading', { name: t.title, exact: true })).toBeVisible();
    await expect(switchLine(admin, 'registerOTP', lang)).toContainText(t.switches.registerOTP.on);
  });

  const smsSent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/otp/send')) smsSent.push(request.url());
  });
  // register() types the code from the sandbox SMS inbox once the wizard asks for it.
  const withCode = await register(page, { otp: true });
  await expect(page.getByRole('status').filter({ hasText: th.register.success })).toBeVisible();
  expect(smsSent).toHaveLength(1);
  await page.waitForURL('**/login');
  await signIn(page, withCode.phone, withCode.password);

  await flipSwitch(admin, 'registerOTP', 'off', person);
  // Another visitor: the member before signs out of this browser.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const without = await register(page);
  await expect(page.getByRole('status').filter({ hasText: th.register.success })).toBeVisible();
  expect(smsSent).toHaveLength(1);
  await page.waitForURL('**/login');
  await signIn(page, without.phone, without.password);
});

test('an admin adds a registration source in Thai, Lao and English: a visitor reads it in theirs; then removed', async ({
  page,
}) => {
  const { page: admin } = staff('admin');
  const ct = opsTh.content;
  await openConsolePage(admin, ct.nav, ct.title);
  const section = admin.getByRole('region', { name: ct.sources.title, exact: true });
  const code = `E2E${run.toUpperCase()}`.slice(0, 16);
  const words = { th: 'ป้ายโฆษณา', la: 'ປ້າຍໂຄສະນາ', en: 'A billboard' } as const;
  await section.getByRole('button', { name: ct.sources.add, exact: true }).click();
  const added = section.getByTestId('source-item').last();
  await added.getByLabel(new RegExp(`^${ct.sources.code}`)).fill(code);
  const text = added.getByRole('group', { name: ct.sources.description, exact: true });
  for (const lang of ['th', 'la', 'en'] as const)
    await text.getByLabel(ct.languages[lang], { exact: true }).fill(words[lang]);
  const served = async () =>
    ((await (await page.request.get(lookupPaths.sources)).json()) as { code: string }[]).map((s) => s.code);
  const save = async (reason: string, saved: (codes: string[]) => boolean) => {
    await section.getByLabel(ct.reason, { exact: true }).fill(reason);
    await section.getByRole('button', { name: ct.save, exact: true }).click();
    await expect.poll(async () => saved(await served())).toBe(true);
  };
  await save('ป้ายโฆษณาริมทาง', (codes) => codes.includes(code));
  // Saved: its code can no longer be edited.
  await expect(added.getByLabel(new RegExp(`^${ct.sources.code}`))).toHaveAttribute('readonly', '');
  const sourcesRegion = (lang: OpsLang) =>
    admin.getByRole('region', { name: opsTexts[lang].content.sources.title, exact: true });
  await consoleShotsAt1280(
    admin,
    'content-sources',
    async (lang: OpsLang) => {
      const last = sourcesRegion(lang).getByTestId('source-item').last();
      await expect(last.getByLabel(opsTexts[lang].content.languages.la)).toHaveValue(words.la);
    },
    sourcesRegion,
  );

  // A visitor reads it in each language.
  for (const lang of ['th', 'la', 'en'] as const) {
    const source = await sourcesOfRegistration(page, lang);
    await expect(source.locator(`option[value="${code}"]`)).toHaveText(words[lang]);
  }

  // Nobody registered with it: it can go, and the seeded sources stay.
  const admins = admin.getByRole('region', { name: ct.sources.title, exact: true });
  const items = admins.getByTestId('source-item');
  await admins.getByRole('button', { name: ct.sources.remove.replace('{{n}}', String(await items.count())) }).click();
  await save('เลิกใช้ป้ายโฆษณา', (codes) => !codes.includes(code) && codes.includes('FRIEND'));
});

test('an admin puts a game under maintenance: its card on home says so with the message; then back on', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { page: admin } = staff('admin');
  await openConsolePage(admin, g.nav, g.title);
  const row = admin.getByRole('row').filter({ hasText: GAME.name });
  await expect(row.getByTestId('game-state')).toHaveText(g.state.on);
  const message = `ปิดปรับปรุงถึง 14:00 น. (e2e ${run})`;

  const edit = async (state: 'maintenance' | 'on') => {
    await row.getByRole('button', { name: g.edit.open, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: fill(g.edit.title, { name: GAME.name }), exact: true });
    await dialog.getByLabel(g.edit.state, { exact: true }).selectOption(state);
    if (state === 'maintenance') {
      await dialog.getByLabel(g.edit.message, { exact: true }).fill(message);
      // Maintenance needs a reason.
      await dialog.getByRole('button', { name: g.edit.save, exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(g.reasonRequired);
    }
    await dialog.getByLabel(g.reason, { exact: true }).fill(`e2e ${run}: ${GAME.code} ${state}`);
    await dialog.getByRole('button', { name: g.edit.save, exact: true }).click();
    await expect(dialog).toBeHidden();
  };

  await edit('maintenance');
  await expect(row.getByTestId('game-state')).toHaveText(g.state.maintenance);
  await expect(row).toContainText(message);
  await consoleShotsAt1280(admin, 'games', async (lang) => {
    await expect(admin.getByRole('heading', { name: opsTexts[lang].games.title, exact: true })).toBeVisible();
    await expect(row.getByTestId('game-state')).toHaveText(opsTexts[lang].games.state.maintenance);
  });

  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  const card = page.getByRole('button', { name: GAME.name, exact: true });
  await expect(card.getByText(th.wallet.card.maintenance, { exact: true })).toBeVisible();
  await expect(card.getByText(message, { exact: true })).toBeVisible();
  await card.click();
  const modal = page.getByRole('dialog', { name: GAME.name, exact: true });
  await expect(modal.getByText(message, { exact: true })).toBeVisible();
  await expect(modal.getByText(th.wallet.game.maintenance, { exact: true })).toBeVisible();

  await edit('on');
  await expect(row.getByTestId('game-state')).toHaveText(g.state.on);
  await expect(row).not.toContainText(message);
  await page.goto('/user/home');
  await expect(card.getByText(th.wallet.card.openPrompt, { exact: true })).toBeVisible();
  await expect(card.getByText(th.wallet.card.maintenance, { exact: true })).toHaveCount(0);
  await expect(card.getByText(message, { exact: true })).toHaveCount(0);
});

test('support answers a member from the chat inbox; the member reads the answer live', async ({ page }) => {
  test.setTimeout(120_000);
  const { page: admin, person } = staff('admin');
  await openConsolePage(admin, s.nav, s.title);
  await flipSwitch(admin, 'enableChatWidget', 'on', person);

  const { page: support } = staff('support');
  await openConsolePage(support, ch.nav, ch.title);
  await expect(support.getByRole('status').filter({ hasText: opsTh.live.status.connected })).toHaveCount(1);

  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  await page.goto('/user/contact');
  await page.getByRole('button', { name: anyLang((t) => t.chat.open) }).click();
  const panel = page.getByRole('dialog', { name: anyLang((t) => t.chat.title) });
  const question = `ยอดฝากยังไม่เข้าค่ะ (e2e ${run})`;
  const input = panel.getByRole('textbox', { name: anyLang((t) => t.chat.placeholder) });
  await input.fill(question);
  await input.press('Enter');
  const own = panel.locator('[data-testid="chat-message"][data-sender="customer"]').last();
  await expect(own.getByTestId('chat-status')).toHaveAttribute('data-status', 'succeed');

  // The conversation comes into the inbox without a reload.
  const conversation = support.getByRole('button').filter({ hasText: m.phone });
  await expect(conversation).toContainText(m.name);
  await conversation.click();
  // The conversation's header and the member panel beside it both name the member.
  await expect(support.getByRole('heading', { name: `${m.name} (${m.phone})`, exact: true })).toHaveCount(2);
  const thread = support.getByRole('list').filter({ has: support.getByTestId('chat-message') });
  await expect(thread).toContainText(question);
  const answer = `ตรวจสอบให้แล้วค่ะ ยอดเข้าแล้ว (${run})`;
  await support.getByLabel(ch.reply.text, { exact: true }).fill(answer);
  await support.getByRole('button', { name: ch.reply.send, exact: true }).click();
  await expect(support.getByLabel(ch.reply.text, { exact: true })).toHaveValue('');
  const sent = support.getByTestId('chat-message').filter({ hasText: answer });
  await expect(sent).toContainText(ch.senders.agent);

  // In the open widget, never reloaded (the agent's own answer to the question may come before or after).
  const fromSupport = panel.locator('[data-testid="chat-message"][data-sender="support"]');
  await expect(fromSupport.filter({ hasText: answer })).toHaveCount(1);

  await consoleShotsAt1280(support, 'chat', async (lang) => {
    await expect(support.getByRole('heading', { name: opsTexts[lang].chat.title, exact: true })).toBeVisible();
    await expect(sent).toContainText(opsTexts[lang].chat.senders.agent);
  });

  await flipSwitch(admin, 'enableChatWidget', 'off', person);
  // Once the page has read the switch again, no launcher.
  const lookup = page.waitForResponse((res) => res.url().endsWith(lookupPaths.enableChatWidget));
  await page.reload();
  expect(await (await lookup).json()).toEqual({ enableChatWidget: false });
  await expect(page.getByRole('button', { name: anyLang((t) => t.chat.open) })).toHaveCount(0);
});
