import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { getToken, STORAGE_KEYS, setToken } from '../../../lib/storage';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { ProfileView } from './profile-view';

const PROFILE = {
  'GET /api/account/profile': {
    body: {
      profile: { _id: 'u-77', username: '0812345678', name: 'Somchai', createdAt: '2024-01-05T09:07:03', coin: 0 },
      bankAccount: {
        bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai' },
        bankCode: 'KTB',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
      },
    },
  },
};

async function openModal(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const api = mockFetch({ ...PROFILE, ...handlers });
  renderAt(<ProfileView />, '/user/profile');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change password' }));
  await screen.findByTestId('change-password-modal');
  return { api, user };
}

describe('profile', () => {
  it('shows the member and bank data', async () => {
    mockFetch(PROFILE);
    renderAt(<ProfileView />, '/user/profile');
    await screen.findByText('Somchai');
    expect(screen.getByTestId('profile-name').textContent).toBe('Somchai');
    expect(screen.getByTestId('profile-id').textContent).toBe('u-77');
    expect(screen.getByTestId('profile-created').textContent).toBe('05/01/2024 09:07:03');
    expect((screen.getByTestId('profile-username') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByTestId('profile-bank-name').textContent).toBe('กรุงไทย');
    expect(screen.getByTestId('profile-account-no').textContent).toBe('123-456-7890');
  });

  it('swallows a load error silently', async () => {
    mockFetch({ 'GET /api/account/profile': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    renderAt(<ProfileView />, '/user/profile');
    await screen.findByTestId('profile-name');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('toast-danger')).toBeNull();
  });
});

describe('change password', () => {
  it('does nothing while any field is empty', async () => {
    const { api, user } = await openModal();
    await user.type(screen.getByLabelText('Current password'), 'old1');
    await user.type(screen.getByLabelText('New password'), 'new111');
    await user.click(screen.getByTestId('cp-submit'));
    expect(api.callsTo('PUT', '/api/account/changepwd')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the not-equal message and sends nothing when new and confirm differ', async () => {
    const { api, user } = await openModal();
    await user.type(screen.getByTestId('cp-old'), 'old1');
    await user.type(screen.getByTestId('cp-new'), 'a1');
    await user.type(screen.getByTestId('cp-confirm'), 'a2');
    await user.click(screen.getByTestId('cp-submit'));
    expect(await screen.findByText('The new passwords are not the same')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/changepwd')).toHaveLength(0);
  });

  it('sends only {oldPassword, newPassword}, keeps the new token and shows the saved dialog', async () => {
    setToken('old-token', true);
    const { api, user } = await openModal({
      'PUT /api/account/changepwd': { body: { message: 'SUCCESS', token: 'new-token' } },
    });
    await user.type(screen.getByTestId('cp-old'), 'old111');
    await user.type(screen.getByTestId('cp-new'), 'new111');
    await user.type(screen.getByTestId('cp-confirm'), 'new111');
    await user.click(screen.getByTestId('cp-submit'));
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('Success');
    expect(dialog.textContent).toContain('Your changes have been saved.');
    expect(api.callsTo('PUT', '/api/account/changepwd')[0]?.body).toEqual({
      oldPassword: 'old111',
      newPassword: 'new111',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(getToken()).toBe('new-token');
  });

  it('shows the translated server message in an error dialog', async () => {
    const { user } = await openModal({
      'PUT /api/account/changepwd': { status: 400, body: { message: 'WRONG_PASSWORD' } },
    });
    await user.type(screen.getByTestId('cp-old'), 'bad111');
    await user.type(screen.getByTestId('cp-new'), 'new111');
    await user.type(screen.getByTestId('cp-confirm'), 'new111');
    await user.click(screen.getByTestId('cp-submit'));
    const dialog = await screen.findByTestId('error-dialog');
    await waitFor(() =>
      expect(dialog.textContent).toContain(i18n.t('errors:WRONG_PASSWORD', { defaultValue: 'WRONG_PASSWORD' })),
    );
  });
});
