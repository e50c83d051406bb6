// The settings screen in the real route table, with the API answered by a fake adapter.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@donaciones/shared/messages/auth';
import { memberMessages } from '@donaciones/shared/messages/member';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import { validationMessages } from '@donaciones/shared/messages/validation';
import type { Preferences, Profile } from '@donaciones/shared/schemas/profile';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';
import { publicSite } from '@/test/public-site';

const t = memberMessages.settings;
const profile: Profile = { first_name: 'Ana', last_name: 'López', email: 'ana@prueba.gt', phone: null, address: null, nit: null };
const preferences: Preferences = {
  favorite_cause: null,
  communication_preferences: { email_notifications: true },
  privacy_settings: { show_donations_publicly: false, allow_contact: true },
};

function settingsApi(overrides: Record<string, (req: RecordedRequest) => FakeAnswer> = {}) {
  return (req: RecordedRequest): FakeAnswer | undefined => {
    const key = `${req.method} ${req.url}`;
    if (overrides[key]) return overrides[key](req);
    if (key === 'GET /users/me/profile') return { status: 200, data: profile };
    if (key === 'GET /users/me/preferences') return { status: 200, data: preferences };
    return undefined;
  };
}

const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('settings', () => {
  it('has Perfil Personal and Preferencias, no Sistema for a USER, and a read-only email that says whom to ask', async () => {
    const site = publicSite({ system: { contact_email: 'contacto@fundacion.gt' } });
    renderApp('/settings', { user: { roles: ['USER'] }, handler: settingsApi({ 'GET /public/site': () => ({ status: 200, data: site }) }) });
    expect(await screen.findByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: t.tabs.profile })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: t.tabs.preferences })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: t.tabs.system })).not.toBeInTheDocument();
    const email = await screen.findByRole('textbox', { name: t.email });
    expect(email).toHaveValue('ana@prueba.gt');
    expect(email).toHaveAttribute('readonly');
    expect(
      await screen.findByText('Tu correo no se puede cambiar desde aquí. Para cambiarlo, escribe desde él a contacto@fundacion.gt y dinos cuál es el nuevo.'),
    ).toBeInTheDocument();
  });

  it('shows Sistema to an ADMIN, opened first at /admin/settings', async () => {
    renderApp('/admin/settings', { user: { roles: ['ADMIN'] }, handler: settingsApi() });
    expect(await screen.findByRole('tab', { name: t.tabs.system })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: t.tabs.profile })).toHaveAttribute('aria-selected', 'false');
  });

  it('is titled Mi perfil at /donor/profile and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderApp('/donor/profile', { user: { roles: ['DONOR'] }, handler: settingsApi() });
    expect(await screen.findByRole('heading', { level: 1, name: t.profileTitle })).toBeInTheDocument();
    screen.getByRole('tab', { name: t.tabs.profile }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: t.tabs.preferences })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: t.tabs.preferences })).toHaveFocus();
    expect(await screen.findByRole('checkbox', { name: t.showDonationsPublicly })).not.toBeChecked();
  });

  it('opens on Preferencias at /donor/profile?pestana=preferencias, as the checkout thank-you links it, for a plain account too', async () => {
    renderApp('/donor/profile?pestana=preferencias', { user: { roles: ['USER'] }, handler: settingsApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: t.tabs.preferences })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('checkbox', { name: t.emailNotifications })).toBeInTheDocument();
  });

  it('keeps what was typed, unsaved, when the person looks at another tab and comes back', async () => {
    const user = userEvent.setup();
    renderApp('/donor/profile', { user: { roles: ['DONOR'] }, handler: settingsApi() });
    const firstName = await screen.findByRole('textbox', { name: new RegExp(`^${t.firstName}`) });
    await user.clear(firstName);
    await user.type(firstName, 'Ana María');
    await user.click(screen.getByRole('tab', { name: t.tabs.preferences }));
    const publicly = await screen.findByRole('checkbox', { name: t.showDonationsPublicly });
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${t.firstName}`) })).not.toBeInTheDocument();
    await user.click(publicly);
    await user.click(screen.getByRole('tab', { name: t.tabs.profile }));
    expect(screen.getByRole('textbox', { name: new RegExp(`^${t.firstName}`) })).toHaveValue('Ana María');
    expect(screen.queryByRole('checkbox', { name: t.showDonationsPublicly })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: t.tabs.preferences }));
    expect(screen.getByRole('checkbox', { name: t.showDonationsPublicly })).toBeChecked();
  });

  it('validates the profile, saves it and shows the success message for 3 seconds', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    renderApp('/settings', {
      user: { roles: ['USER'] },
      handler: settingsApi({
        'PUT /users/me/profile': (req) => {
          sent = req.data;
          return { status: 200, data: { ...profile, ...(req.data as object) } };
        },
      }),
    });
    await screen.findByRole('textbox', { name: t.email });
    await user.clear(textbox(t.firstName));
    await user.type(textbox(t.phone), '123');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(validationMessages.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(validationMessages.phoneInvalid)).toBeInTheDocument();
    // Under the field, in words true to the rule: foreign numbers are taken with their country code.
    expect(textbox(t.phone)).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un teléfono válido: 8 dígitos en Guatemala, o + y el código del país si es de otro país (hasta 15 dígitos en total)'),
    );
    expect(sent).toBeUndefined();

    await user.type(textbox(t.firstName), 'Ana María');
    await user.clear(textbox(t.phone));
    await user.type(textbox(t.phone), '+502 5555 1234');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(screensMessages.profileSaved)).toBeInTheDocument();
    expect(sent).toEqual({ first_name: 'Ana María', last_name: 'López', phone: '+502 5555 1234', address: null, nit: null });
    await waitFor(() => expect(screen.queryByText(screensMessages.profileSaved)).not.toBeInTheDocument(), { timeout: 4500 });
  }, 20_000);

  it('checks the NIT with its check digit and sends it normalised', async () => {
    const user = userEvent.setup();
    let sent: { nit?: unknown } | undefined;
    renderApp('/settings', {
      user: { roles: ['DONOR'] },
      handler: settingsApi({
        'PUT /users/me/profile': (req) => {
          sent = req.data as { nit?: unknown };
          return { status: 200, data: { ...profile, ...(req.data as object) } };
        },
      }),
    });
    const nit = await screen.findByRole('textbox', { name: new RegExp(taxIdMessages.profileLabel) });
    await user.type(nit, '8977112-0');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('El NIT no es válido: revisa el dígito verificador')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(nit);
    await user.type(nit, '1680352240101');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText('El CUI no es válido: algún dígito está mal, porque el noveno (el verificador) no corresponde a los ocho primeros. Revisa el número en el DPI')).toBeInTheDocument();
    await user.clear(nit);
    await user.type(nit, '576937k');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(screensMessages.profileSaved)).toBeInTheDocument();
    expect(sent?.nit).toBe('576937-K');
    expect(nit).toHaveValue('576937-K');
  }, 20_000);

  it('says "Error al guardar el perfil" when saving fails', async () => {
    const user = userEvent.setup();
    renderApp('/settings', {
      user: { roles: ['USER'] },
      handler: settingsApi({ 'PUT /users/me/profile': () => ({ status: 503, data: { detail: 'x' } }) }),
    });
    await screen.findByRole('textbox', { name: t.email });
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(screensMessages.profileSaveError)).toBeInTheDocument();
  });

  it('saves the preferences with "Preferencias guardadas exitosamente"', async () => {
    const user = userEvent.setup();
    let sent: Preferences | undefined;
    renderApp('/settings', {
      user: { roles: ['USER'] },
      handler: settingsApi({
        'PUT /users/me/preferences': (req) => {
          sent = req.data as Preferences;
          return { status: 200, data: sent };
        },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: t.tabs.preferences }));
    await user.click(await screen.findByRole('checkbox', { name: t.showDonationsPublicly }));
    await user.click(screen.getByRole('checkbox', { name: t.emailNotifications }));
    // Only what the platform sends is offered: no SMS, no monthly report.
    expect(screen.queryByRole('checkbox', { name: /SMS|Informe mensual/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.savePreferences }));
    expect(await screen.findByText(screensMessages.preferencesSaved)).toBeInTheDocument();
    expect(sent).toEqual({
      favorite_cause: null,
      communication_preferences: { email_notifications: false },
      privacy_settings: { show_donations_publicly: true, allow_contact: true },
    });
  });

  it('says under Comunicación what each email switch does, and sends the consent to invitations', async () => {
    const user = userEvent.setup();
    let sent: Preferences | undefined;
    renderApp('/donor/profile', {
      user: { roles: ['DONOR'] },
      handler: settingsApi({
        'GET /users/me/preferences': () => ({ status: 200, data: { ...preferences, privacy_settings: { show_donations_publicly: false, allow_contact: false } } }),
        'PUT /users/me/preferences': (req) => {
          sent = req.data as Preferences;
          return { status: 200, data: sent };
        },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: t.tabs.preferences }));
    const communication = await screen.findByRole('group', { name: 'Comunicación' });
    const receipts = within(communication).getByRole('checkbox', { name: 'Agradecimientos y recibos por correo' });
    expect(receipts).toBeChecked();
    // Only each gift's thank-you and receipt stop, and the receipt stays in Recibos; every other notice goes.
    expect(receipts).toHaveAccessibleDescription(/^El agradecimiento y el recibo de cada donación en línea y de cada cobro mensual\. Si lo desactivas, el recibo sigue en Recibos, y los avisos importantes te siguen llegando: pagos rechazados/);
    const invitations = within(communication).getByRole('checkbox', { name: 'Invitaciones por correo' });
    expect(invitations).not.toBeChecked();
    expect(invitations).toHaveAccessibleDescription('Si lo activas, nos autorizas a escribirte para invitarte a eventos y actividades de voluntariado. Puedes retirarlo cuando quieras.');
    expect(within(screen.getByRole('group', { name: 'Privacidad' })).queryByRole('checkbox', { name: /contacte|Invitaciones/ })).not.toBeInTheDocument();

    await user.click(invitations);
    await user.click(screen.getByRole('button', { name: t.savePreferences }));
    expect(await screen.findByText(screensMessages.preferencesSaved)).toBeInTheDocument();
    expect(sent?.privacy_settings).toEqual({ show_donations_publicly: false, allow_contact: true });
    expect(sent?.communication_preferences).toEqual({ email_notifications: true });
  });

  it('changes the password in the modal, with its messages', async () => {
    const user = userEvent.setup();
    renderApp('/settings', {
      user: { roles: ['USER'] },
      handler: settingsApi({
        'POST /user/change-password': (req) =>
          (req.data as { current_password: string }).current_password === 'Actual123'
            ? { status: 200, data: { message: screensMessages.passwordChanged } }
            : { status: 400, data: { detail: authMessages.currentPasswordWrong, errors: { current_password: authMessages.currentPasswordWrong } } },
      }),
    });
    await user.click(await screen.findByRole('button', { name: t.changePassword }));
    const dialog = await screen.findByRole('dialog', { name: t.passwordModalTitle });
    const field = (name: string) => within(dialog).getByLabelText(new RegExp(`^${name}`), { selector: 'input' });
    await user.type(field(t.currentPassword), 'Otra1234');
    await user.type(field(t.newPassword), 'Nueva1234');
    await user.type(field(t.confirmPassword), 'Nueva9999');
    await user.click(within(dialog).getByRole('button', { name: t.changePassword }));
    expect(await within(dialog).findByText(validationMessages.newPasswordsMismatch)).toBeInTheDocument();

    await user.clear(field(t.confirmPassword));
    await user.type(field(t.confirmPassword), 'Nueva1234');
    await user.click(within(dialog).getByRole('button', { name: t.changePassword }));
    expect(await within(dialog).findByText(authMessages.currentPasswordWrong)).toBeInTheDocument();

    await user.clear(field(t.currentPassword));
    await user.type(field(t.currentPassword), 'Actual123');
    await user.click(within(dialog).getByRole('button', { name: t.changePassword }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(screensMessages.passwordChanged)).toBeInTheDocument();
  });
});
