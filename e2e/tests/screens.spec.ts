import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember } from './members';
import { screenshot, signIn } from './support';
import { type Lang, langSwitch, texts } from './texts';

/** The home quick actions, in the page's language. */
const quickAction = (page: Page, lang: Lang, name: string) =>
  page
    .getByRole('navigation', { name: texts[lang].wallet.home.actions, exact: true })
    .getByRole('button', { name, exact: true });

test('home and statement render in Thai, Lao and English at phone width', async ({ page }) => {
  const m = await freshMember(page.request, { deposit: 100 });
  await signIn(page, m.phone, m.password);
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await langSwitch(page).selectOption(lang);
    const t = texts[lang];
    await expect(page.getByRole('region', { name: t.wallet.category.slot, exact: true })).toBeVisible();
    await expect(page.getByTestId('home-total')).toContainText('.');
    await screenshot(page, `home-${lang}`);
    await page
      .getByRole('navigation', { name: t.common.menu.label, exact: true })
      .getByRole('link', { name: t.common.menu.statement, exact: true })
      .click();
    const statement = page.getByRole('list', { name: t.statement.title, exact: true });
    await expect(statement.getByRole('listitem').first()).toBeVisible();
    await screenshot(page, `statement-${lang}`);
  }
});

test('deposit, withdraw, bonus, spin, invite and refund screens in Thai, Lao and English at phone width', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const m = await freshMember(page.request, { deposit: 100 });
  await signIn(page, m.phone, m.password);
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await langSwitch(page).selectOption(lang);
    const t = texts[lang];
    await expect(page.getByTestId('home-total')).toContainText('.');
    // Invite and refund show their seeded banners first (a modal of the same title with a next
    // button, last after the carousel's own next arrow); deposit and withdraw have none.
    const next = page.getByRole('button', { name: t.common.actions.next, exact: true });
    const banners = page.getByRole('dialog').filter({ has: next });
    for (const [action, tile, title, hasBanners] of [
      ['deposit', t.wallet.home.deposit, t.deposit.title, false],
      ['withdraw', t.wallet.home.withdraw, t.withdraw.title, false],
      ['invite', t.wallet.home.inviteFriends, t.invite.title, true],
      ['refund', t.wallet.home.refund, t.refund.title, true],
    ] as const) {
      await quickAction(page, lang, tile).click();
      if (hasBanners) await banners.getByRole('button', { name: t.common.actions.next, exact: true }).last().click();
      await expect(banners).toHaveCount(0);
      const modal = page.getByRole('dialog', { name: title, exact: true });
      await expect(modal).toBeVisible();
      await screenshot(page, `screen-${action}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
    }
    await page.goto('/user/bonus');
    await expect(page.getByTestId('bonus-grid')).toBeVisible();
    await screenshot(page, `screen-bonus-${lang}`);
    await page.goto('/user/spin');
    await expect(page.getByTestId('spin-wheel-name')).not.toBeEmpty();
    await screenshot(page, `screen-spin-${lang}`);
  }
});
