import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { agentReply, closeChatSession, DEMO, screenshot, setSettings, signIn } from './support';

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

const lastOwn = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="customer"]').last();
const fromSupport = (page: Page) => page.locator('[data-testid="chat-message"][data-sender="support"]');
const isHistoryAt = (skip: number) => (r: { url: () => string; postDataJSON: () => unknown }) =>
  r.url().endsWith('/api/chat/history') && (r.postDataJSON() as { skip: number }).skip === skip;

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
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
    const message = { message_type: 'text', payload: { text: `ข้อความเก่า ${i}` } };
    expect((await request.post('/api/chat/send-message', { data: { guestId, message } })).ok()).toBe(true);
  }
  await expect
    .poll(async () =>
      (await request.post('/api/chat/history', { data: { guestId, limit: 10, skip: 0 } })).json().then((b) => b.total),
    )
    .toBe(14);
  await closeChatSession(request, { guestId });

  await page.goto('/contact');
  await expect(page.getByTestId('chat-invite')).toContainText('สวัสดีค่ะ');
  await screenshot(page, 'chat-invite');
  await page.getByTestId('chat-launcher').click();
  await expect(page.getByTestId('chat-panel')).toBeVisible();
  await expect(page.getByTestId('chat-message')).toHaveCount(10);

  const older = page.waitForRequest(isHistoryAt(10));
  await page.getByTestId('chat-messages').evaluate((el) => {
    el.scrollTop = 0;
  });
  await older;
  await expect(page.getByTestId('chat-message')).toHaveCount(14);
  await expect(page.getByText('ข้อความเก่า 1', { exact: true })).toBeAttached();

  await send(page, 'สวัสดีค่ะ');
  await expect(page.getByTestId('chat-divider')).toHaveCount(1);
  await expect(page.getByTestId('chat-quick-reply')).toHaveCount(3);
  await expect(page.locator('[data-type="buttons"]').last()).toContainText('ยินดีต้อนรับ');
  await page.getByTestId('chat-quick-reply').first().click();
  const card = page.getByTestId('chat-card').last();
  await expect(card.getByTestId('chat-card-title')).toHaveText('เข้าสู่ระบบเพื่อดูรายการ');
  await expect(card.locator('a[href="/login"]')).toBeVisible();

  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(page.getByTestId('chat-alert')).toHaveText('ไม่รองรับไฟล์นี้');
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png(180, 120) });
  await expect(lastOwn(page)).toHaveAttribute('data-type', 'media');
  await expect(lastOwn(page).getByTestId('chat-status')).toHaveAttribute('data-status', 'succeed');
  const picture = lastOwn(page).getByTestId('chat-media-image');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(180);
  // The agent has answered the picture, its last turn: the list followed it and nothing is unread.
  await expect(fromSupport(page).last()).toContainText('ได้รับไฟล์แล้วค่ะ');
  await expect(fromSupport(page).last()).toBeInViewport();
  await expect(page.getByTestId('chat-unread')).toBeHidden();
  const supportBefore = await fromSupport(page).count();

  await page.getByTestId('chat-messages').evaluate(async (el) => {
    el.scrollTop = 0;
    // The scroll event is handled before the frame's animation callbacks: after two, the widget knows.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  await agentReply(request, { guestId }, 'เจ้าหน้าที่ตอบแล้วค่ะ');
  await expect(fromSupport(page).last()).toContainText('เจ้าหน้าที่ตอบแล้วค่ะ');
  await expect(page.getByTestId('chat-unread-count')).toHaveText('1');
  expect(await fromSupport(page).count()).toBe(supportBefore + 1);
  await screenshot(page, 'chat-guest-unread');
  await page.getByTestId('chat-unread').click();
  await expect(page.getByTestId('chat-unread')).toBeHidden();
  await expect(page.getByText('เจ้าหน้าที่ตอบแล้วค่ะ')).toBeInViewport();
  await screenshot(page, 'chat-guest');
});

test('a member holds a conversation in Thai, Lao and English with the agent and a person', async ({
  page,
  request,
}) => {
  await setSettings(request, { enableChatWidget: true });
  await signIn(page, DEMO.username, DEMO.password);
  await page.goto('/user/contact');
  const firstPage = page.waitForRequest(isHistoryAt(0));
  await page.getByTestId('chat-launcher').click();
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
    await page.getByTestId('chat-close').click();
    await page.getByTestId('lang-switch').selectOption(step.lang);
    await page.getByTestId('chat-launcher').click();
    await send(page, step.hello);
    await expect(page.locator('[data-type="buttons"]').last()).toContainText(step.greeting);
    await expect(page.locator('[data-type="buttons"]').last()).toContainText('สมชาย ใจดี');
    if (step.lang === 'th') await screenshot(page, 'chat-member-greeting-th');
    await page.getByTestId('chat-quick-reply').first().click();
    const card = page.getByTestId('chat-card').last();
    await expect(card.getByTestId('chat-card-title')).toHaveText(step.card);
    await expect(card.locator('a[href="/user/statement"]')).toBeVisible();
    await agentReply(request, { userId }, step.person);
    await expect(page.getByText(step.person)).toBeVisible();
    await expect(page.getByTestId('chat-divider')).toHaveCount(index);
    await screenshot(page, `chat-member-${step.lang}`);
  }
  await page.getByTestId('chat-card').last().locator('a[href="/user/statement"]').click();
  await page.waitForURL('**/user/statement');
});
