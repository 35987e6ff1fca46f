import { expect, test } from './fixtures';
import { freshMember } from './members';
import { screenshot, signIn } from './support';
import { langSwitch, texts } from './texts';

const TURNOVER_TEXT = {
  th: 'เล่นอีก 500.00',
  la: 'ຫຼິ້ນອີກ 500.00',
  en: 'Play 500.00 more before a withdrawal is paid at once',
} as const;

test('the withdraw modal tells the turnover still to play, in Thai, Lao and English', async ({ page }) => {
  // A deposit not played yet: a withdrawal now would wait for review.
  const m = await freshMember(page.request, { deposit: 500 });
  await signIn(page, m.phone, m.password);

  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await langSwitch(page).selectOption(lang);
    const t = texts[lang];
    await page.getByRole('button', { name: t.wallet.home.withdraw, exact: true }).click();
    const modal = page.getByRole('dialog', { name: t.withdraw.title, exact: true });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('status')).toContainText(TURNOVER_TEXT[lang]);
    await modal.getByRole('spinbutton', { name: t.withdraw.amount, exact: true }).fill('200');
    await screenshot(page, `withdraw-review-${lang}`);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  }
});
