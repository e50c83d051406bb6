import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render-app';


describe('404 page', () => {
  it('shows «Página no encontrada» for an unknown path, and «Ir al inicio» goes to /', async () => {
    const { router } = renderApp('/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ir al inicio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('«Volver atrás» returns to the previous page', async () => {
    const { router } = renderApp('/donations');
    await screen.findAllByRole('link', { name: 'Iniciar sesión' }, { timeout: 4000 });
    await router.navigate('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, { timeout: 4000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Volver atrás' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donations'));
  });

  it('an unknown path under a known prefix is a 404 too', async () => {
    renderApp('/admin/nada');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' }, { timeout: 4000 })).toBeInTheDocument();
  });
});
