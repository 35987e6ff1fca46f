import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember } from './members';
import { agentReply, closeChatSession, screenshot, setSettings, signIn } from './support';
import { anyLang, langSwitch, th } from './texts';

// The widget's names in whichever language the page is in.
const launcher = (page: Page) => page.getByRole('button', { name: anyLang((t) => t.chat.open) });
const panel = (page: Page) => page.getByRole('dialog', { name: anyLang((t) => t.chat.title) });
const cards = (page: Page) => panel(page).getByRole('article');

/** A real PNG picture, `w`×`h`, in the site's gold. */
function png(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [201, 154, 46]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The widget stays on only for these tests.
test.afterEach(async ({ request }) => {
  await setSettings(request, { enableChatWidget: false });
});

/**
 * An earlier message of the guest's, long enough to wrap: the newest ten overflow the list wherever the
 * agent's two greeting messages fell among them, so the widget asks for older ones only at the top
 * (a first page that does not fill the list asks at once).
 */
const oldMessage = (i: number) => `ข้อความเก่า ${i}: โอนเงินเข้ามาตั้งแต่เมื่อวานแล้ว แต่ยอดยังไม่เข้าบัญชีเลยค่ะ`;

const lastOwn = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="customer"]').last();
const fromSupport = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="support"]');
const isHistoryAt = (skip: number) => (r: { url: () => string; postDataJSON: () => unknown }) =>
  r.url().endsWith('/api/chat/history') && (r.postDataJSON() as { skip: number }).skip === skip;

async function send(page: Page, text: string) {
  const input = panel(page).getByRole('textbox', { name: anyLang((t) => t.chat.placeholder) });
  await input.fill(text);
  await input.press('Enter');
  await expect(lastOwn(page).getByTestId('chat-status')).toHaveAttribute('data-status', 'succeed');
}

test('a guest opens the widget, scrolls history, gets the greeting, sends text and a picture, sees unread messages', async ({
  page,
  request,
}) => {
  await setSettings(request, { enableChatWidget: true });
  const guestId = `guest-${randomUUID()}`;
  await page.addInitScript((id) => localStorage.setItem('krapao.guestId', id), guestId);
  for (let i = 1; i <= 12; i++) {
    const message = { message_type: 'text', payload: { text: oldMessage(i) } };
    expect((await request.post('/api/chat/send-message', { data: { guestId, message } })).ok()).toBe(true);
  }
  await expect
    .poll(async () =>
      (await request.post('/api/chat/history', { data: { guestId, limit: 10, skip: 0 } })).json().then((b) => b.total),
    )
    .toBe(14);
  await closeChatSession(request, { guestId });

  await page.goto('/contact');
  await expect(page.getByRole('button', { name: th.chat.invite, exact: true })).toContainText('สวัสดีค่ะ');
  await screenshot(page, 'chat-invite');
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  const log = panel(page).getByRole('log');
  await expect(page.getByTestId('chat-message')).toHaveCount(10);

  const older = page.waitForRequest(isHistoryAt(10));
  await log.evaluate((el) => {
    el.scrollTop = 0;
  });
  await older;
  await expect(page.getByTestId('chat-message')).toHaveCount(14);
  await expect(page.getByText(oldMessage(1), { exact: true })).toBeAttached();

  await send(page, 'สวัสดีค่ะ');
  await expect(page.getByTestId('chat-divider')).toHaveCount(1);
  await expect(page.getByTestId('chat-quick-reply')).toHaveCount(3);
  await expect(page.locator('[data-type="buttons"]').last()).toContainText('ยินดีต้อนรับ');
  await page.getByTestId('chat-quick-reply').first().click();
  const card = cards(page).last();
  await expect(card.getByRole('heading')).toHaveText('เข้าสู่ระบบเพื่อดูรายการ');
  await expect(card.locator('a[href="/login"]')).toBeVisible();

  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(panel(page).getByRole('alert')).toHaveText(th.chat.fileNotSupported);
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png(180, 120) });
  await expect(lastOwn(page)).toHaveAttribute('data-type', 'media');
  await expect(lastOwn(page).getByTestId('chat-status')).toHaveAttribute('data-status', 'succeed');
  const picture = lastOwn(page).getByRole('img', { name: th.chat.imageAlt, exact: true });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(180);
  // The agent has answered the picture, its last turn: the list followed it and nothing is unread.
  await expect(fromSupport(page).last()).toContainText('ได้รับไฟล์แล้วค่ะ');
  await expect(fromSupport(page).last()).toBeInViewport();
  const unread = panel(page).getByRole('button', { name: new RegExp(th.chat.newMessages) });
  await expect(unread).toBeHidden();
  const supportBefore = await fromSupport(page).count();

  await log.evaluate(async (el) => {
    el.scrollTop = 0;
    // The scroll event is handled before the frame's animation callbacks: after two, the widget knows.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await agentReply(request, { guestId }, 'เจ้าหน้าที่ตอบแล้วค่ะ');
  await expect(fromSupport(page).last()).toContainText('เจ้าหน้าที่ตอบแล้วค่ะ');
  await expect(unread).toHaveAccessibleName(new RegExp(`^1 ${th.chat.newMessages}`));
  expect(await fromSupport(page).count()).toBe(supportBefore + 1);
  await screenshot(page, 'chat-guest-unread');
  await unread.click();
  await expect(unread).toBeHidden();
  await expect(page.getByText('เจ้าหน้าที่ตอบแล้วค่ะ')).toBeInViewport();
  await screenshot(page, 'chat-guest');
});

test('a member holds a conversation in Thai, Lao and English with the agent and a person', async ({
  page,
  request,
}) => {
  await setSettings(request, { enableChatWidget: true });
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  await page.goto('/user/contact');
  const firstPage = page.waitForRequest(isHistoryAt(0));
  await launcher(page).click();
  const userId = (((await firstPage).postDataJSON() as { userId?: string }).userId ?? '') as string;
  expect(userId).toMatch(/^\d+$/);

  const languages = [
    { lang: 'th', hello: 'สวัสดีครับ', greeting: 'ยินดีต้อนรับ', card: 'รายการล่าสุดของคุณ', person: 'สวัสดีค่ะ เจ้าหน้าที่ยินดีช่วยเหลือ' },
    { lang: 'la', hello: 'ສະບາຍດີ', greeting: 'ຍິນດີຕ້ອນຮັບ', card: 'ລາຍການຫຼ້າສຸດຂອງທ່ານ', person: 'ສະບາຍດີ ພະນັກງານຍິນດີຊ່ວຍເຫຼືອ' },
    {
      lang: 'en',
      hello: 'Hello',
      greeting: 'welcome to Krapao support',
      card: 'Your latest transactions',
      person: 'Hi, this is Nok from support.',
    },
  ] as const;
  for (const [index, step] of languages.entries()) {
    if (index > 0) await closeChatSession(request, { userId });
    await panel(page)
      .getByRole('button', { name: anyLang((t) => t.chat.close) })
      .click();
    await langSwitch(page).selectOption(step.lang);
    await launcher(page).click();
    await send(page, step.hello);
    await expect(page.locator('[data-type="buttons"]').last()).toContainText(step.greeting);
    await expect(page.locator('[data-type="buttons"]').last()).toContainText(m.name);
    if (step.lang === 'th') await screenshot(page, 'chat-member-greeting-th');
    await page.getByTestId('chat-quick-reply').first().click();
    const card = cards(page).last();
    await expect(card.getByRole('heading')).toHaveText(step.card);
    await expect(card.locator('a[href="/user/statement"]')).toBeVisible();
    await agentReply(request, { userId }, step.person);
    await expect(page.getByText(step.person)).toBeVisible();
    await expect(page.getByTestId('chat-divider')).toHaveCount(index);
    await screenshot(page, `chat-member-${step.lang}`);
  }
  await cards(page).last().locator('a[href="/user/statement"]').click();
  await page.waitForURL('**/user/statement');
});
