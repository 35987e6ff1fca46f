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
