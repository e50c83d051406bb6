// The Seguridad tab of the settings in the real route table, the API answered by a fake adapter
// (docs/product.md#accounts-and-sessions): the app's state, passkeys, Sesiones activas and the staff list.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { renderApp } from '@/test/render-app';

const ui = twoStepMessages.ui;
const now = new Date().toISOString();

const security = (overrides = {}) => ({
  status: 200,
  data: { totp_enabled: true, recovery_codes_left: 7, passkeys: [{ id: 4, name: 'Mi teléfono', created_at: now, last_used_at: null }], second_step_required: false, ...overrides },
});
const sessionRow = (id: string, device: string, current: boolean) => ({
  id,
  device,
  place: 'Red local',
  ip: '10.0.0.1',
  created_at: now,
  last_used_at: now,
  current,
  sign_in_method: 'totp',
});

describe('Configuración > Seguridad', () => {
  it('shows the app, the codes left, the passkeys and the open sessions, and ends another session', async () => {
    const user = userEvent.setup();
    let sessions = [sessionRow('a', 'Chrome en Windows', true), sessionRow('b', 'Safari en iOS', false)];
    const { requests } = renderApp('/settings?pestana=seguridad', {
      user: { roles: ['DONOR', 'USER'] },
      handler: (req) => {
        if (req.url === '/users/me/security') return security();
        if (req.url === '/users/me/sessions') return { status: 200, data: { sessions } };
        if (req.url === '/users/me/sessions/b' && req.method === 'DELETE') {
          sessions = sessions.slice(0, 1);
          return { status: 200, data: { message: twoStepMessages.sessionEnded } };
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('tab', { name: ui.securityTab })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(ui.appOn)).toBeInTheDocument();
    expect(screen.getByText(ui.recoveryLeft(7))).toBeInTheDocument();
    expect(within(screen.getByTestId('passkey-list')).getByText('Mi teléfono')).toBeInTheDocument();
    expect(screen.getByText(ui.neverUsed, { exact: false })).toBeInTheDocument();
    const list = await screen.findByTestId('session-list');
    expect(within(list).getByText(ui.thisDevice)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: ui.endSessionOf('Safari en iOS') }));
    expect(await screen.findByText(twoStepMessages.sessionEnded)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('session-list')).queryByText('Safari en iOS')).toBeNull());
    expect(requests.some((r) => r.url === '/users/me/sessions/b' && r.method === 'DELETE')).toBe(true);
    // Not a staff member: no staff list.
    expect(screen.queryByText(ui.staffTitle)).toBeNull();
  });

  it('asks before ending every other session: Cancelar sends nothing, the confirmation ends them and says how many', async () => {
    const user = userEvent.setup();
    let sessions = [sessionRow('a', 'Chrome en Windows', true), sessionRow('b', 'Safari en iOS', false), sessionRow('c', 'Firefox en Linux', false)];
    const { requests } = renderApp('/settings?pestana=seguridad', {
      user: { roles: ['DONOR', 'USER'] },
      handler: (req) => {
        if (req.url === '/users/me/security') return security();
        if (req.url === '/users/me/sessions') return { status: 200, data: { sessions } };
        if (req.url === '/users/me/sessions/end-others') {
          sessions = sessions.slice(0, 1);
          return { status: 200, data: { message: twoStepMessages.otherSessionsEnded(2) } };
        }
        return undefined;
      },
    });
    const ended = () => requests.filter((r) => r.url === '/users/me/sessions/end-others');
    await screen.findByTestId('session-list');
    await user.click(screen.getByRole('button', { name: ui.endOthers }));
    let dialog = await screen.findByRole('alertdialog', { name: ui.endOthersTitle });
    expect(dialog).toHaveAccessibleDescription(ui.endOthersBody(2));
    // The safe choice has the focus; Cancelar closes without a request.
    expect(within(dialog).getByRole('button', { name: ui.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: ui.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ended()).toHaveLength(0);
    expect(within(screen.getByTestId('session-list')).getByText('Safari en iOS')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ui.endOthers }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: ui.endOthersConfirm(2) }));
    expect(await screen.findByText('Cerramos las otras 2 sesiones.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ended()).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('session-list')).queryByText('Safari en iOS')).toBeNull());
    expect(screen.getByText(ui.noOtherSessions)).toBeInTheDocument();
  });

  it('asks for the password before removing the app, and shows a wrong one on the field', async () => {
    const user = userEvent.setup();
    renderApp('/settings?pestana=seguridad', {
      user: { roles: ['DONOR', 'USER'] },
      handler: (req) => {
        if (req.url === '/users/me/security') return security();
        if (req.url === '/users/me/sessions') return { status: 200, data: { sessions: [] } };
        if (req.url === '/users/me/totp/remove') return { status: 400, data: { detail: 'La contraseña actual no es correcta.', errors: { password: 'La contraseña actual no es correcta.' } } };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: ui.removeApp }));
    await user.type(screen.getByLabelText(new RegExp(ui.passwordToConfirm)), 'Incorrecta1');
    await user.click(screen.getByRole('button', { name: ui.confirm }));
    expect(await screen.findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
  });

  it('shows an ADMIN the staff with last sign-in and second step, and the staff rule', async () => {
    renderApp('/settings?pestana=seguridad', {
      user: { roles: ['ADMIN'] },
      handler: (req) => {
        if (req.url === '/users/me/security') return security({ totp_enabled: false, passkeys: [], recovery_codes_left: 0 });
        if (req.url === '/users/me/sessions') return { status: 200, data: { sessions: [] } };
        if (req.url === '/admin/settings/security') return { status: 200, data: { staff_second_step_required: true, always_required_for: ['ADMIN', 'FINANCE'] } };
        if (req.url === '/admin/staff/security') {
          return {
            status: 200,
            data: {
              staff: [
                { id: 7, name: 'Ana López', email: 'persona@ejemplo.org', roles: ['ADMIN'], last_login_at: now, totp_enabled: false, passkeys: 0, open_sessions: 1 },
                { id: 8, name: 'Luis Tesorero', email: 'luis@ejemplo.org', roles: ['FINANCE'], last_login_at: null, totp_enabled: true, passkeys: 2, open_sessions: 0 },
              ],
            },
          };
        }
        return undefined;
      },
    });
    const staff = await screen.findByTestId('staff-security');
    expect(within(staff).getByText('Luis Tesorero')).toBeInTheDocument();
    expect(within(staff).getByText(`${ui.staffSecondStep}: ${ui.app} + ${ui.keys(2)}`)).toBeInTheDocument();
    expect(within(staff).getByText(`${ui.staffLastSignIn}: ${ui.never}`)).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: ui.resetStaff('Luis Tesorero') })).toBeInTheDocument();
    // One's own second step is reset by another ADMIN, never from here.
    expect(within(staff).queryByRole('button', { name: ui.resetStaff('Ana López') })).toBeNull();
    expect(within(staff).getByRole('button', { name: ui.endStaffSessions('Luis Tesorero') })).toBeDisabled();
    expect(await screen.findByRole('checkbox', { name: new RegExp(ui.policyLabel) })).toBeChecked();
    expect(screen.getByText(ui.policyLockedHint, { exact: false })).toBeInTheDocument();
  });
});
