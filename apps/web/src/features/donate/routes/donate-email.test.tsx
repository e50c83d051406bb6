// A slip in the domain of the donor's email ("gmial.com") is valid, so nothing refuses it, but the
// receipt would never arrive: step 2 asks "¿Quisiste decir …?" and one press puts the address right;
// the donor may also keep what was typed (docs/product.md#validation-rules).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const site = publicSite({ organization: { name: 'Fundación de Prueba', email: 'info@prueba.gt' } });

async function detailsStep(handler: (req: RecordedRequest) => { status: number; data: unknown } | undefined) {
  const view = renderApp('/donate', { handler: (req) => (req.url === '/public/site' ? { status: 200, data: site } : handler(req)) });
  await screen.findByRole('heading', { name: 'Elige el monto de tu donación' }, { timeout: 20_000 });
  await userEvent.click(screen.getByRole('button', { name: 'Q185' }));
  await userEvent.click(screen.getByRole('button', { name: /Continuar donación/ }));
  await userEvent.type(await screen.findByRole('textbox', { name: /Nombre completo/ }, { timeout: 20_000 }), 'Ana López');
  return view;
}

const card = async () => {
  await userEvent.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
  await userEvent.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
  await userEvent.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
};

describe('the email of /donate step 2', { timeout: 20_000 }, () => {
  it('a slip in a known domain asks "¿Quisiste decir …?", and "Usar …" corrects it before the gift is sent', async () => {
    const { requests } = await detailsStep((req) => (req.url === '/donate' ? { status: 201, data: publicDonationAnswer() } : undefined));
    const email = screen.getByRole('textbox', { name: /Correo electrónico/ });
    await userEvent.type(email, 'ana.lopez@gmial.com');
    expect(await screen.findByTestId('email-suggestion')).toHaveTextContent('¿Quisiste decir ana.lopez@gmail.com? Revísalo: ahí te enviaremos tu recibo.');
    await userEvent.click(screen.getByRole('button', { name: 'Usar ana.lopez@gmail.com' }));
    expect(email).toHaveValue('ana.lopez@gmail.com');
    expect(screen.queryByTestId('email-suggestion')).toBeNull();
    await card();
    await userEvent.click(screen.getByRole('button', { name: /Realizar donación/ }));
    await waitFor(() => expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ email: 'ana.lopez@gmail.com' }));
  });

  it('says nothing for an address at a known or an unknown domain, and what was typed is sent as typed', async () => {
    const { requests } = await detailsStep((req) => (req.url === '/donate' ? { status: 201, data: publicDonationAnswer() } : undefined));
    const email = screen.getByRole('textbox', { name: /Correo electrónico/ });
    await userEvent.type(email, 'ana@gmail.com');
    expect(screen.queryByTestId('email-suggestion')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@fundacion.org.gt');
    expect(screen.queryByTestId('email-suggestion')).toBeNull();
    await card();
    await userEvent.click(screen.getByRole('button', { name: /Realizar donación/ }));
    await waitFor(() => expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ email: 'ana@fundacion.org.gt' }));
  });
});
