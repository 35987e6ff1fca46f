import { expect, type Page, test } from '@playwright/test';
import { register, screenshot, setSettings, signIn } from './support';

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(
    () => localStorage.getItem('krapao.token') ?? sessionStorage.getItem('krapao.token'),
  );
  if (!stored) throw new Error('not signed in');
  return stored;
}

/** A QR deposit at KBANK paid through the sandbox gateway (the member's bank app). */
async function depositByQr(page: Page, amount: number) {
  const authorization = `Bearer ${await token(page)}`;
  const created = await page.request.post('/api/qrcode/KBANK', {
    headers: { authorization, 'idempotency-key': `e2e-qr-${Date.now()}` },
    data: { amount },
  });
  expect(created.ok()).toBeTruthy();
  const { qrcodeId } = await created.json();
  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
  const wallet = async () =>
    (await (await page.request.get('/api/wallet', { headers: { authorization } })).json()).wallet.amount;
  await expect.poll(wallet).toBe(amount);
}

const TURNOVER_TEXT = {
  th: 'เล่นอีก 500.00',
  la: 'ຫຼິ້ນອີກ 500.00',
  en: 'Play 500.00 more before a withdrawal is paid at once',
} as const;

test('the withdraw modal tells the turnover still to play, in Thai, Lao and English', async ({ page }) => {
  await setSettings(page.request, { registerOTP: false });
  const m = await register(page);
  await page.waitForURL('**/login');
  await page.addInitScript(() => localStorage.setItem('krapao.agreement', 'true'));
  await signIn(page, m.phone, m.password);
  // A deposit not played yet: a withdrawal now would wait for review.
  await depositByQr(page, 500);

  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await page.getByTestId('lang-switch').selectOption(lang);
    await page.getByTestId('action-withdraw').click();
    const modal = page.getByTestId('withdraw-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('withdraw-review-note')).toContainText(TURNOVER_TEXT[lang]);
    await modal.getByTestId('withdraw-amount').fill('200');
    await screenshot(page, `withdraw-review-${lang}`);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  }
});
