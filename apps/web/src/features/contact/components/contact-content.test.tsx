import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { ContactContent } from './contact-content';

/** The server's contact text by language (Accept-Language). */
const TEXT: Record<string, string> = { th: 'ติดต่อทีมงานได้ตลอด', la: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ', en: 'Reach us at any time' };

afterEach(() => act(() => void i18n.changeLanguage('en')));

describe('the contact text', () => {
  it('is read again in the new language after a switch, the card staying up meanwhile', async () => {
    const api = mockFetch({
      'GET /api/lookup/contact': () => ({
        body: {
          contactText: TEXT[i18n.language] ?? TEXT.th,
          lineLink: 'https://line.me/R/ti/p/@k',
          lineName: '@k',
          lineQR: '',
        },
      }),
    });
    renderAt(<ContactContent />);
    expect((await screen.findByTestId('contact-text')).textContent).toBe(TEXT.en);
    await act(() => i18n.changeLanguage('la'));
    await waitFor(() => expect(screen.getByTestId('contact-text').textContent).toBe(TEXT.la));
    await act(() => i18n.changeLanguage('th'));
    await waitFor(() => expect(screen.getByTestId('contact-text').textContent).toBe(TEXT.th));
    expect(api.callsTo('GET', '/api/lookup/contact').map((c) => c.headers.get('Accept-Language'))).toEqual([
      'en',
      'la',
      'th',
    ]);
  });
});
