// The four-step registration wizard (docs/product.md §2.3).
import { REGISTER_REDIRECT_MS } from '@krapao/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorText } from '../../../lib/api-error';
import { env } from '../../../lib/env';
import { lookupQuery } from '../../../lib/lookup-queries';
import { clearInviterCode } from '../../../lib/storage';
import { useSendOtp } from '../api/otp';
import { useRegisterAccount, useValidateRegistration } from '../api/register';
import {
  type BankValues,
  buildRegistration,
  type ProfileValues,
  type RegisterStep,
  stepAfterPhone,
} from '../lib/register-flow';
import { BankStep } from './bank-step';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import { StepIndicator } from './step-indicator';

type RegisterWizardProps = { inviterCode: string | null };

/** The code in flight and the phone it was sent to. */
type Otp = { ref: string; token: string; phone: string; isVerified?: boolean };

const EMPTY_BANK: BankValues = {
  bankCode: '',
  firstName: '',
  lastName: '',
  bankAccountNo: '',
  currency: env.defaultCurrency,
  depositLimitDay: '',
};

export function RegisterWizard({ inviterCode }: RegisterWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useQuery(lookupQuery('registerOTP'));
  const sendOtp = useSendOtp();
  const validate = useValidateRegistration();
  const registerAccount = useRegisterAccount();

  const [step, setStep] = useState<RegisterStep>(1);
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState<Otp | null>(null);
  const [profile, setProfile] = useState<ProfileValues>({
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode: inviterCode ?? '',
  });
  const [inviteLocked, setInviteLocked] = useState(Boolean(inviterCode));
  const [otpSkipped, setOtpSkipped] = useState(false);
  const [checkingOtp, setCheckingOtp] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const goTo = (next: RegisterStep) => {
    if (next === 3) setOtpSkipped(true);
    setStep(next);
  };

  const send = (phoneNumber: string) =>
    sendOtp.mutate(
      { phoneNumber },
      {
        onSuccess: (sent) => {
          setOtp({ ref: sent.otpRef, token: sent.otpToken, phone: phoneNumber });
          goTo(stepAfterPhone(true, sent));
        },
        onError: (err) => {
          // A phone already verified may also come back as an OTP_VERIFIED error: same meaning.
          if (err instanceof ApiError && err.code === 'OTP_VERIFIED') goTo(3);
          else toast.danger(errorText(t, err));
        },
      },
    );

  const onPhone = async (value: string) => {
    setPhone(value);
    setOtpSkipped(false);
    setCheckingOtp(true);
    try {
      const { registerOTP } = await queryClient.ensureQueryData(lookupQuery('registerOTP'));
      // Back from step 2 and forward again: the code in flight is still the one to type.
      if (registerOTP && otp?.phone === value) setStep(otp.isVerified ? 3 : 2);
      else if (registerOTP) send(value);
      else goTo(stepAfterPhone(false));
    } catch (err) {
      toast.danger(errorText(t, err));
    } finally {
      setCheckingOtp(false);
    }
  };

  const onProfile = (values: ProfileValues) => {
    setProfile(values);
    validate.mutate(buildRegistration(phone, values, null, env.defaultCurrency), {
      onSuccess: () => setStep(4),
      onError: (err) => {
        if (values.inviteCode.trim() !== '' && isUnknownInviteCode(err)) {
          // An inviter the server does not know never blocks registration: drop it and go on without.
          clearInviterCode();
          setInviteLocked(false);
          toast.danger(t('register:inviteDropped', { code: values.inviteCode.trim() }));
          onProfile({ ...values, inviteCode: '' });
        } else toast.danger(errorText(t, err));
      },
    });
  };

  const onBank = (bank: BankValues) => {
    registerAccount.mutate(buildRegistration(phone, profile, bank, env.defaultCurrency), {
      onSuccess: () => {
        toast.success(t('register:success'));
        redirectTimer.current = setTimeout(() => navigate('/login'), REGISTER_REDIRECT_MS);
      },
      onError: (err) => toast.danger(errorText(t, err)),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <StepIndicator current={step} skipped={otpSkipped ? [2] : []} />
      {step === 1 ? <PhoneStep defaultPhone={phone} busy={checkingOtp || sendOtp.isPending} onNext={onPhone} /> : null}
      {step === 2 && otp ? (
        <OtpStep
          phone={phone}
          otpRef={otp.ref}
          otpToken={otp.token}
          resending={sendOtp.isPending}
          onVerified={() => {
            setOtp({ ...otp, isVerified: true });
            setStep(3);
          }}
          onResend={() => send(phone)}
          onBack={() => setStep(1)}
        />
      ) : null}
      {step === 3 ? (
        <ProfileStep
          key={profile.inviteCode === '' ? 'no-inviter' : 'inviter'}
          defaults={profile}
          inviteLocked={inviteLocked}
          busy={validate.isPending}
          onNext={onProfile}
          onBack={() => setStep(1)}
        />
      ) : null}
      {step === 4 ? (
        <BankStep
          defaults={EMPTY_BANK}
          busy={registerAccount.isPending || registerAccount.isSuccess}
          onSubmit={onBank}
          onBack={() => setStep(3)}
        />
      ) : null}
    </div>
  );
}

function isUnknownInviteCode(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== 'INVALID_USER_INFO') return false;
  const fields = (err.body as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) && fields.includes('inviteCode');
}
