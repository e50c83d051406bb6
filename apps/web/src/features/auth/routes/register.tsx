// /register (docs/product.md#screens-and-routes, #validation-rules): every rule of the shared schema, checked on blur and again
// by the server; on success the screen "Revisa tu correo", the same whether the address was free or already had an
// account (no account enumeration, decision 0066): the email says what comes next.
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { authMessages } from '@donaciones/shared/messages/auth';
import { type RegisterInput, registerSchema } from '@donaciones/shared/schemas/auth';
import { useAuthHeading } from '@/components/auth-heading';
import { Button, ButtonLink } from '@/components/button';
import { emailSuggestionHint } from '@/components/email-suggestion';
import { Checkbox, TextInput } from '@/components/form-fields';
import { getErrorMessage } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type RegisterValues, useRegister } from '../api/register';
import { EmailField, NewPasswordFields } from '../components/auth-fields';
import { AuthResult } from '../components/auth-result';
import { blurUnlessLeaving } from '../components/blur-validation';
import { FormAlert } from '../components/form-alert';

const ui = authMessages.ui;
const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'acceptTerms'] as const;

export default function RegisterPage() {
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  useDocumentTitle(createdFor ? ui.checkEmailTitle : authMessages.registerTitle);
  useAuthHeading(createdFor ? { title: ui.checkEmailTitle, subtitle: ui.registeredSubtitle } : null);

  if (createdFor) {
    return (
      <AuthResult
        tone="success"
        icon={<MailCheck aria-hidden="true" className="size-8" />}
        actions={
          <ButtonLink to={paths.login} size="lg" className="w-full">
            {ui.goToLogin}
          </ButtonLink>
        }
      >
        <p role="status">{ui.registeredBody(createdFor)}</p>
        <p className="text-sm text-ink-600">{ui.registeredNote}</p>
        <p className="text-sm text-ink-600">{ui.spamAdvice}</p>
      </AuthResult>
    );
  }
  return <RegisterForm onCreated={setCreatedFor} />;
}

/** The form's flow: ask for the account; the answer never says whether the address already had one. */
function useRegisterForm(onCreated: (email: string) => void) {
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useRegister();
  const form = useForm<RegisterInput, unknown, RegisterValues>({
    // Checked when a field is left, then again on every change until it is right.
    mode: 'onTouched',
    resolver: zodResolver(registerSchema),
    // acceptTerms starts unset (unchecked): only `true` is a valid value.
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      applyServerErrors(form.setError, error, FIELDS);
      setServerError(getErrorMessage(error, authMessages.registerErrorForm));
      return;
    }
    // No sign-in here: it would succeed only for an address that had no account, and so tell which had one.
    onCreated(values.email);
  });
  return { form, onSubmit, serverError };
}

function RegisterForm({ onCreated }: { onCreated: (email: string) => void }) {
  const {
    form: {
      register,
      control,
      setValue,
      formState: { errors, isSubmitting },
    },
    onSubmit,
    serverError,
  } = useRegisterForm(onCreated);
  const emailHint = emailSuggestionHint(useWatch({ control, name: 'email' }) ?? '', { text: ui.emailSuggestion, use: ui.emailSuggestionUse }, (email) =>
    setValue('email', email, { shouldValidate: true, shouldDirty: true }),
  );

  return (
    <div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {serverError && <FormAlert>{serverError}</FormAlert>}
        <TextInput
          label={ui.nameLabel}
          autoComplete="name"
          autoCapitalize="words"
          placeholder={ui.namePlaceholder}
          required
          autoFocus
          error={errors.name?.message}
          {...blurUnlessLeaving(register('name'))}
        />
        <EmailField registration={register('email')} error={errors.email?.message} hint={emailHint} />
        <NewPasswordFields
          label={ui.passwordLabel}
          password={register('password')}
          confirmPassword={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        />
        <Checkbox label={<TermsLabel />} error={errors.acceptTerms?.message} {...blurUnlessLeaving(register('acceptTerms'))} />
        <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting} loadingText={authMessages.creatingAccount}>
          {ui.registerSubmit}
        </Button>
      </form>
      <p className="mt-7 border-t border-sand-200 pt-6 text-center text-sm text-ink-600">
        {ui.haveAccount}{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {ui.signInLink}
        </Link>
      </p>
    </div>
  );
}

/** "Acepto los términos y condiciones y la política de privacidad", each a link that opens in a new tab. */
function TermsLabel() {
  return (
    <>
      {ui.termsPrefix}
      <Link to={paths.terms} target="_blank" className="font-semibold text-brand-700 underline underline-offset-2">
        {ui.termsLink}
      </Link>
      {ui.termsMiddle}
      <Link to={paths.privacy} target="_blank" className="font-semibold text-brand-700 underline underline-offset-2">
        {ui.privacyLink}
      </Link>
    </>
  );
}
