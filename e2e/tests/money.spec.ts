import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember } from './members';
import { screenshot, signIn } from './support';
import { th } from './texts';

// The demo provider's game (seed-games).
const JOKER = 'Joker Gaming';
const w = th.wallet;

const amountOf = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.-]/g, ''));

test('open a game account, move money in, play the demo game, move it back, see the statement', async ({
  page,
  server,
}) => {
  const m = await freshMember(page.request, { acceptTerms: false, deposit: 1000 });
  await signIn(page, m.phone, m.password);
  await expect(page.getByTestId('home-total')).toContainText(/1,?000\.00/);
  // The terms open by themselves about 1.5 s after home on a first visit; accepting them records it
  // on the server and in the local flag.
  const terms = page.getByRole('dialog', { name: th.common.agreement.title, exact: true });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: th.common.agreement.accept, exact: true }).click();
  await expect(terms).toBeHidden();
  const token = await page.evaluate(
    () => sessionStorage.getItem('krapao.token') ?? localStorage.getItem('krapao.token'),
  );
  const accepted = async () =>
    (await (await page.request.get('/api/account/agreement', { headers: { authorization: `Bearer ${token}` } })).json())
      .accepted;
  await expect.poll(accepted).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('krapao.agreement'))).toBeTruthy();
  await screenshot(page, 'money-home-th');

  // Open the JOKER account.
  const card = page.getByRole('button', { name: JOKER, exact: true });
  await card.click();
  const modal = page.getByRole('dialog', { name: JOKER, exact: true });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: w.game.activate, exact: true }).click();
  await expect(page.getByTestId('game-username')).not.toBeEmpty();
  await screenshot(page, 'game-modal-th');

  // Transfer only: 100 into JOKER.
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBe(0);
  const before = 0;
  await modal.getByRole('button', { name: w.game.transferOnly, exact: true }).click();
  const transfer = page.getByRole('dialog', { name: w.transfer.title, exact: true });
  const from = transfer.getByRole('combobox', { name: w.transfer.from, exact: true });
  const to = transfer.getByRole('combobox', { name: w.transfer.to, exact: true });
  const amount = transfer.getByRole('spinbutton', { name: w.transfer.amount, exact: true });
  const submit = transfer.getByRole('button', { name: w.transfer.submit, exact: true });
  await expect(transfer).toBeVisible();
  await expect(to).toHaveValue('JOKER');
  await amount.fill('100');
  await submit.click();
  await expect(transfer).toBeHidden();
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBe(before + 100);

  // Transfer and play: the rest of the wallet goes in, then the form POST to the provider (another origin).
  await card.click();
  await modal.getByRole('button', { name: w.game.play, exact: true }).click();
  await page.waitForURL(/\/demo-provider\//);
  expect(new URL(page.url()).host).not.toBe(new URL(server).host);
  await expect(page.locator('#balance')).not.toHaveText('–');
  const bet = page.locator('#bets button').first();
  await bet.click();
  await page.locator('#spin').click();
  await expect(page.locator('#history li')).toHaveCount(1);
  const providerBalance = Number(((await page.locator('#balance').textContent()) ?? '').replace(/[^\d.]/g, ''));
  await page.screenshot({ path: 'test-results/screens/demo-game.png' });

  // Back home: the refresh books the result, so the card shows the provider's balance.
  await page.goto('/user/home');
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBe(providerBalance);

  // Move 10 back to the wallet.
  await page.getByRole('button', { name: w.home.transfer, exact: true }).click();
  await from.selectOption('JOKER');
  await to.selectOption('WALLET');
  await amount.fill('10');
  await submit.click();
  await expect(transfer).toBeHidden();
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBeCloseTo(providerBalance - 10, 2);

  // The statement shows the three transfers, newest first.
  await page
    .getByRole('navigation', { name: th.common.menu.label, exact: true })
    .getByRole('link', { name: th.common.menu.statement, exact: true })
    .click();
  const rows = page.getByRole('list', { name: th.statement.title, exact: true }).getByRole('listitem');
  await expect(rows.first()).toHaveAttribute('data-type', 'transfer');
  await expect(rows.first()).toHaveAttribute('data-status', 'success');
  await expect(rows.first().getByTestId('statement-amount')).toHaveText('10.00');
  await expect(rows.and(page.locator('[data-type="transfer"]'))).toHaveCount(3);
  await screenshot(page, 'money-statement-th');
});
