import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ErrorScreen from './error-screen';


function renderFailing(onReload = vi.fn()) {
  let fail = true;
  function Flaky() {
    if (fail) throw new Error('render failed');
    return <p>Contenido cargado</p>;
  }
  const router = createMemoryRouter([{ path: '/x', element: <Flaky />, errorElement: <ErrorScreen onReload={onReload} /> }], { initialEntries: ['/x'] });
  render(<RouterProvider router={router} />);
  return { heal: () => (fail = false), onReload };
}

describe('error screen (router errorElement)', () => {
  it('offers Intentar de nuevo, which renders the route again', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { heal } = renderFailing();
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    heal();
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Contenido cargado')).toBeInTheDocument();
    spy.mockRestore();
  });

  it('offers Recargar la página, which reloads the page', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onReload } = renderFailing();
    await userEvent.click(await screen.findByRole('button', { name: 'Recargar la página' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
