// The home screen's game rows on a phone: the browser's own scroll snapping moves the cards, the arrows
// step a screenful of whole cards and are off at either end.
import { expect, test } from './fixtures';
import { freshMember } from './members';
import { screenshot, signIn } from './support';
import { th } from './texts';

test('a game row steps card by card with its arrows on a phone, and each arrow is off at its end', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  const row = page.getByTestId('carousel-slot');
  const previous = row.getByRole('button', { name: th.wallet.carousel.previous, exact: true });
  const next = row.getByRole('button', { name: th.wallet.carousel.next, exact: true });
  const cards = row.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);

  await expect(cards.first()).toBeInViewport({ ratio: 0.95 });
  await expect(cards.nth(1)).not.toBeInViewport({ ratio: 0.95 });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  // A swipe is the row's own scroll: the arrows follow it.
  const list = row.getByRole('list');
  await list.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect(cards.last()).toBeInViewport({ ratio: 0.95 });
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await list.evaluate((el) => el.scrollTo({ left: 0, behavior: 'instant' }));
  await expect(previous).toBeDisabled();

  // At 390 px one whole card fits: each step brings the next one wholly into view.
  for (let i = 1; i < count; i++) {
    await next.click();
    await expect(cards.nth(i)).toBeInViewport({ ratio: 0.95 });
    await expect(cards.nth(i - 1)).not.toBeInViewport({ ratio: 0.95 });
    await expect(previous).toBeEnabled();
  }
  await expect(next).toBeDisabled();

  await previous.click();
  await expect(cards.nth(count - 2)).toBeInViewport({ ratio: 0.95 });
  await expect(next).toBeEnabled();
  // A full-page screenshot resizes the page for a moment, and the row snaps again: taken last.
  await screenshot(page, 'game-row-th');
});

test('with reduced motion an arrow moves the row at once, without sliding', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  const row = page.getByTestId('carousel-slot');
  const list = row.getByRole('list');
  await expect(row.getByRole('button', { name: th.wallet.carousel.next, exact: true })).toBeEnabled();
  // Clicked and read in one task: a smooth scroll would still be where it started.
  const left = await list.evaluate((el, name) => {
    const section = el.closest('section')!;
    section.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!.click();
    return el.scrollLeft;
  }, th.wallet.carousel.next);
  expect(left).toBe(330);
});

test('the invite banners step with the arrows and the dots, and the arrows are off at the ends', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  await page
    .getByRole('navigation', { name: th.wallet.home.actions, exact: true })
    .getByRole('button', { name: th.wallet.home.inviteFriends, exact: true })
    .click();
  const carousel = page.getByTestId('banner-carousel');
  const dots = carousel.getByTestId('banner-dot');
  const slides = carousel.getByTestId('banner-slide');
  await expect(dots).toHaveCount(2);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect(carousel.getByTestId('banner-prev')).toBeDisabled();

  await carousel.getByTestId('banner-next').click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.95 });
  await expect(carousel.getByTestId('banner-next')).toBeDisabled();
  await expect(carousel.getByTestId('banner-prev')).toBeEnabled();

  await dots.first().click();
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect(slides.first()).toBeInViewport({ ratio: 0.95 });
  await expect(carousel.getByTestId('banner-prev')).toBeDisabled();
  await screenshot(page, 'invite-banners-th');
});
