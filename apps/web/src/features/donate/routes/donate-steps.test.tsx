// The /donate steps are browser history entries: back returns to the amount with what was typed,
// forward returns to the details, and a reload keeps the amount and the donor (never the card) until
// the donation is recorded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const site = publicSite({
  organization: { name: 'Fundación de Prueba', description: 'Acompañamos a la niñez.', phone: '+502 2200 0000', email: 'info@prueba.gt', address: 'Zona 1' },
  system: { system_name: 'Plataforma', contact_email: 'soporte@prueba.gt' },
  stats: { children_per_year: 500, schools_benefited: 3 },
  impact: { quetzales_per_child: 100, quetzales_per_meal: 10, quetzales_per_evangelism_hour: 50 },
});
const handler = (req: RecordedRequest) => (req.url === '/public/site' ? { status: 200, data: site } : undefined);

const amountHeading = () => screen.findByRole('heading', { name: 'Elige el monto de tu donación' }, { timeout: 20_000 });
const nameBox = () => screen.findByRole('textbox', { name: /Nombre completo/ }, { timeout: 20_000 });

describe('/donate steps in the browser history', { timeout: 20_000 }, () => {
  it('back returns to step 1 with the amount kept, forward to step 2 with the name kept', async () => {
    const { router } = renderApp('/donate', { handler });
    await amountHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Q75' }));
    await userEvent.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?paso=datos'));
    await userEvent.type(await nameBox(), 'Lucía Hernández');

    await act(() => router.navigate(-1));
    await amountHeading();
    expect(router.state.location.pathname).toBe('/donate');
    expect(screen.getByRole('button', { name: 'Q75' })).toHaveAttribute('aria-pressed', 'true');

    await act(() => router.navigate(1));
    expect(await nameBox()).toHaveValue('Lucía Hernández');
  });

  it('"Regresar" goes back one entry too, so forward still reaches step 2', async () => {
    const { router } = renderApp('/donate', { handler });
    await amountHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Q35' }));
    await userEvent.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await nameBox();
    await userEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    await amountHeading();
    await act(() => router.navigate(1));
    expect(await nameBox()).toBeInTheDocument();
  });

  it('a reload of step 2 keeps the amount and the donor, but not the card', async () => {
    const first = renderApp('/donate', { handler });
    await amountHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Q185' }));
    await userEvent.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await userEvent.type(await nameBox(), 'Ana López');
    await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
    first.unmount();
    expect(sessionStorage.getItem('donar:borrador')).not.toContain('4242');

    renderApp('/donate?paso=datos', { handler });
    expect(await nameBox()).toHaveValue('Ana López');
    expect(screen.getByRole('textbox', { name: /Número de tarjeta/ })).toHaveValue('');
  });

  it('a reload after the thanks starts a new donation at step 1, not the recorded one again', async () => {
    const first = renderApp('/donate', { handler: (req) => (req.url === '/donate' ? { status: 201, data: publicDonationAnswer() } : handler(req)) });
    await amountHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Q185' }));
    await userEvent.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await userEvent.type(await nameBox(), 'Ana López');
    await userEvent.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'ana@correo.gt');
    await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
    await userEvent.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
    await userEvent.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await userEvent.click(screen.getByRole('button', { name: /Realizar donación/ }));
    expect((await screen.findAllByRole('heading', { name: /Gracias por tu donación/ }, { timeout: 20_000 })).length).toBeGreaterThan(0);
    first.unmount();

    const { router } = renderApp('/donate?paso=datos', { handler });
    await amountHeading();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Q185' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('step 2 without an amount (a shared link) shows step 1', async () => {
    const { router } = renderApp('/donate?paso=datos', { handler });
    await amountHeading();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
