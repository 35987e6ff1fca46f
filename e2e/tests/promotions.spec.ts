import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, lostYesterday, type Member, pageToken, playThrough, untilCounted, walletOf } from './members';
import { screenshot, signIn } from './support';
import { fill, langSwitch, texts, th } from './texts';

// The welcome bonus of the seed (seed-bonuses).
const WELCOME = 'โบนัสต้อนรับ 100% · Welcome bonus 100%';
const b = th.bonus;
const exact = { exact: true };

// The house's AUTO account (deposit seed): the bank feed credits transfers into it.
const HOUSE_AUTO_ACCOUNT = '4071234567';

async function api(page: Page, path: string) {
  const res = await page.request.get(path, { headers: { authorization: `Bearer ${await pageToken(page)}` } });
  return res.json();
}

const walletAmount = async (page: Page) => (await api(page, '/api/wallet')).wallet.amount as number;

/** Ends whatever credit condition the member is under, so the next step starts clean. */
async function endCondition(page: Page) {
  await api(page, '/api/bonus/clear');
  await expect.poll(async () => (await api(page, '/api/bonus/check/active')).status).toBe(false);
}

async function confirmCancel(page: Page) {
  await page
    .getByRole('alertdialog', { name: b.active.confirmTitle, exact: true })
    .getByRole('button', { name: b.active.confirm, exact: true })
    .click();
}

/** The success alert of an action: the generic success title. */
const success = (page: Page) => page.getByRole('alertdialog', { name: th.common.dialog.successTitle, exact: true });
const progress = (page: Page) => page.getByRole('progressbar', { name: b.progress.balance, exact: true });

/**
 * The open dialog closed, then shown again in Lao and in English for a screenshot each
 * (`<name>-la`, `<name>-en`); the page is back in Thai with the dialog closed afterwards.
 */
async function inLaoAndEnglish(page: Page, name: string, open: (lang: 'la' | 'en') => Promise<void>) {
  for (const lang of ['la', 'en', 'th'] as const) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await langSwitch(page).selectOption(lang);
    if (lang === 'th') return;
    await open(lang);
    await screenshot(page, `${name}-${lang}`);
  }
}

test('take a deposit bonus, watch its progress, cancel it; find and activate a promotion code', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  // The member's first deposit, to the AUTO account, qualifies for the welcome bonus (credited by the bank feed).
  const before = 0;
  const transfer = { fromBankCode: m.bankCode, fromAccountNo: m.accountNo, toAccountNo: HOUSE_AUTO_ACCOUNT };
  expect((await page.request.post('/dev/bank/transfer', { data: { ...transfer, amount: 300 } })).ok()).toBeTruthy();
  await expect.poll(() => walletAmount(page), { timeout: 20_000 }).toBe(before + 300);

  await page.goto('/user/bonus');
  await page.getByRole('button', { name: WELCOME, exact: true }).click();
  const bonus = page.getByRole('dialog', { name: WELCOME, exact: true });
  await expect(bonus).toBeVisible();
  await expect(page.getByTestId('bonus-notice')).toContainText('10');
  await bonus.getByRole('button', { name: b.modal.receive, exact: true }).click();
  await expect(success(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(progress(page)).toBeVisible();
  await expect(page.getByTestId('bonus-card-active')).toBeVisible();
  await screenshot(page, 'bonus-active-th');
  expect(await walletAmount(page)).toBe(before + 600);

  // Cancel, after confirmation showing what it takes back: the unused bonus goes back; the code field shows again.
  const cancel = page.getByRole('button', { name: b.active.cancel, exact: true });
  await cancel.click();
  await expect(page.getByTestId('bonus-cancel-takes-back')).toHaveText(fill(b.active.takesBack, { amount: '300.00' }));
  await screenshot(page, 'bonus-cancel-confirm-th');
  await inLaoAndEnglish(page, 'bonus-cancel-confirm', async (lang) => {
    await page.getByRole('button', { name: texts[lang].bonus.active.cancel, exact: true }).click();
    await expect(page.getByTestId('bonus-cancel-takes-back')).toContainText('300.00');
  });
  await cancel.click();
  await confirmCancel(page);
  const code = page.getByLabel(b.promotion.label, exact);
  await expect(code).toBeVisible();
  await expect.poll(() => walletAmount(page)).toBe(before + 300);

  // A promotion code, typed in lower case.
  await code.fill('krapao100');
  await expect(code).toHaveValue('KRAPAO100');
  await page.getByRole('button', { name: b.promotion.search, exact: true }).click();
  await expect(page.getByTestId('promotion-found')).toBeVisible();
  await page.getByRole('button', { name: b.promotion.activate, exact: true }).click();
  await expect(success(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(progress(page)).toBeVisible();
  await screenshot(page, 'promotion-active-th');
  await endCondition(page);
});

/** A member who lost yesterday and whose invitee deposited 300 and played it through. */
async function inviterWithLosses(page: Page): Promise<Member> {
  const m = await freshMember(page.request, { deposit: 300 });
  await lostYesterday(page.request, m);
  const invitee = await freshMember(page.request, { inviteCode: `PR${m.id}`, deposit: 300 });
  await playThrough(page.request, invitee, 300);
  await untilCounted(page.request, invitee, async () => (await walletOf(page.request, m)).invite.amount > 0);
  return m;
}

test('claim the invite bonus and receive cashback from home', async ({ page }) => {
  const m = await inviterWithLosses(page);
  await signIn(page, m.phone, m.password);
  // The invitee played its deposit through: the referral share waits on home.
  await expect
    .poll(async () => Number((await page.getByTestId('home-invite-amount').textContent()) ?? '0'))
    .toBeGreaterThan(0);
  const before = await walletAmount(page);
  const invite = (await api(page, '/api/wallet')).invite.amount as number;
  await page.getByRole('button', { name: th.wallet.home.receive, exact: true }).click();
  const receive = page.getByRole('alertdialog', { name: th.invite.receive.title, exact: true });
  await expect(receive).toBeVisible();
  await screenshot(page, 'invite-confirm-th');
  await receive.getByRole('button', { name: th.invite.receive.confirm, exact: true }).click();
  await expect.poll(() => walletAmount(page)).toBeCloseTo(before + invite, 2);
  await page.keyboard.press('Escape');
  await endCondition(page);

  // Cashback of yesterday's losses: the banners first, then the refund modal.
  await page.goto('/user/home');
  await page.getByRole('button', { name: th.wallet.home.refund, exact: true }).click();
  const next = { name: th.common.actions.next, exact: true };
  const banners = page.getByRole('dialog', { name: th.refund.title, exact: true }).filter({
    has: page.getByRole('button', next),
  });
  // The footer's next button, after the carousel's own next arrow.
  const continueButton = banners.getByRole('button', next).last();
  await expect(continueButton).toBeVisible();
  await screenshot(page, 'refund-banners-th');
  await continueButton.click();
  await expect(banners).toHaveCount(0);
  const refund = page.getByRole('dialog', { name: th.refund.title, exact: true });
  await expect(refund).toBeVisible();
  await refund.getByRole('button', { name: th.refund.receive, exact: true }).click();
  const addWallet = refund.getByRole('button', { name: th.refund.addWallet, exact: true });
  await expect(addWallet).toBeEnabled();
  await screenshot(page, 'refund-th');
  const beforeRefund = await walletAmount(page);
  await addWallet.click();
  await page
    .getByRole('alertdialog', { name: th.refund.confirm.title, exact: true })
    .getByRole('button', { name: th.common.actions.confirm, exact: true })
    .click();
  await expect(refund).toBeHidden();
  // 5% of the 120 lost.
  await expect.poll(() => walletAmount(page)).toBeCloseTo(beforeRefund + 6, 2);
  await endCondition(page);
});

test('two spins: 10 baht, then try again (the seeded draw); claim the coupon', async ({ page }) => {
  // 200 baht played through vest 2 coins (one per 100).
  const m = await freshMember(page.request, { deposit: 200 });
  await playThrough(page.request, m, 200);
  await untilCounted(page.request, m, async () => (await walletOf(page.request, m)).profile.coin === 2);
  await signIn(page, m.phone, m.password);
  await page.goto('/user/spin');
  await expect(page.getByTestId('spin-wheel-name')).not.toBeEmpty();
  // The coupon table's rows of cells (the header row has none).
  const coupons = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(coupons).toHaveCount(0);
  const status = page.getByTestId('spin-status');
  const spin = page.getByRole('button', { name: /^หมุนกงล้อ/ });

  // The wheel turns for 4–5 s, then says where it stopped; a prize opens its modal.
  await expect(spin).toHaveAccessibleName('หมุนกงล้อ เหรียญคงเหลือ: 2');
  await spin.click();
  await expect(spin).toHaveAccessibleName(fill(th.spin.wheel.spinLabel, { coins: 1 }));
  await expect(status).toHaveText('กงล้อหยุดที่ 10฿', { timeout: 10_000 });
  const prize = page.getByRole('dialog', { name: 'ยินดีด้วย!' });
  await expect(prize).toContainText('10');
  await screenshot(page, 'spin-prize-th');
  await prize.getByRole('button', { name: th.common.actions.ok, exact: true }).click();
  await expect(prize).toBeHidden();

  await spin.click();
  await expect(spin).toHaveAccessibleName(fill(th.spin.wheel.spinLabel, { coins: 0 }));
  await expect(status).toHaveText('กงล้อหยุดที่ ลองใหม่', { timeout: 10_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(coupons).toHaveCount(1);
  await expect(coupons.first()).toBeVisible();
  const before = await walletAmount(page);
  await coupons.first().getByRole('button', { name: th.spin.coupons.claim, exact: true }).click();
  const claim = page.getByRole('alertdialog', { name: th.spin.claim.title, exact: true });
  await expect(claim).toBeVisible();
  await expect(claim.getByText(th.spin.claim.condition, exact)).toBeVisible();
  await screenshot(page, 'claim-condition-th');
  await inLaoAndEnglish(page, 'claim-condition', async (lang) => {
    const t = texts[lang].spin;
    await coupons.first().getByRole('button', { name: t.coupons.claim, exact: true }).click();
    const inLang = page.getByRole('alertdialog', { name: t.claim.title, exact: true });
    await expect(inLang.getByText(t.claim.condition, exact)).toBeVisible();
  });
  await coupons.first().getByRole('button', { name: th.spin.coupons.claim, exact: true }).click();
  await claim.getByRole('button', { name: th.spin.claim.confirm, exact: true }).click();
  await expect(success(page)).toContainText(th.spin.claim.success.replace(/\{\{.*/, '').trim());
  await expect.poll(() => walletAmount(page)).toBe(before + 10);
  await screenshot(page, 'spin-th');
  // A coupon is house credit under a condition (decision 055): the bonus page shows it.
  await page.goto('/user/bonus');
  await expect(page.getByTestId('bonus-active-type')).toHaveText('คูปองวงล้อนำโชค');
  await endCondition(page);
});
