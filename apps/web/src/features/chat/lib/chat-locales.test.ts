import { LOCALES } from '@krapao/contracts/constants';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/chat.json';
import la from '../../../locales/la/chat.json';
import th from '../../../locales/th/chat.json';

type Tree = { [key: string]: string | Tree };
const chat: Record<string, Tree> = { th, la, en };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = `${prefix}${key.replace(/_(one|other)$/, '')}`;
    return typeof value === 'string' ? [path] : keys(value, `${path}.`);
  });
}

describe('chat translations', () => {
  it('has the same keys in Thai, Lao and English', () => {
    const reference = [...new Set(keys(en))].sort();
    for (const locale of LOCALES) expect([...new Set(keys(chat[locale] as Tree))].sort()).toEqual(reference);
  });

  it('is written in each language, with the English attachment messages', () => {
    expect(th.invite).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.invite).toMatch(/[\u0E80-\u0EFF]/);
    expect(la.fileTooLarge).toMatch(/[\u0E80-\u0EFF]/);
    expect(en.fileNotSupported).toBe('File is not supported');
    expect(en.fileTooLarge).toBe('The file is too large. Please select file no larger than {{n}} MB.');
    expect(en.endConversation).toBe('End Conversation');
    for (const locale of LOCALES) expect((chat[locale] as Tree).fileTooLarge).toContain('{{n}}');
  });
});
