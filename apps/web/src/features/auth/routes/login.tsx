// /login (docs/product.md#screens-and-routes, #validation-rules, #accounts-and-sessions): two steps, the email and then the password, each
// validated on blur with the shared schema; on success a replace-navigation to the remembered
// origin, else /dashboard.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Fingerprint, Mail } from 'lucide-react';
import type { z } from 'zod';
import { authMessages } from '@donaciones/shared/messages/auth';
import { type LoginInput, type TokenPair, loginSchema } from '@donaciones/shared/schemas/auth';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Button } from '@/components/button';
import { getErrorMessage } from '@/lib/api-client';
import { redirectTargetAfterLogin } from '@/lib/auth-redirect';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { type LoginStep, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { blurUnlessLeaving } from '../components/blur-validation';
import { EmailField } from '../components/auth-fields';
import { FormAlert } from '../components/form-alert';
import { PasswordInput } from '../components/password-input';
import { passkeyErrorMessage } from '../components/passkey-errors';
import { RecoveryCodes } from '../components/recovery-codes';
import { SecondStepForm } from '../components/second-step-form';
import { TotpEnrolment } from '../components/totp-enrolment';
import { type TotpSetup, confirmEnrolment, signInWithPasskey, startEnrolment } from '../api/two-step';

const ui = authMessages.ui;
const twoStepUi = twoStepMessages.ui;

type Step = 'email' | 'password' | 'code' | 'enrol' | 'codes';
type PendingStep = Exclude<LoginStep, { kind: 'signed_in' }>;
type Enrolled = TokenPair & { recovery_codes: string[] };

/** The sign-in's state and handlers: the steps, the form, the password and passkey sign-ins, and the second step's outcome. */
function useLogin() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('email');
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingStep | null>(null);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    // Checked when a field is left, then again on every change until it is right.
    mode: 'onTouched',
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  // Moving between the steps puts the cursor in the field of the new step.
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (moved) setFocus(step === 'email' ? 'email' : 'password');
  }, [moved, step, setFocus]);

  const goTo = (next: Step) => {
    setServerError(null);
    setMoved(true);
    setStep(next);
  };

  const toPasswordStep = async () => {
    if (await trigger('email')) goTo('password');
  };

  const done = () => navigate(redirectTargetAfterLogin(location.state), { replace: true });
  const finish = async (tokens: TokenPair) => {
    await session.completeSignIn(tokens);
    done();
  };

  const signIn = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const outcome = await session.login(values.email, values.password);
      if (outcome.kind === 'signed_in') return done();
      setPending(outcome);
      if (outcome.kind === 'enrol') setSetup(await startEnrolment(outcome.token));
      setStep(outcome.kind === 'enrol' ? 'enrol' : 'code');
    } catch (error) {
      setServerError(getErrorMessage(error, authMessages.loginErrorForm));
    }
  });

  const passkeyOnly = async () => {
    setServerError(null);
    setPasskeyBusy(true);
    try {
      await finish(await signInWithPasskey());
    } catch (error) {
      setServerError(passkeyErrorMessage(error));
      setPasskeyBusy(false);
    }
  };

  const onEnrolled = (answer: Enrolled) => {
    setEnrolled(answer);
    setStep('codes');
  };

  const startOver = () => {
    setPending(null);
    setEnrolled(null);
    goTo('email');
  };

  return { step, serverError, pending, setup, enrolled, passkeyBusy, register, getValues, errors, isSubmitting, goTo, toPasswordStep, finish, signIn, passkeyOnly, onEnrolled, startOver };
}

export default function LoginPage() {
  useDocumentTitle(authMessages.loginTitle);
  const { step, serverError, pending, setup, enrolled, passkeyBusy, register, getValues, errors, isSubmitting, goTo, toPasswordStep, finish, signIn, passkeyOnly, onEnrolled, startOver } = useLogin();

  if ((step === 'code' || step === 'enrol' || step === 'codes') && pending) {
    return <SecondStep step={step} pending={pending} setup={setup} enrolled={enrolled} onTokens={finish} onEnrolled={onEnrolled} onStartOver={startOver} />;
  }

  const email = getValues('email');

  return (
    <div>
      <StepDots step={step} />
      <form
        noValidate
        aria-describedby={serverError ? 'login-error' : undefined}
        onSubmit={(e) => {
          if (step === 'email') {
            e.preventDefault();
            void toPasswordStep();
          } else {
            void signIn(e);
          }
        }}
        className="mt-5 flex flex-col gap-5"
      >
        {serverError && <FormAlert id="login-error">{serverError}</FormAlert>}

        <div hidden={step !== 'email'}>
          <EmailField registration={register('email')} error={errors.email?.message} autoComplete="username" autoFocus />
        </div>

        {step === 'password' && (
          <>
            <SigningInAs email={email} onChangeEmail={() => goTo('email')} />
            <PasswordInput
              label={ui.passwordLabel}
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...blurUnlessLeaving(register('password'))}
            />
          </>
        )}

        {step === 'email' ? (
          <EmailStepButtons passkeyBusy={passkeyBusy} onPasskey={() => void passkeyOnly()} />
        ) : (
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText={authMessages.loggingIn}>
            {ui.signIn}
          </Button>
        )}

        <p className="-mt-1 text-center">
          <Link to={paths.forgotPassword} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            {ui.forgotLink}
          </Link>
        </p>
      </form>

      <p className="mt-7 border-t border-sand-200 pt-6 text-center text-sm text-ink-600">
        {ui.noAccount}{' '}
        <Link to={paths.register} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {ui.createAccount}
        </Link>
      </p>
    </div>
  );
}

/** After the password: the code or passkey step, or enrolling an authenticator app and its recovery codes; and Empezar de nuevo. */
function SecondStep({
  step,
  pending,
  setup,
  enrolled,
  onTokens,
  onEnrolled,
  onStartOver,
}: {
  step: Step;
  pending: PendingStep;
  setup: TotpSetup | null;
  enrolled: Enrolled | null;
  onTokens: (tokens: TokenPair) => Promise<void>;
  onEnrolled: (answer: Enrolled) => void;
  onStartOver: () => void;
}) {
  return (
    <div>
      <StepDots step={step} />
      <div className="mt-5">
        {step === 'code' && pending.kind === 'second_step' && <SecondStepForm token={pending.token} methods={pending.methods} onTokens={onTokens} />}
        {step === 'enrol' && setup && (
          <div className="space-y-4">
            <div>
              <h2 className="text-lg font-semibold text-ink-900">{twoStepUi.enrolTitle}</h2>
              <p className="mt-1 text-sm text-ink-600">{twoStepUi.enrolIntro}</p>
            </div>
            <TotpEnrolment
              setup={setup}
              onConfirm={async (code) => {
                onEnrolled(await confirmEnrolment(pending.token, code));
              }}
            />
          </div>
        )}
        {step === 'codes' && enrolled && <RecoveryCodes codes={enrolled.recovery_codes} onDone={() => void onTokens(enrolled)} />}
      </div>
      <p className="mt-7 border-t border-sand-200 pt-6 text-center text-sm">
        <button
          type="button"
          onClick={onStartOver}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {twoStepUi.startOver}
        </button>
      </p>
    </div>
  );
}

/** The password step's reminder of the email being signed in, with the way back to change it. */
function SigningInAs({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-sand-200 bg-sand-50 px-3.5 py-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Mail aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-xs text-ink-500">{ui.signingInAs}</p>
          <button
            type="button"
            onClick={onChangeEmail}
            className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <ArrowLeft aria-hidden="true" className="size-3.5" />
            {ui.changeEmail}
          </button>
        </div>
        <p className="mt-0.5 text-sm font-semibold break-all text-ink-900" data-testid="login-email">
          {email}
        </p>
      </div>
    </div>
  );
}

/** The email step's buttons: Continuar, and signing in with a passkey alone. */
function EmailStepButtons({ passkeyBusy, onPasskey }: { passkeyBusy: boolean; onPasskey: () => void }) {
  return (
    <>
      <Button type="submit" size="lg" className="w-full" icon={<ArrowRight aria-hidden="true" className="order-last size-5" />}>
        {ui.continue}
      </Button>
      <Button
        type="button"
        size="lg"
        variant="outline"
        className="-mt-2 w-full"
        loading={passkeyBusy}
        loadingText={twoStepUi.passkeyWaiting}
        icon={<Fingerprint aria-hidden="true" className="size-5" />}
        onClick={onPasskey}
      >
        {twoStepUi.signInWithPasskey}
      </Button>
    </>
  );
}

const STEP_LABELS: Record<Step, string> = {
  email: ui.stepEmail,
  password: ui.stepPassword,
  code: twoStepUi.stepCode,
  enrol: twoStepUi.stepEnrol,
  codes: twoStepUi.stepRecoveryCodes,
};
const STEP_NUMBERS: Record<Step, number> = { email: 1, password: 2, code: 3, enrol: 3, codes: 4 };

/**
 * The steps done so far, and one to come only where one surely follows (the password after the email,
 * the recovery codes after enrolling): whether a second step follows the password is not known before it.
 */
function StepDots({ step }: { step: Step }) {
  const label = STEP_LABELS[step];
  const filled = STEP_NUMBERS[step];
  const bars = filled + (step === 'email' || step === 'enrol' ? 1 : 0);
  return (
    <div className="flex items-center justify-center gap-3">
      <span aria-hidden="true" className="flex items-center gap-1.5">
        {Array.from({ length: bars }, (_, i) => (
          <span key={i} className={cn('h-1.5 w-8 rounded-full transition-colors', i < filled ? 'bg-brand-600' : 'bg-sand-200')} />
        ))}
      </span>
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase" aria-live="polite">
        {label}
      </p>
    </div>
  );
}
