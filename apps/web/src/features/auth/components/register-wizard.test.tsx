import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { RegisterWizard } from './register-wizard';

const LOOKUPS = {
  'GET /api/lookup/sources': { body: [{ code: 'FB', description: 'Facebook' }] },
  'GET /api/lookup/banks': {
    body: [
      { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
      { code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krungthai' },
    ],
  },
};

function setup(otp: boolean, extra: Record<string, MockHandler> = {}, inviterCode: string | null = null) {
  const api = mockFetch({ ...LOOKUPS, 'GET /api/lookup/registerOTP': { body: { registerOTP: otp } }, ...extra });
  const view = renderAt(<RegisterWizard inviterCode={inviterCode} />, '/register');
  return { api, view, user: userEvent.setup() };
}

async function enterPhone(user: ReturnType<typeof userEvent.setup>, phone = '0812345678') {
  await user.type(await screen.findByTestId('register-phone'), phone);
  await user.click(screen.getByTestId('register-next'));
}

async function fillProfile(user: ReturnType<typeof userEvent.setup>, confirm = 'secret1') {
  await user.type(screen.getByTestId('register-name'), 'Somchai');
  await user.type(screen.getByTestId('register-password'), 'secret1');
  await user.type(screen.getByTestId('register-confirm-password'), confirm);
  await screen.findByRole('option', { name: 'Facebook' });
  await user.selectOptions(screen.getByTestId('register-source'), 'FB');
  await user.click(screen.getByTestId('register-next'));
}

describe('register wizard step 1', () => {
  it('reads the OTP setting on arrival', async () => {
    const { api } = setup(false);
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/registerOTP')).toHaveLength(1));
  });

  it('rejects a phone that is not 10 digits and stays on step 1', async () => {
    const { api, user } = setup(true);
    await enterPhone(user, '081234567');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByTestId('register-step-1')).toBeTruthy();
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(0);
  });

  it('with OTP off goes straight to step 3 without sending a code', async () => {
    const { api, user } = setup(false);
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(0);
  });

  it('with OTP on sends {phoneNumber} and shows step 2 with the reference', async () => {
    const { api, user } = setup(true, {
      'POST /api/otp/send': { body: { otpRef: 'AB12', otpToken: 'tok-1', code: 'SUCCESS' } },
      'POST /api/otp/verify': { body: { code: 'OTP_CODE_VALID' } },
    });
    await enterPhone(user);
    expect((await screen.findByTestId('otp-ref')).textContent).toBe('AB12');
    expect(api.callsTo('POST', '/api/otp/send')[0]?.body).toEqual({ phoneNumber: '0812345678' });

    await user.type(screen.getByTestId('register-otp-code'), '123456');
    await user.click(screen.getByTestId('register-otp-verify'));
    await screen.findByTestId('register-step-3');
    expect(api.callsTo('POST', '/api/otp/verify')[0]?.body).toEqual({ otpToken: 'tok-1', otpCode: '123456' });
  });

  it('going back to step 1 and forward again reuses the code in flight; a new phone gets a new code', async () => {
    let sends = 0;
    const { api, user } = setup(true, {
      'POST /api/otp/send': () => {
        sends += 1;
        return { body: { otpRef: `REF${sends}`, otpToken: `tok-${sends}`, code: 'SUCCESS' } };
      },
      'POST /api/otp/verify': { body: { code: 'OTP_CODE_VALID' } },
    });
    await enterPhone(user);
    expect((await screen.findByTestId('otp-ref')).textContent).toBe('REF1');
    await user.click(screen.getByRole('button', { name: i18n.t('actions.back') }));
    await screen.findByTestId('register-step-1');
    await user.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('otp-ref')).textContent).toBe('REF1');
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1);
    await user.type(screen.getByTestId('register-otp-code'), '123456');
    await user.click(screen.getByTestId('register-otp-verify'));
    await screen.findByTestId('register-step-3');
    expect(api.callsTo('POST', '/api/otp/verify')[0]?.body).toMatchObject({ otpToken: 'tok-1' });

    await user.click(screen.getByRole('button', { name: i18n.t('actions.back') }));
    await user.click(await screen.findByTestId('register-next'));
    await screen.findByTestId('register-step-3');
    expect(api.callsTo('POST', '/api/otp/send')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: i18n.t('actions.back') }));
    const phone = await screen.findByTestId('register-phone');
    await user.clear(phone);
    await user.type(phone, '0812345679');
    await user.click(screen.getByTestId('register-next'));
    expect((await screen.findByTestId('otp-ref')).textContent).toBe('REF2');
    expect(api.callsTo('POST', '/api/otp/send')[1]?.body).toEqual({ phoneNumber: '0812345679' });
  });

  it('skips step 2 when the send answers OTP_VERIFIED', async () => {
    const { user } = setup(true, {
      'POST /api/otp/send': { body: { otpRef: 'AB12', otpToken: 'tok-1', code: 'OTP_VERIFIED' } },
    });
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    expect(screen.queryByTestId('register-step-2')).toBeNull();
  });

  it('stays on step 2 with the error when the code is wrong', async () => {
    const { user } = setup(true, {
      'POST /api/otp/send': { body: { otpRef: 'AB12', otpToken: 'tok-1', code: 'SUCCESS' } },
      'POST /api/otp/verify': { status: 400, body: { message: 'OTP_CODE_INVALID' } },
    });
    await enterPhone(user);
    await user.type(await screen.findByTestId('register-otp-code'), '000000');
    await user.click(screen.getByTestId('register-otp-verify'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18n.t('errors:OTP_CODE_INVALID', { defaultValue: 'OTP_CODE_INVALID' }),
    );
    expect(screen.getByTestId('register-step-2')).toBeTruthy();
  });
});

describe('register wizard steps 3 and 4', () => {
  it('does not validate when the passwords differ', async () => {
    const { api, user } = setup(false);
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    await fillProfile(user, 'other');
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/validate')).toHaveLength(0);
  });

  it('shows a validate error as a toast and stays on step 3', async () => {
    const { user } = setup(false, {
      'POST /api/account/validate': { status: 409, body: { message: 'EXISTING_USER' } },
    });
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    await fillProfile(user);
    expect((await screen.findByTestId('toast-danger')).textContent).toBe(
      i18n.t('errors:EXISTING_USER', { defaultValue: 'EXISTING_USER' }),
    );
    expect(screen.getByTestId('register-step-3')).toBeTruthy();
  });

  it('validates the payload, then registers with the full payload and returns to /login', async () => {
    const { api, user, view } = setup(
      false,
      {
        'POST /api/account/validate': { body: { message: 'OK' } },
        'POST /api/account': { body: { message: 'SUCCESS', _id: 'u1' } },
      },
      'PR42',
    );
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    expect((screen.getByTestId('register-invite-code') as HTMLInputElement).readOnly).toBe(true);
    await fillProfile(user);
    await screen.findByTestId('register-step-4');
    expect(api.callsTo('POST', '/api/account/validate')[0]?.body).toMatchObject({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret1',
      sourceCode: 'FB',
      inviteCode: 'PR42',
    });

    await screen.findByRole('option', { name: 'กรุงไทย' });
    await user.selectOptions(screen.getByTestId('register-bank'), 'KTB');
    await user.type(screen.getByTestId('register-first-name'), 'สมชาย');
    await user.type(screen.getByTestId('register-last-name'), 'jaidee ');
    await user.type(screen.getByTestId('register-account-no'), '1234567890');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Bank account name must be in English only')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account')).toHaveLength(0);

    await user.clear(screen.getByTestId('register-first-name'));
    await user.type(screen.getByTestId('register-first-name'), ' somchai');
    expect((screen.getByTestId('register-first-name') as HTMLInputElement).value).toBe(' SOMCHAI');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('toast-success');
    expect(api.callsTo('POST', '/api/account')[0]?.body).toEqual({
      name: 'Somchai',
      username: '0812345678',
      password: 'secret1',
      sourceCode: 'FB',
      inviteCode: 'PR42',
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1234567890',
      currency: 'BAHT',
    });
    expect(screen.queryByTestId('register-currency')).toBeNull();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });
});

describe('register wizard: an inviter code the server does not know', () => {
  it('drops the code with a message, forgets it, and registers without an inviter', async () => {
    localStorage.setItem('krapao.inviterCode', 'PR42');
    const { api, user } = setup(
      false,
      {
        'POST /api/account/validate': (body) =>
          (body as { inviteCode: string }).inviteCode === ''
            ? { body: { message: 'OK' } }
            : { status: 400, body: { message: 'INVALID_USER_INFO', fields: ['inviteCode'] } },
      },
      'PR42',
    );
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    await fillProfile(user);
    await screen.findByTestId('register-step-4');
    expect(await screen.findByText(/PR42 was not found/)).toBeTruthy();
    const sent = api.callsTo('POST', '/api/account/validate').map((c) => (c.body as { inviteCode: string }).inviteCode);
    expect(sent).toEqual(['PR42', '']);
    expect(localStorage.getItem('krapao.inviterCode')).toBeNull();
    await user.click(screen.getByRole('button', { name: i18n.t('actions.back') }));
    const field = (await screen.findByTestId('register-invite-code')) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.readOnly).toBe(false);
  });

  it('keeps a refusal about something else as an error and stays on step 3', async () => {
    const { api, user } = setup(
      false,
      { 'POST /api/account/validate': { status: 400, body: { message: 'INVALID_USER_INFO' } } },
      'PR42',
    );
    await enterPhone(user);
    await screen.findByTestId('register-step-3');
    await fillProfile(user);
    expect(await screen.findByText('Invalid user information. Please check and try again')).toBeTruthy();
    expect(api.callsTo('POST', '/api/account/validate')).toHaveLength(1);
    expect(screen.getByTestId('register-step-3')).toBeTruthy();
  });
});
