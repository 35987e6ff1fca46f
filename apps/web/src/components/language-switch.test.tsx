import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../lib/i18n';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  await changeLocale('th');
});

describe('language switch', () => {
  it('works without a query client, as on the login route', async () => {
    render(<LanguageSwitch />);
    await userEvent.setup().selectOptions(screen.getByTestId('lang-switch'), 'en');
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('lang-switch').value).toBe('en'));
  });
});
