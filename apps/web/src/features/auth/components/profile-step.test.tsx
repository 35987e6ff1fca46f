import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { ProfileStep } from './profile-step';

/** The server's texts of the FRIEND source by language (Accept-Language). */
const FRIEND: Record<string, string> = { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend' };
const DEFAULTS = { name: '', password: '', confirmPassword: '', sourceCode: '', inviteCode: '' };

afterEach(() => act(() => void i18n.changeLanguage('en')));

describe('the source of the profile step', () => {
  it('lists the sources in the language on screen, and again in the new one after a switch', async () => {
    const api = mockFetch({
      'GET /api/lookup/sources': () => ({
        body: [
          { code: 'FB', description: 'Facebook' },
          { code: 'FRIEND', description: FRIEND[i18n.language] ?? FRIEND.th },
        ],
      }),
    });
    renderAt(<ProfileStep defaults={DEFAULTS} inviteLocked={false} busy={false} onNext={() => {}} onBack={() => {}} />);
    const select = await screen.findByTestId('register-source');
    await within(select).findByText('A friend');
    expect(within(select).getByText('Facebook')).toBeTruthy();

    await act(() => i18n.changeLanguage('th'));
    await within(select).findByText('เพื่อนแนะนำ');
    await act(() => i18n.changeLanguage('la'));
    await within(select).findByText('ໝູ່ແນະນຳ');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/lookup/sources').map((c) => c.headers.get('Accept-Language'))).toEqual([
        'en',
        'th',
        'la',
      ]),
    );
  });
});
