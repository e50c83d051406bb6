// The account screens in the real route table, with the API answered by a fake adapter.
import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@donaciones/shared/messages/auth';
import { NAME_MAX_LENGTH } from '@donaciones/shared/constants';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { tokens } from '@/test/http';
import { renderApp } from '@/test/render-app';

const ui = authMessages.ui;
const v = validationMessages;

function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input[name="${name}"]`);
  return el;
}

function describedErrors(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const meAnswer = { status: 200, data: { id: 3, email: 'ana@prueba.gt', roles: ['DONOR', 'USER'], first_name: 'Ana', last_name: 'López', email_verified: true } };

describe('/login', () => {
  it('asks for the email first, validates it on blur, then the password, with a way back', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('heading', { name: authMessages.loginTitle });
    const email = input('email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(document.querySelector('input[name="password"]')).toBeNull();
    expect(screen.getByRole('link', { name: ui.createAccount })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: ui.forgotLink })).toHaveAttribute('href', '/forgot-password');

    await user.type(email, 'no-es-correo');
    await user.tab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(v.emailInvalid);
    expect(describedErrors(email)).toContain(v.emailInvalid);
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.clear(email);
    await user.click(screen.getByRole('button', { name: ui.continue }));
    expect(await screen.findByText(v.emailRequired)).toBeInTheDocument();
    expect(document.querySelector('input[name="password"]')).toBeNull();

    await user.type(email, 'Ana@Prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.continue }));
    const password = await waitFor(() => input('password'));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.getByTestId('login-email')).toHaveTextContent('Ana@Prueba.gt');

    await user.type(password, '123');
    await user.tab();
    expect(await screen.findByText(v.loginPasswordMin)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ui.changeEmail }));
    await waitFor(() => expect(input('email')).toHaveFocus());
    expect(document.querySelector('input[name="password"]')).toBeNull();
  });

  it('does not raise an error when the field is left for a link (the link must stay under the pointer)', async () => {
    renderApp('/login');
    const email = await waitFor(() => input('email'));
    const link = screen.getByRole('link', { name: ui.forgotLink });
    act(() => email.focus());
    act(() => link.focus());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(v.emailRequired)).toBeNull();
    // Leaving for anything else validates.
    act(() => email.focus());
    act(() => screen.getByRole('button', { name: ui.continue }).focus());
    expect(await screen.findByText(v.emailRequired)).toBeInTheDocument();
  });

  it('shows the server detail in a red alert, and the fallback text when there is none', async () => {
    const user = userEvent.setup();
    let detail: string | undefined = authMessages.invalidCredentials;
    renderApp('/login', { handler: (req) => (req.url === '/auth/login' ? { status: 401, data: detail ? { detail } : {} } : undefined) });
    await user.type(await waitFor(() => input('email')), 'ana@prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.continue }));
    await user.type(await waitFor(() => input('password')), 'Incorrecta1');
    await user.click(screen.getByRole('button', { name: ui.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidCredentials);

    detail = undefined;
    await user.click(screen.getByRole('button', { name: ui.signIn }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(authMessages.loginErrorForm));
  });

  it("shows 'Iniciando sesión...' while working, then replaces the URL with the remembered origin", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { router, requests } = renderApp('/donor/history', {
      handler: (req) => {
        if (req.url === '/auth/login') return new Promise((resolve) => (release = () => resolve({ status: 200, data: tokens(5) }))) as never;
        if (req.url === '/auth/me') return meAnswer;
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await waitFor(() => input('email')), 'ana@prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.continue }));
    await user.type(await waitFor(() => input('password')), 'Secreta123');
    await user.click(screen.getByRole('button', { name: ui.signIn }));
    expect(await screen.findByRole('button', { name: authMessages.loggingIn })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor/history'));
    expect(router.state.historyAction).toBe('REPLACE');
    const login = requests.find((r) => r.url === '/auth/login');
    expect(login?.data).toEqual({ email: 'ana@prueba.gt', password: 'Secreta123' });
    expect(JSON.parse(localStorage.getItem('session_user') ?? '{}')).toMatchObject({ id: 3, email: 'ana@prueba.gt', roles: ['DONOR', 'USER'] });
  });

  it('goes to /dashboard when there is no remembered origin', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login', {
      handler: (req) => (req.url === '/auth/login' ? { status: 200, data: tokens(6) } : req.url === '/auth/me' ? meAnswer : undefined),
    });
    await user.type(await waitFor(() => input('email')), 'ana@prueba.gt');
    fireEvent.submit(input('email').closest('form')!);
    await user.type(await waitFor(() => input('password')), 'Secreta123{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/register', () => {
  it('shows every docs/product.md#validation-rules message on the fields, announced and tied to them', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: authMessages.registerTitle });
    expect(input('name')).toHaveAttribute('autocomplete', 'name');
    expect(input('email')).toHaveAttribute('type', 'email');
    expect(input('password')).toHaveAttribute('autocomplete', 'new-password');
    expect(input('confirmPassword')).toHaveAttribute('type', 'password');
    expect(input('acceptTerms')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByRole('link', { name: ui.termsLink })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: ui.privacyLink })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('button', { name: ui.registerSubmit }));
    for (const [name, message] of [
      ['name', v.nameRequired],
      ['email', v.emailRequired],
      ['password', v.passwordRequired],
      ['confirmPassword', v.confirmRequired],
      ['acceptTerms', v.termsRequired],
    ] as const) {
      await waitFor(() => expect(describedErrors(input(name))).toContain(message));
    }
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(5);

    await user.type(input('name'), 'A');
    await user.type(input('email'), 'ana@');
    await user.type(input('password'), 'abc');
    await user.type(input('confirmPassword'), 'abd');
    await user.tab();
    await waitFor(() => expect(describedErrors(input('name'))).toContain(v.nameMin));
    expect(describedErrors(input('email'))).toContain(v.emailInvalid);
    expect(describedErrors(input('password'))).toContain(v.passwordMin);
    expect(describedErrors(input('confirmPassword'))).toContain(v.passwordsMustMatch);

    await user.clear(input('name'));
    await user.type(input('name'), 'x'.repeat(NAME_MAX_LENGTH + 1));
    await user.clear(input('password'));
    await user.type(input('password'), 'solominusculas1');
    await user.tab();
    await waitFor(() => expect(describedErrors(input('name'))).toContain(v.nameMax));
    expect(describedErrors(input('password'))).toContain(v.passwordComplexity);
  });

  it("shows 'Creando cuenta...', then 'Revisa tu correo' with a button to log in, and signs nobody in", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { requests, router } = renderApp('/register', {
      handler: (req) =>
        req.url === '/auth/register'
          ? (new Promise((resolve) => (release = () => resolve({ status: 201, data: { message: authMessages.registered } }))) as never)
          : undefined,
    });
    await user.type(await waitFor(() => input('name')), 'Ana López');
    await user.type(input('email'), 'Ana@Prueba.gt');
    await user.type(input('password'), 'Segura123');
    await user.type(input('confirmPassword'), 'Segura123');
    await user.click(input('acceptTerms'));
    await user.click(screen.getByRole('button', { name: ui.registerSubmit }));
    expect(await screen.findByRole('button', { name: authMessages.creatingAccount })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: ui.checkEmailTitle })).toBeInTheDocument();
    expect(screen.getByText(ui.registeredBody('ana@prueba.gt'))).toBeInTheDocument();
    expect(screen.getByText(ui.registeredNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ui.goToLogin })).toHaveAttribute('href', '/login');
    expect(requests.find((r) => r.url === '/auth/register')?.data).toEqual({
      name: 'Ana López',
      email: 'ana@prueba.gt',
      password: 'Segura123',
      confirmPassword: 'Segura123',
      acceptTerms: true,
    });
    // A sign-in would succeed only for an address that had no account: none is tried.
    expect(requests.some((r) => r.url === '/auth/login')).toBe(false);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('puts a validation answer of the server on its field and in the alert, or the fallback text', async () => {
    const user = userEvent.setup();
    let answer: { status: number; data: object } = { status: 400, data: { detail: v.emailInvalid, errors: { email: v.emailInvalid } } };
    renderApp('/register', { handler: (req) => (req.url === '/auth/register' ? answer : undefined) });
    await user.type(await waitFor(() => input('name')), 'Ana López');
    await user.type(input('email'), 'ana@prueba.gt');
    await user.type(input('password'), 'Segura123');
    await user.type(input('confirmPassword'), 'Segura123');
    await user.click(input('acceptTerms'));
    await user.click(screen.getByRole('button', { name: ui.registerSubmit }));
    await waitFor(() => expect(describedErrors(input('email'))).toContain(v.emailInvalid));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(v.emailInvalid);

    answer = { status: 500, data: {} };
    await user.clear(input('email'));
    await user.type(input('email'), 'otra@prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.registerSubmit }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(authMessages.registerErrorForm));
  });

  it('offers the address a mistyped domain probably is, where the confirmation link will go, and puts it in on request', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await user.type(await waitFor(() => input('email')), 'ana.lopez@gmial.com');
    expect(await screen.findByText(ui.emailSuggestion('ana.lopez@gmail.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ui.emailSuggestionUse('ana.lopez@gmail.com') }));
    expect(input('email')).toHaveValue('ana.lopez@gmail.com');
    expect(screen.queryByText(ui.emailSuggestion('ana.lopez@gmail.com'))).not.toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it("shows 'Enviando correo...', then the check-your-email screen with the address, spam advice, resend and back to login", async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const { requests } = renderApp('/forgot-password', {
      handler: (req) => {
        if (req.url !== '/auth/forgot-password') return undefined;
        if (requests.filter((r) => r.url === '/auth/forgot-password').length === 1) {
          return new Promise((resolve) => (release = () => resolve({ status: 200, data: { message: authMessages.forgotSent } }))) as never;
        }
        return { status: 200, data: { message: authMessages.forgotSent } };
      },
    });
    const email = await waitFor(() => input('email'));
    await user.click(screen.getByRole('button', { name: ui.forgotSubmit }));
    await waitFor(() => expect(describedErrors(email)).toContain(v.emailRequired));
    await user.type(email, 'ana@prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.forgotSubmit }));
    expect(await screen.findByRole('button', { name: authMessages.sendingEmail })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { name: ui.checkEmailTitle })).toBeInTheDocument();
    expect(screen.getByTestId('sent-to')).toHaveTextContent('ana@prueba.gt');
    expect(screen.getByText(ui.spamAdvice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ui.backToLogin })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: ui.resend }));
    expect(await screen.findByText(ui.resent)).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/auth/forgot-password').map((r) => r.data)).toEqual([{ email: 'ana@prueba.gt' }, { email: 'ana@prueba.gt' }]);
  });

  it('shows the recovery failure text when the server fails without a detail', async () => {
    const user = userEvent.setup();
    renderApp('/forgot-password', { handler: (req) => (req.url === '/auth/forgot-password' ? { status: 503, data: {} } : undefined) });
    await user.type(await waitFor(() => input('email')), 'ana@prueba.gt');
    await user.click(screen.getByRole('button', { name: ui.forgotSubmit }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(authMessages.forgotError));
  });
});

describe('/reset-password and /verify-email', () => {
  const usableLink = (kind: 'reset' | 'invitation') => ({ status: 200, data: { usable: true, kind } });

  it('sets a new password with the token of the link, once the link is checked', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/reset-password?token=abcdefghijklmnop', {
      handler: (req) =>
        req.url === '/auth/password-link' ? usableLink('reset') : req.url === '/auth/reset-password' ? { status: 200, data: { message: authMessages.resetDone } } : undefined,
    });
    expect(await screen.findByRole('heading', { name: ui.resetTitle })).toBeInTheDocument();
    await user.type(await waitFor(() => input('password')), 'NuevaClave9');
    await user.type(input('confirmPassword'), 'NuevaClave8');
    await user.tab();
    await waitFor(() => expect(describedErrors(input('confirmPassword'))).toContain(v.passwordsMustMatch));
    await user.clear(input('confirmPassword'));
    await user.type(input('confirmPassword'), 'NuevaClave9');
    await user.click(screen.getByRole('button', { name: ui.resetSubmit }));
    expect(await screen.findByRole('heading', { name: ui.resetDoneTitle })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/auth/password-link')?.config.params).toEqual({ token: 'abcdefghijklmnop' });
    expect(requests.find((r) => r.url === '/auth/reset-password')?.data).toEqual({ token: 'abcdefghijklmnop', password: 'NuevaClave9', confirmPassword: 'NuevaClave9' });
  });

  it('reads as an invitation: "Crea tu contraseña", then "Cuenta activada", never a reset', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=abcdefghijklmnop', {
      handler: (req) =>
        req.url === '/auth/password-link' ? usableLink('invitation') : req.url === '/auth/reset-password' ? { status: 200, data: { message: authMessages.invitationDone } } : undefined,
    });
    expect(await screen.findByRole('heading', { name: ui.invitationTitle })).toBeInTheDocument();
    expect(screen.getByText(ui.invitationSubtitle)).toBeInTheDocument();
    await user.type(input('password'), 'Primera123');
    await user.type(input('confirmPassword'), 'Primera123');
    await user.click(screen.getByRole('button', { name: ui.invitationSubmit }));
    expect(await screen.findByRole('heading', { name: ui.invitationDoneTitle })).toBeInTheDocument();
    expect(screen.getByText(authMessages.invitationDone)).toBeInTheDocument();
    expect(screen.queryByText(ui.resetDoneTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(authMessages.resetDone)).not.toBeInTheDocument();
  });

  it('says at once that a used or expired link no longer works, with no form, and offers a new one', async () => {
    renderApp('/reset-password?token=abcdefghijklmnop', {
      handler: (req) => (req.url === '/auth/password-link' ? { status: 200, data: { usable: false, kind: null } } : undefined),
    });
    expect(await screen.findByRole('heading', { name: ui.invalidLinkTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ui.linkUnusable);
    expect(screen.getByRole('link', { name: ui.requestNewLink })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(ui.newPasswordLabel)).not.toBeInTheDocument();
    expect(document.querySelector('input[name="password"]')).toBeNull();
    cleanup();
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: ui.invalidLinkTitle })).toBeInTheDocument();
  });

  it('still explains a link spent between the check and the save', async () => {
    const user = userEvent.setup();
    renderApp('/reset-password?token=abcdefghijklmnop', {
      handler: (req) =>
        req.url === '/auth/password-link'
          ? usableLink('reset')
          : req.url === '/auth/reset-password'
            ? { status: 400, data: { detail: authMessages.resetInvalid, errors: { token: authMessages.resetInvalid } } }
            : undefined,
    });
    await user.type(await waitFor(() => input('password')), 'NuevaClave9');
    await user.type(input('confirmPassword'), 'NuevaClave9');
    await user.click(screen.getByRole('button', { name: ui.resetSubmit }));
    expect(await screen.findByRole('heading', { name: ui.invalidLinkTitle })).toBeInTheDocument();
  });

  it('offers to try again when the link cannot be checked', async () => {
    const user = userEvent.setup();
    let answer: { status: number; data: object } = { status: 503, data: {} };
    renderApp('/reset-password?token=abcdefghijklmnop', { handler: (req) => (req.url === '/auth/password-link' ? answer : undefined) });
    expect(await screen.findByText(ui.linkCheckFailed)).toBeInTheDocument();
    answer = usableLink('reset');
    await user.click(screen.getByRole('button', { name: ui.tryAgain }));
    expect(await screen.findByRole('heading', { name: ui.resetTitle })).toBeInTheDocument();
  });

  it('verifies the email of the link once, and says when a link does not work', async () => {
    const { requests } = renderApp('/verify-email?token=abcdefghijklmnop', {
      handler: (req) => (req.url === '/auth/verify-email' ? { status: 200, data: { message: authMessages.verifyDone } } : undefined),
    });
    expect(await screen.findByRole('heading', { name: ui.verifiedTitle })).toBeInTheDocument();
    expect(screen.getByText(authMessages.verifyDone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ui.goToLogin })).toHaveAttribute('href', '/login');
    const calls = requests.filter((r) => r.url === '/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0].config.params).toEqual({ token: 'abcdefghijklmnop' });
    cleanup();

    renderApp('/verify-email?token=zzzzzzzzzzzzzzzz', {
      handler: (req) => (req.url === '/auth/verify-email' ? { status: 400, data: { detail: authMessages.verifyInvalid } } : undefined),
    });
    expect(await screen.findByRole('heading', { name: ui.invalidLinkTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.verifyInvalid);
  });
});
