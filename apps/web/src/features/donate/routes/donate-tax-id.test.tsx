// The donor's NIT, CUI or CF on /donate (docs/product.md#validation-rules): checked with its check
// digit as typed, CF only below Q2,500 of the charge (dollars at the staff's rate), the server's
// refusal shown on the field, and a signed-in donor's profile NIT prefilled.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());

const site = publicSite({ system: { contact_email: 'contacto@ejemplo.org' }, payments: { usd_exchange_rate: 7.7, fee_percent: 4.5, fee_vat_percent: 12 } });
/** The words POST /donate uses too (checkoutTaxIdMessage): the rule, and what a donor without a NIT or CUI can do. */
const CF_REFUSED =
  'Para donaciones de Q2,500 o más necesitamos tu NIT o CUI; CF no aplica. Si no tienes NIT ni CUI (por ejemplo, si no vives en Guatemala), puedes donar un total de hasta Q2,499.99; para donar más, escríbenos a contacto@ejemplo.org antes de hacerlo.';
const CF_REFUSED_USD = CF_REFUSED.replace('Q2,499.99', 'US$324.67 (menos de Q2,500 al tipo de cambio de referencia)');

const created = (amount: number, currency: 'GTQ' | 'USD' = 'GTQ') => publicDonationAnswer({ amount, currency });

function open(options: { donate?: (req: RecordedRequest) => FakeAnswer; me?: Record<string, unknown> } = {}) {
  const view = renderApp('/donate', {
    user: options.me ? { roles: ['DONOR'] } : undefined,
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/auth/me' && options.me) return { status: 200, data: { id: 7, email: 'dana@correo.gt', roles: ['DONOR'], first_name: 'Dana', last_name: 'Pérez', email_verified: true, ...options.me } };
      if (req.url === '/donate' && options.donate) return options.donate(req);
      return undefined;
    },
  });
  return { ...view, user: userEvent.setup() };
}

async function toDetails(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(await screen.findByRole('textbox', { name: /Otro monto/ }, { timeout: 20_000 }), amount);
  await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, nit: string) {
  const name = await screen.findByRole('textbox', { name: /Nombre completo/ }, { timeout: 20_000 });
  if (!(name as HTMLInputElement).value) await user.type(name, 'Lucía Hernández');
  const email = screen.getByRole('textbox', { name: /Correo electrónico/ });
  if (!(email as HTMLInputElement).value) await user.type(email, 'lucia@correo.gt');
  await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
  await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
  const box = nitBox();
  await user.clear(box);
  if (nit) await user.type(box, nit);
}

const nitBox = () => screen.getByRole('textbox', { name: new RegExp(taxIdMessages.label.replace(/[()]/g, '\\$&')) });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /Realizar donación/ }));

describe('/donate: NIT, CUI or CF', { timeout: 20_000 }, () => {
  it('refuses a NIT with a wrong check digit (8977112-0) and a bad CUI, and sends nothing', async () => {
    const sent: unknown[] = [];
    const { user } = open({ donate: (req) => (sent.push(req.data), { status: 201, data: created(185) }) });
    await toDetails(user, '185');
    await fillDetails(user, '8977112-0');
    await submit(user);
    expect(await screen.findByText('El NIT no es válido: revisa el dígito verificador')).toBeInTheDocument();
    expect(nitBox()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(nitBox());
    await user.type(nitBox(), '1680352240101');
    await submit(user);
    expect(await screen.findByText('El CUI no es válido: algún dígito está mal, porque el noveno (el verificador) no corresponde a los ocho primeros. Revisa el número en el DPI')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('under the field, tells a CUI short of a digit so; then takes consumidor final in words', async () => {
    const sent: { nit?: string }[] = [];
    const { user } = open({ donate: (req) => (sent.push(req.data as { nit?: string }), { status: 201, data: created(185) }) });
    await toDetails(user, '185');
    await fillDetails(user, '158035224010');
    await submit(user);
    const short = 'Si es un CUI, le falta un dígito: tiene 13 y aquí hay 12. Si es un NIT, su último dígito (el verificador) no corresponde a los demás';
    expect(await screen.findByText(short)).toBeInTheDocument();
    expect(nitBox()).toHaveAccessibleDescription(expect.stringContaining(short));
    expect(sent).toEqual([]);

    await user.clear(nitBox());
    await user.type(nitBox(), 'Consumidor final');
    await submit(user);
    expect((await screen.findAllByText('#MG00000009', {}, { timeout: 20_000 })).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0].nit).toBe('Consumidor final');
  });

  it('takes a NIT copied with NIT: before it, from Q2,500 too', async () => {
    const sent: { nit?: string }[] = [];
    const { user } = open({ donate: (req) => (sent.push(req.data as { nit?: string }), { status: 201, data: created(2500) }) });
    await toDetails(user, '2,500');
    await fillDetails(user, 'NIT: 576937-K');
    await submit(user);
    expect((await screen.findAllByText('#MG00000009', {}, { timeout: 20_000 })).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0].nit).toBe('NIT: 576937-K');
  });

  it('takes CF below Q2,500 and refuses it (or a blank) from Q2,500, where a NIT with K goes through', async () => {
    const sent: { nit?: string }[] = [];
    const { user } = open({ donate: (req) => (sent.push(req.data as { nit?: string }), { status: 201, data: created(2500) }) });
    await toDetails(user, '2,500');
    await fillDetails(user, 'CF');
    await submit(user);
    expect(await screen.findByText(CF_REFUSED)).toBeInTheDocument();
    await user.clear(nitBox());
    await submit(user);
    expect(await screen.findByText(CF_REFUSED)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(nitBox(), '576937-K');
    await submit(user);
    expect((await screen.findAllByText('#MG00000009', {}, { timeout: 20_000 })).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0].nit).toBe('576937-K');
  });

  it('a dollar gift counts at the staff rate: US$330 at Q7.70 is above Q2,500', async () => {
    const sent: unknown[] = [];
    const { user } = open({ donate: (req) => (sent.push(req.data), { status: 201, data: created(330, 'USD') }) });
    // Q2,541 converts to US$330, which is Q2,541 at Q7.70 (decision 0071).
    await toDetails(user, '2,541');
    await user.selectOptions(await screen.findByRole('combobox', { name: /Moneda/ }, { timeout: 20_000 }), 'USD');
    await fillDetails(user, 'CF');
    await submit(user);
    expect(await screen.findByText(CF_REFUSED_USD)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the server refusal on the NIT field', async () => {
    const { user } = open({ donate: () => ({ status: 400, data: { detail: CF_REFUSED, errors: { nit: CF_REFUSED } } }) });
    await toDetails(user, '100');
    await fillDetails(user, 'CF');
    await submit(user);
    expect(await screen.findByText(CF_REFUSED, {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("prefills a signed-in donor's profile NIT", async () => {
    const { user } = open({ me: { nit: '3952550-3' } });
    await toDetails(user, '185');
    await screen.findByRole('textbox', { name: /Nombre completo/ }, { timeout: 20_000 });
    expect(nitBox()).toHaveValue('3952550-3');
  });
});
