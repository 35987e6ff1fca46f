import { expect, type Page, test } from '@playwright/test';
import { DEMO, screenshot, signIn } from './support';

// The demo member's registered account (seed) and the house's AUTO account (deposit seed).
const DEMO_BANK = { code: 'KBANK', accountNo: '1234567890' };
const HOUSE_AUTO_ACCOUNT = '4071234567';

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(
    () => localStorage.getItem('krapao.token') ?? sessionStorage.getItem('krapao.token'),
  );
  if (!stored) throw new Error('not signed in');
  return stored;
}

async function api(page: Page, path: string) {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${await token(page)}` } });
  return res.json();
}

const walletAmount = async (page: Page) => (await api(page, '/api/wallet')).wallet.amount as number;

/** Ends whatever credit condition the member is under, so the next step starts clean. */
async function endCondition(page: Page) {
  await api(page, '/api/bonus/clear');
  await expect.poll(async () => (await api(page, '/api/bonus/check/active')).status).toBe(false);
}

async function confirm(page: Page) {
  await page.getByTestId('confirm-dialog').getByRole('button').last().click();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('krapao.agreement', 'true'));
  await signIn(page, DEMO.username, DEMO.password);
});

/**
 * The open dialog closed, then shown again in Lao and in English for a screenshot each
 * (`<name>-la`, `<name>-en`); the page is back in Thai with the dialog closed afterwards.
 */
async function inLaoAndEnglish(page: Page, name: string, open: () => Promise<void>) {
  for (const lang of ['la', 'en', 'th'] as const) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByTestId('lang-switch').selectOption(lang);
    if (lang === 'th') return;
    await open();
    await screenshot(page, `${name}-${lang}`);
  }
}

test('take a deposit bonus, watch its progress, cancel it; find and activate a promotion code', async ({ page }) => {
  // A fresh deposit to the AUTO account qualifies for the welcome bonus (credited by the bank feed).
  const before = await walletAmount(page);
  const transfer = {
    fromBankCode: DEMO_BANK.code,
    fromAccountNo: DEMO_BANK.accountNo,
    toAccountNo: HOUSE_AUTO_ACCOUNT,
  };
  expect((await page.request.post('/dev/bank/transfer', { data: { ...transfer, amount: 300 } })).ok()).toBeTruthy();
  await expect.poll(() => walletAmount(page), { timeout: 20_000 }).toBe(before + 300);

  await page.goto('/user/bonus');
  await page.getByTestId('bonus-card-WELCOME').click();
  await expect(page.getByTestId('bonus-modal')).toBeVisible();
  await expect(page.getByTestId('bonus-notice')).toContainText('10');
  await page.getByTestId('bonus-receive').click();
  await expect(page.getByTestId('success-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bonus-progress')).toBeVisible();
  await expect(page.getByTestId('bonus-card-active')).toBeVisible();
  await screenshot(page, 'bonus-active-th');
  expect(await walletAmount(page)).toBe(before + 600);

  // Cancel, after confirmation showing what it takes back: the unused bonus goes back; the code field shows again.
  await page.getByTestId('bonus-cancel').click();
  await expect(page.getByTestId('bonus-cancel-takes-back')).toHaveText('การยกเลิกจะหักคืน 300.00');
  await screenshot(page, 'bonus-cancel-confirm-th');
  await inLaoAndEnglish(page, 'bonus-cancel-confirm', async () => {
    await page.getByTestId('bonus-cancel').click();
    await expect(page.getByTestId('bonus-cancel-takes-back')).toContainText('300.00');
  });
  await page.getByTestId('bonus-cancel').click();
  await confirm(page);
  await expect(page.getByTestId('promotion-code')).toBeVisible();
  await expect.poll(() => walletAmount(page)).toBe(before + 300);

  // A promotion code, typed in lower case.
  await page.getByTestId('promotion-code').fill('krapao100');
  await expect(page.getByTestId('promotion-code')).toHaveValue('KRAPAO100');
  await page.getByTestId('promotion-search').click();
  await expect(page.getByTestId('promotion-found')).toBeVisible();
  await page.getByTestId('promotion-activate').click();
  await expect(page.getByTestId('success-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bonus-progress')).toBeVisible();
  await screenshot(page, 'promotion-active-th');
  await endCondition(page);
});

test('claim the invite bonus and receive cashback from home', async ({ page }) => {
  // The seed's invitee deposited: the referral share waits on home.
  await expect
    .poll(async () => Number((await page.getByTestId('home-invite-amount').textContent()) ?? '0'))
    .toBeGreaterThan(0);
  const before = await walletAmount(page);
  const invite = (await api(page, '/api/wallet')).invite.amount as number;
  await page.getByTestId('home-invite-receive').click();
  await expect(page.getByTestId('invite-confirm')).toBeVisible();
  await screenshot(page, 'invite-confirm-th');
  await page.getByTestId('invite-confirm-yes').click();
  await expect.poll(() => walletAmount(page)).toBeCloseTo(before + invite, 2);
  await page.keyboard.press('Escape');
  await endCondition(page);

  // Cashback of the seed's losing day: banners first, then the refund modal.
  await page.goto('/user/home');
  await page.getByTestId('action-refund').click();
  const banners = page.getByTestId('banner-modal');
  if (
    await banners.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await screenshot(page, 'refund-banners-th');
    await page.getByTestId('banner-modal-continue').click();
  }
  await expect(page.getByTestId('refund-modal')).toBeVisible();
  await page.getByTestId('refund-receive').click();
  await expect(page.getByTestId('refund-add-wallet')).toBeEnabled();
  await screenshot(page, 'refund-th');
  const beforeRefund = await walletAmount(page);
  await page.getByTestId('refund-add-wallet').click();
  await page.getByTestId('refund-add-yes').click();
  await expect(page.getByTestId('refund-modal')).toBeHidden();
  await expect.poll(() => walletAmount(page)).toBeGreaterThan(beforeRefund);
  await endCondition(page);
});

test('spin the wheel until a prize comes up, then claim the coupon', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/user/spin');
  await expect(page.getByTestId('spin-wheel-name')).not.toBeEmpty();
  const status = page.getByTestId('spin-status');
  for (let spins = 0; spins < 12 && (await page.getByTestId('coupon-row').count()) === 0; spins += 1) {
    const coins = Number((await page.getByTestId('spin-coins').textContent()) ?? '0');
    if (coins <= 0) break;
    await page.getByTestId('spin-button').click();
    await expect(page.getByTestId('spin-coins')).toHaveText(String(coins - 1));
    // The wheel turns for 4–5 s, then says where it stopped; a prize opens its modal.
    await expect(status).toContainText('กงล้อหยุดที่', { timeout: 10_000 });
    const prize = page.getByTestId('prize-modal');
    if (
      await prize.waitFor({ timeout: 1_500 }).then(
        () => true,
        () => false,
      )
    ) {
      await screenshot(page, 'spin-prize-th');
      await page.getByTestId('prize-close').click();
      await expect(prize).toBeHidden();
    }
  }
  await expect(page.getByTestId('coupon-row').first()).toBeVisible();
  const before = await walletAmount(page);
  await page.getByTestId('coupon-claim').first().click();
  await expect(page.getByTestId('claim-modal')).toBeVisible();
  await expect(page.getByTestId('claim-condition')).toBeVisible();
  await screenshot(page, 'claim-condition-th');
  await inLaoAndEnglish(page, 'claim-condition', async () => {
    await page.getByTestId('coupon-claim').first().click();
    await expect(page.getByTestId('claim-condition')).toBeVisible();
  });
  await page.getByTestId('coupon-claim').first().click();
  await page.getByTestId('claim-confirm').click();
  await expect(page.getByTestId('claim-success')).toBeVisible();
  await expect.poll(() => walletAmount(page)).toBeGreaterThan(before);
  await screenshot(page, 'spin-th');
  // A coupon is house credit under a condition (decision 055): the bonus page shows it.
  await page.goto('/user/bonus');
  await expect(page.getByTestId('bonus-active-type')).toHaveText('คูปองวงล้อนำโชค');
  await endCondition(page);
});
