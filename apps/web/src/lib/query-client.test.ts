import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from './i18n';
import { createQueryClient, refetchTextsOnLanguageChange } from './query-client';

afterEach(async () => {
  await changeLocale('th');
});

describe('the query client', () => {
  it('asks for the server texts again when the language changes, and for nothing else', async () => {
    const client = createQueryClient();
    const stop = refetchTextsOnLanguageChange(client);
    client.setQueryData(['lookup', 'notice'], 'ข้อความ');
    client.setQueryData(['wallet'], { amount: 1 });
    await changeLocale('en');
    expect(client.getQueryState(['lookup', 'notice'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['wallet'])?.isInvalidated).toBe(false);
    stop();
  });
});
