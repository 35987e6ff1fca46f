import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO = { username: '0800000001', password: 'krapao123' };

/** A phone number no other test uses: 08 + 8 digits from the clock and a counter. */
let counter = 0;
export function freshPhone(prefix = '08'): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter % 100}`.padStart(8, '0').slice(-8);
  return `${prefix}${tail}`;
}

/** A 10-digit bank account number no other test uses. */
export function freshAccountNo(): string {
  return `${Date.now() % 10_000_000_000}`.padStart(10, '7');
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
  await page.getByTestId('register-phone').fill(m.phone);
  await page.getByTestId('register-step-1').getByTestId('register-next').click();
  if (opts.otp) {
    await page.getByTestId('register-step-2').waitFor();
    const code = await latestOtp(page.request, m.phone);
    await page.getByTestId('register-otp-code').fill(code);
    await page.getByTestId('register-otp-verify').click();
  }
  const step3 = page.getByTestId('register-step-3');
  await step3.waitFor();
  await page.getByTestId('register-name').fill(m.name);
  await page.getByTestId('register-password').fill(m.password);
  await page.getByTestId('register-confirm-password').fill(m.password);
  await page.getByTestId('register-source').selectOption('FB');
  await step3.getByTestId('register-next').click();
  await page.getByTestId('register-step-4').waitFor();
  await page.getByTestId('register-bank').selectOption(opts.bank ?? 'KTB');
  await page.getByTestId('register-first-name').fill('somchai');
  await page.getByTestId('register-last-name').fill('tester');
  await page.getByTestId('register-account-no').fill(m.accountNo);
  await page.getByTestId('register-submit').click();
  return m;
}

export async function signIn(page: Page, username: string, password: string, remember = false) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  if (remember) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
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
