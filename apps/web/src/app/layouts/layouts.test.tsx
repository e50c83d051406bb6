import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';


describe('public layout', () => {
  it('signed out: Inicio, Donaciones, Donar, a Login button, no Estadísticas, footer with 1.0.0', async () => {
    renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Navegación principal' }, { timeout: 4000 }))[0];
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Inicio', 'Donaciones', 'Donar', 'Apadrina']);
    const header = screen.getAllByRole('banner')[0];
    expect(within(header).getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(within(header).queryByRole('link', { name: 'Estadísticas' })).not.toBeInTheDocument();
    const footer = screen.getAllByRole('contentinfo').at(-1)!;
    expect(within(footer).getByText('Versión 1.0.0')).toBeInTheDocument();
    expect(within(footer).getByText(/© \d{4} .+\. Todos los derechos reservados\./)).toBeInTheDocument();
  });

  it('signed in: Estadísticas, the email, the first role as a badge and a "Mi panel" button (in Spanish)', async () => {
    renderApp('/donations', { user: { email: 'admin@ejemplo.org', roles: ['ADMIN', 'DONOR'] } });
    const header = (await screen.findAllByRole('banner', {}, { timeout: 4000 }))[0];
    expect(await within(header).findByRole('link', { name: 'Mi panel' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).queryByText('Dashboard')).not.toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Navegación principal' })[0];
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Inicio', 'Donaciones', 'Donar', 'Apadrina', 'Estadísticas']);
    expect(within(header).getAllByText('admin@ejemplo.org').length).toBeGreaterThan(0);
    expect(within(header).getAllByText('Administrador').length).toBeGreaterThan(0);
    expect(within(header).queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('shows a neutral brand without the organisation name (no figures or names hard-coded)', async () => {
    renderApp('/terms');
    const header = (await screen.findAllByRole('banner', {}, { timeout: 4000 }))[0];
    expect(within(header).getByText('Donaciones', { selector: 'span' })).toBeInTheDocument();
  });

  it('shows the organisation name once GET /public/site answers', async () => {
    renderApp('/terms', { siteName: 'Fundación de Prueba' });
    const header = (await screen.findAllByRole('banner', {}, { timeout: 4000 }))[0];
    expect(await within(header).findByText('Fundación de Prueba')).toBeInTheDocument();
    expect(within(screen.getAllByRole('contentinfo').at(-1)!).getByText(/© \d{4} Fundación de Prueba\./)).toBeInTheDocument();
  });

  it('says when the site information cannot be loaded, and its retry brings the name back', async () => {
    let up = false;
    renderApp('/terms', {
      handler: (req) =>
        req.url === '/public/site'
          ? up
            ? { status: 200, data: publicSite({ organization: { name: 'Fundación Recuperada' } }) }
            : { status: 429, data: { detail: 'Demasiadas solicitudes. Por favor intenta más tarde.' } }
          : undefined,
    });
    const notice = await screen.findByTestId('site-load-error', {}, { timeout: 4000 });
    expect(notice).toHaveTextContent('No pudimos cargar la información del sitio.');
    up = true;
    await userEvent.click(within(notice).getByRole('button', { name: 'Volver a cargar la información del sitio' }));
    const header = screen.getAllByRole('banner')[0];
    expect(await within(header).findByText('Fundación Recuperada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('site-load-error')).not.toBeInTheDocument());
  });

  it('names the organisation (not the system) with the contact email of the system settings in the footer', async () => {
    renderApp('/terms', {
      handler: (req) =>
        req.url === '/public/site'
          ? {
              status: 200,
              data: publicSite({ organization: { name: 'Fundación Niñez' }, system: { system_name: 'Plataforma Niñez', contact_email: 'soporte@ninez.gt' } }),
            }
          : undefined,
    });
    const support = await screen.findByTestId('support-contact', {}, { timeout: 4000 });
    expect(support).toHaveTextContent('Soporte de Fundación Niñez:');
    expect(support).not.toHaveTextContent('Plataforma Niñez');
    expect(within(support).getByRole('link', { name: 'soporte@ninez.gt' })).toHaveAttribute('href', 'mailto:soporte@ninez.gt');
  });

  it('the phone menu opens, lists the links and closes on Escape', async () => {
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Abrir menú' }, { timeout: 4000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Cerrar menú');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('dashboard layout', () => {
  it('shows the navigation of the role, the email and the role badge', async () => {
    renderApp('/dashboard', { user: { email: 'donante@ejemplo.org', roles: ['DONOR'] } });
    const nav = (await screen.findAllByRole('navigation', { name: 'Navegación del panel' }, { timeout: 4000 }))[0];
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Mi panel', 'Mis donaciones', 'Donaciones mensuales', 'Mi ahijado/a', 'Historial', 'Recibos', 'Donar', 'Perfil']);
    const header = screen.getAllByRole('banner')[0];
    expect(within(header).getByText('donante@ejemplo.org')).toBeInTheDocument();
    expect(within(header).getByText('Donante')).toBeInTheDocument();
  });

  it('a plain account (USER) has "Mis donaciones" too, current on its list, in the top bar and in the drawer', async () => {
    renderApp('/donor/donations', { user: { email: 'usuario@ejemplo.org', roles: ['USER'] } });
    const nav = (await screen.findAllByRole('navigation', { name: 'Navegación del panel' }, { timeout: 4000 }))[0];
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Mi panel', 'Mis donaciones', 'Donaciones', 'Estadísticas', 'Donar', 'Perfil']);
    expect(within(nav).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('href', '/donor/donations');
    expect(within(nav).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    expect(within(drawer).getByRole('link', { name: 'Mis donaciones' })).toHaveAttribute('aria-current', 'page');
  });

  it('the drawer is a modal dialog that keeps focus, closes on Escape and gives focus back', async () => {
    renderApp('/dashboard', { user: { roles: ['ADMIN'] } });
    const opener = await screen.findByRole('button', { name: 'Abrir menú' }, { timeout: 4000 });
    await userEvent.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Menú' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getAllByRole('link').map((a) => a.textContent)).toContain('Usuarios');
    expect(drawer.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      expect(drawer.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(drawer.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('following a drawer link closes the drawer', async () => {
    const { router } = renderApp('/dashboard', { user: { roles: ['ADMIN'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }, { timeout: 4000 }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Reportes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reports'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Salir logs out on the server, clears the session and goes to /login', async () => {
    const { router, requests } = renderApp('/dashboard', { user: { roles: ['USER'] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }, { timeout: 4000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests.some((r) => r.method === 'POST' && r.url === '/auth/logout')).toBe(true);
    expect(localStorage.getItem('session_user')).toBeNull();
  });

  it('Salir on a staff screen remembers no page: the next person to sign in on /login starts on their own screen', async () => {
    // The guard used to see the session gone while the screen was still up and send /login the page as
    // "from"; the layout, unmounted by then, could not replace it, and the next sign-in went there.
    // The server's answer to the sign-out never comes (a slow or lost connection): /login must not wait for it.
    const handler = (req: { url: string }) => (req.url === '/auth/logout' ? new Promise<never>(() => {}) : undefined);
    const { router } = renderApp('/admin/donations', { user: { roles: ['VOLUNTEER'] }, handler });
    await userEvent.click(await screen.findByRole('button', { name: 'Salir' }, { timeout: 4000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(localStorage.getItem('session_user')).toBeNull());
    expect(router.state.location.state).toBeFalsy();
  });
});
