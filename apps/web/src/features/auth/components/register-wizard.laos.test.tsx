import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { RegisterWizard } from './register-wizard';

vi.mock('../../../lib/env', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/env')>();
  return { ...actual, env: actual.readEnv({ VITE_LAOS: 'true' }) };
});

describe('register wizard, Laos build', () => {
  it('accepts a short phone, offers LAK/BAHT with LAK preselected and sends it', async () => {
    const api = mockFetch({
      'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
      'GET /api/lookup/sources': { body: [] },
      'GET /api/lookup/banks': { body: [{ code: 'BCEL', nameTH: 'บีซีอีแอล', nameEN: 'BCEL' }] },
      'POST /api/account/validate': { body: { message: 'OK' } },
      'POST /api/account': { body: { message: 'SUCCESS', _id: 'u1' } },
    });
    renderAt(<RegisterWizard inviterCode={null} />, '/register');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('register-phone'), '20123456');
    await user.click(screen.getByTestId('register-next'));
    await user.type(await screen.findByTestId('register-name'), 'Noy');
    await user.type(screen.getByTestId('register-password'), 'secret1');
    await user.type(screen.getByTestId('register-confirm-password'), 'secret1');
    await user.click(screen.getByTestId('register-next'));

    const currency = (await screen.findByTestId('register-currency')) as HTMLSelectElement;
    expect(currency.value).toBe('LAK');
    await screen.findByRole('option', { name: 'บีซีอีแอล' });
    await user.selectOptions(screen.getByTestId('register-bank'), 'BCEL');
    await user.type(screen.getByTestId('register-first-name'), 'noy');
    await user.type(screen.getByTestId('register-last-name'), 'phommachanh');
    await user.type(screen.getByTestId('register-account-no'), '0101234567890');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('toast-success');
    expect(api.callsTo('POST', '/api/account')[0]?.body).toMatchObject({
      username: '20123456',
      bankAccountName: 'NOY PHOMMACHANH',
      currency: 'LAK',
    });
  });
});
