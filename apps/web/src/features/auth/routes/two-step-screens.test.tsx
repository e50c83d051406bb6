// The sign-in's second step and enrolment in the real route table, the API answered by a fake adapter
// (docs/product.md#accounts-and-sessions).
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@donaciones/shared/messages/auth';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { tokens } from '@/test/http';
import { renderApp } from '@/test/render-app';

const ui = twoStepMessages.ui;
const meAnswer = { status: 200, data: { id: 9, email: 'staff@prueba.gt', roles: ['ADMIN'], first_name: 'Sara', last_name: 'Ixcot', email_verified: true } };

function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input[name="${name}"]`);
  return el;
}

async function passwordSteps(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await waitFor(() => input('email')), 'staff@prueba.gt');
  await user.click(screen.getByRole('button', { name: authMessages.ui.continue }));
  await user.type(await waitFor(() => input('password')), 'Secreta123');
  await user.click(screen.getByRole('button', { name: authMessages.ui.signIn }));
}

/** The label of the step on screen ("Paso 2: tu contraseña"). */
const stepLabel = async () => (await screen.findByText(/^Paso \d/)).textContent;

describe('/login refused for too many attempts', () => {
  it("shows the server's wait in the form, and no toast that contradicts it", async () => {
    const user = userEvent.setup();
    const wait = authMessages.tooManyAttempts(12);
    renderApp('/login', {
      handler: (req) => (req.url === '/auth/login' ? { status: 429, data: { detail: wait } } : undefined),
    });
    await passwordSteps(user);
    expect(await screen.findByText(wait)).toBeInTheDocument();
    // Give a toast the time to appear: none says "Demasiadas solicitudes" without a time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/Demasiadas solicitudes/)).toBeNull();
  });
});

describe('/login with a second step', () => {
  it('numbers the steps one after another, with no total that the step after the password could prove wrong', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      handler: (req) => (req.url === '/auth/login' ? { status: 200, data: { second_step: { token: 't'.repeat(43), methods: ['totp'] } } } : undefined),
    });
    const labels = [await stepLabel()];
    await user.type(await waitFor(() => input('email')), 'staff@prueba.gt');
    await user.click(screen.getByRole('button', { name: authMessages.ui.continue }));
    await waitFor(() => input('password'));
    labels.push(await stepLabel());
    await user.type(input('password'), 'Secreta123');
    await user.click(screen.getByRole('button', { name: authMessages.ui.signIn }));
    await screen.findByRole('heading', { name: ui.codeTitle });
    labels.push(await stepLabel());
    expect(labels).toEqual([authMessages.ui.stepEmail, authMessages.ui.stepPassword, ui.stepCode]);
    expect(labels.map((l) => /^Paso (\d+): /.exec(l ?? '')?.[1])).toEqual(['1', '2', '3']);
    expect(labels.some((l) => / de \d/.test(l ?? ''))).toBe(false);
  });

  // Many keystrokes through user-event: on a busy machine this one needs more than the project's 15 s.
  it('asks for the code after the password, checks its format, shows the server refusal, then signs in', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    let wrong = true;
    const { router, requests } = renderApp('/login', {
      handler: (req) => {
        if (req.url === '/auth/login') return { status: 200, data: { second_step: { token: 't'.repeat(43), methods: ['totp', 'recovery'] } } };
        if (req.url === '/auth/login/code') return wrong ? { status: 401, data: { detail: twoStepMessages.codeInvalid } } : { status: 200, data: tokens(7) };
        if (req.url === '/auth/me') return meAnswer;
        return undefined;
      },
    });
    await passwordSteps(user);
    expect(await screen.findByRole('heading', { name: ui.codeTitle })).toBeInTheDocument();
    expect(screen.getByText(ui.stepCode)).toBeInTheDocument();
    const code = screen.getByLabelText(new RegExp(ui.codeLabel));
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('button', { name: ui.usePasskey })).toBeNull();

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: ui.verify }));
    expect(await screen.findByText(twoStepMessages.codeFormat)).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/auth/login/code')).toBe(false);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: ui.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoStepMessages.codeInvalid);
    expect(router.state.location.pathname).toBe('/login');

    wrong = false;
    await user.clear(code);
    await user.type(code, 'ABCDE-12345');
    await user.click(screen.getByRole('button', { name: ui.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const sent = requests.filter((r) => r.url === '/auth/login/code').map((r) => r.data);
    expect(sent).toEqual([
      { token: 't'.repeat(43), code: '123456' },
      { token: 't'.repeat(43), code: 'abcde-12345' },
    ]);
  });

  it('mentions recovery codes only while the account has some left', async () => {
    const user = userEvent.setup();
    let methods = ['totp'];
    const { requests } = renderApp('/login', {
      handler: (req) => (req.url === '/auth/login' ? { status: 200, data: { second_step: { token: 't'.repeat(43), methods } } } : undefined),
    });
    await passwordSteps(user);
    const code = await screen.findByLabelText(new RegExp(ui.codeLabel));
    expect(screen.getByText(ui.codeHintNoRecovery)).toBeInTheDocument();
    expect(screen.queryByText(ui.codeHint)).toBeNull();
    // A recovery code's shape is refused on the field, with a message that offers none.
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: ui.verify }));
    expect(await screen.findByText(twoStepMessages.totpCodeFormat)).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/auth/login/code')).toBe(false);

    methods = ['totp', 'recovery'];
    await user.click(screen.getByRole('button', { name: ui.startOver }));
    await user.clear(await waitFor(() => input('email')));
    await passwordSteps(user);
    expect(await screen.findByText(ui.codeHint)).toBeInTheDocument();
    expect(screen.queryByText(ui.codeHintNoRecovery)).toBeNull();
  });

  it('offers the passkey when the account has one, and a way to start over', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      handler: (req) => (req.url === '/auth/login' ? { status: 200, data: { second_step: { token: 't'.repeat(43), methods: ['passkey'] } } } : undefined),
    });
    await passwordSteps(user);
    expect(await screen.findByRole('button', { name: ui.usePasskey })).toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(ui.codeLabel))).toBeNull();
    await user.click(screen.getByRole('button', { name: ui.startOver }));
    await waitFor(() => expect(input('email')).toBeInTheDocument());
  });

  it('enrols an authenticator app when the staff rule requires it, shows the recovery codes once, then signs in', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { router, requests } = renderApp('/login', {
      handler: (req) => {
        if (req.url === '/auth/login') return { status: 200, data: { enrolment_required: { token: 'e'.repeat(43) } } };
        if (req.url === '/auth/enrol/totp') return { status: 200, data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg_data_url: 'data:image/svg+xml;base64,PHN2Zy8+' } };
        if (req.url === '/auth/enrol/totp/confirm') return { status: 200, data: { ...tokens(8), recovery_codes: codes } };
        if (req.url === '/auth/me') return meAnswer;
        return undefined;
      },
    });
    await passwordSteps(user);
    expect(await screen.findByRole('heading', { name: ui.enrolTitle })).toBeInTheDocument();
    expect(await stepLabel()).toBe(ui.stepEnrol);
    expect(screen.getByRole('img', { name: ui.qrAlt })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    // On the phone that holds the app, which cannot scan its own screen: the same address as the QR code.
    expect(screen.getByRole('link', { name: ui.openInApp })).toHaveAttribute('href', 'otpauth://totp/x');
    await user.type(screen.getByLabelText(new RegExp(ui.codeLabel)), '654321');
    await user.click(screen.getByRole('button', { name: ui.confirmCode }));
    expect(await screen.findByRole('heading', { name: ui.recoveryTitle })).toBeInTheDocument();
    expect(await stepLabel()).toBe(ui.stepRecoveryCodes);
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    // Not signed in until the codes are kept.
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: ui.savedCodes }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.url === '/auth/enrol/totp/confirm')?.data).toEqual({ token: 'e'.repeat(43), code: '654321' });
  });
});
