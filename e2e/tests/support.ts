import type { APIRequestContext, Page } from '@playwright/test';
import { anyLang, type Lang, langSwitch, texts, th } from './texts';

/**
 * Numbers no other member of this run has: a base from the clock when the worker started (a new
 * worker after a failure gets a new one) and a counter.
 */
const base = Math.floor(Date.now() / 1000) % 100_000;
let serial = 0;
function unique(digits: number): string {
  serial += 1;
  return `${base}`.padStart(5, '0') + `${serial}`.padStart(digits - 5, '0');
}

/** A phone number no other test uses: `prefix` and digits up to `length` (10 in Thailand, 8 in Laos). */
export function freshPhone(prefix = '08', length = 10): string {
  return `${prefix}${unique(length - prefix.length)}`;
}

/** A 10-digit bank account number no other test uses. */
export function freshAccountNo(): string {
  return `7${unique(9)}`;
}

export async function setSettings(
  request: APIRequestContext,
  settings: { registerOTP?: boolean; enableChatWidget?: boolean; active?: boolean },
) {
  const res = await request.put('/dev/settings', { data: settings });
  if (!res.ok()) throw new Error(`PUT /dev/settings answered ${res.status()}`);
}

/** The newest one-time code the sandbox SMS gateway "sent" to a phone. */
export async function latestOtp(request: APIRequestContext, phone: string): Promise<string> {
  const res = await request.get(`/dev/sms?phone=${phone}`);
  const messages = (await res.json()) as { code: string | null }[];
  const code = messages[0]?.code;
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const r = th.register;

export type NewMember = { phone: string; password: string; name: string; accountNo: string };

/** Walks the four-step wizard; the OTP step is answered from the sandbox SMS inbox when it shows. */
export async function register(
  page: Page,
  opts: { phone?: string; otp?: boolean; bank?: string } = {},
): Promise<NewMember> {
  const m = {
    phone: opts.phone ?? freshPhone(),
    password: 'secret123',
    name: 'Test Player',
    accountNo: freshAccountNo(),
  };
  await page.goto('/register');
  const step = registerStep(page);
  await step.phone.getByLabel(r.phone, { exact: true }).fill(m.phone);
  await step.phone.getByRole('button', { name: th.common.actions.next, exact: true }).click();
  if (opts.otp) {
    await step.otp.waitFor();
    const code = await latestOtp(page.request, m.phone);
    await step.otp.getByRole('textbox', { name: r.otpCode, exact: true }).fill(code);
    await step.otp.getByRole('button', { name: r.verify, exact: true }).click();
  }
  await step.profile.waitFor();
  await step.profile.getByLabel(r.name, { exact: true }).fill(m.name);
  await step.profile.getByLabel(r.password, { exact: true }).fill(m.password);
  await step.profile.getByLabel(r.confirmPassword, { exact: true }).fill(m.password);
  await step.profile.getByLabel(r.source, { exact: true }).selectOption('FB');
  await step.profile.getByRole('button', { name: th.common.actions.next, exact: true }).click();
  await step.bank.waitFor();
  await step.bank.getByLabel(r.bank, { exact: true }).selectOption(opts.bank ?? 'KTB');
  await step.bank.getByLabel(r.firstName, { exact: true }).fill('somchai');
  await step.bank.getByLabel(r.lastName, { exact: true }).fill('tester');
  await step.bank.getByLabel(r.accountNo, { exact: true }).fill(m.accountNo);
  await step.bank.getByRole('button', { name: r.submit, exact: true }).click();
  return m;
}

/** The wizard's four steps, each a form named by its step. */
export function registerStep(page: Page, lang: Lang = 'th') {
  const steps = texts[lang].register.steps;
  const form = (name: string) => page.getByRole('form', { name, exact: true });
  return {
    phone: form(steps.phone),
    otp: form(steps.otp),
    profile: form(steps.profile),
    bank: form(steps.bank),
  };
}

/**
 * The source list of step 3 as a visitor who chose `lang` on /login and went on to register (OTP off).
 * A later call goes back to /login through the menu, inside the same page load: the lookups of an
 * earlier language are still in the app's cache.
 */
export async function sourcesOfRegistration(page: Page, lang: Lang) {
  const menu = page.getByRole('navigation', { name: anyLang((t) => t.common.menu.label) });
  if (new URL(page.url()).pathname === '/register') {
    await menu.getByRole('link', { name: anyLang((t) => t.common.menu.login) }).click();
  } else await page.goto('/login');
  await langSwitch(page).selectOption(lang);
  await menu.getByRole('link', { name: texts[lang].common.menu.register, exact: true }).click();
  const step = registerStep(page, lang);
  await step.phone.getByLabel(texts[lang].register.phone, { exact: true }).fill(freshPhone());
  await step.phone.getByRole('button', { name: texts[lang].common.actions.next, exact: true }).click();
  const source = step.profile.getByLabel(texts[lang].register.source, { exact: true });
  await source.waitFor();
  return source;
}

export async function signIn(page: Page, username: string, password: string, remember = false) {
  await page.goto('/login');
  // In whichever language the page opens (a test may have chosen one, the Laos build starts in Lao).
  await page.getByLabel(anyLang((t) => t.common.login.username)).fill(username);
  await page.getByLabel(anyLang((t) => t.common.login.password)).fill(password);
  if (remember) await page.getByRole('checkbox', { name: anyLang((t) => t.common.login.remember) }).check();
  await page.getByRole('button', { name: anyLang((t) => t.common.login.submit) }).click();
  await page.waitForURL('**/user/home');
}

/** The operator token of a dev server (OPERATOR_TOKEN's default outside production). */
export const DEV_OPERATOR_TOKEN = 'krapao-dev-operator-token';
export type ChatTarget = { userId?: string; guestId?: string };

/** A person answers in a conversation through the agent API. */
export async function agentReply(request: APIRequestContext, target: ChatTarget, text: string) {
  const res = await request.post('/api/chat/agent/reply', {
    headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
    data: { ...target, message: { message_type: 'text', payload: { text } } },
  });
  if (!res.ok()) throw new Error(`agent reply answered ${res.status()}: ${await res.text()}`);
}

/** The operator ends the conversation's session: the next message starts a new one. */
export async function closeChatSession(request: APIRequestContext, target: ChatTarget) {
  const res = await request.post('/api/chat/agent/close', {
    headers: { authorization: `Bearer ${DEV_OPERATOR_TOKEN}` },
    data: target,
  });
  if (!res.ok()) throw new Error(`close session answered ${res.status()}`);
}
