// "Mis donaciones mensuales" and the no-login page of the emails' link (docs/product.md#monthly-giving):
// the facts of each gift, cancel with its confirmation and optional reason, change of amount (checked,
// then the provider's page), pause and early resume, the empty state, and a link that is not valid.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate } from '@donaciones/shared/format';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { CANCEL_REASON_MAX_LENGTH, type ManagedMonthlyGift, type MonthlyGift } from '@donaciones/shared/schemas/monthly';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

const donor = { roles: ['DONOR'] };
const site = publicSite({ organization: { email: 'contacto@fundacion.gt' }, system: { min_donation_amount: 10, max_donation_amount: 50_000 } });

const gift = (over: Partial<MonthlyGift> = {}): MonthlyGift => ({
  id: 4,
  amountCents: 15_000,
  currency: 'GTQ',
  status: 'active',
  startedAt: '2026-08-15T16:00:00Z',
  nextChargeAt: '2026-12-15T16:00:00Z',
  chargesCount: 4,
  totalGivenCents: 60_000,
  cancelledAt: null,
  cancelReason: null,
  pendingAmountCents: null,
  pendingFrom: null,
  pausedUntil: null,
  resumeChargeAt: null,
  programName: 'Agua segura',
  sponsoredChildFirstName: null,
  ...over,
});

let assigned: string[] = [];
const original = window.location;
beforeEach(() => {
  assigned = [];
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign: (url: string) => assigned.push(url) } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: original });
});

function openList(gifts: () => MonthlyGift[], extra?: (req: RecordedRequest) => FakeAnswer | undefined) {
  const view = renderApp('/donor/monthly-gifts', {
    user: donor,
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/member/monthly-gifts' && req.method === 'GET') return { status: 200, data: gifts() };
      return extra?.(req);
    },
  });
  return { ...view, user: userEvent.setup() };
}

const items = () => screen.findAllByTestId('monthly-gift', {}, { timeout: 20_000 });

describe('Mis donaciones mensuales', { timeout: 20_000 }, () => {
  it('shows each gift: amount a month, status in Spanish, where it goes, since, next charge, charges so far and total given', async () => {
    openList(() => [
      gift(),
      gift({ id: 5, amountCents: 7_500, status: 'past_due', chargesCount: 2, totalGivenCents: 15_000, programName: null }),
      gift({ id: 6, amountCents: 3_500, status: 'cancelled', nextChargeAt: null, cancelledAt: '2026-10-01T16:00:00Z', cancelReason: 'Cambié de trabajo' }),
      gift({ id: 7, amountCents: 1_500, status: 'paused' }),
    ]);
    const [active, pastDue, cancelled, paused] = await items();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis donaciones mensuales' })).toBeInTheDocument();

    expect(within(active).getByRole('heading', { name: 'Q150.00 al mes' })).toBeInTheDocument();
    expect(within(active).getByText('Activa')).toBeInTheDocument();
    expect(within(active).getByText('Destino')).toBeInTheDocument();
    expect(within(active).getByTestId('designation').textContent).toBe('Agua segura');
    expect(within(active).getByText(formatDate('2026-08-15T16:00:00Z'))).toBeInTheDocument();
    expect(within(active).getByTestId('next-charge').textContent).toBe(formatDate('2026-12-15T16:00:00Z'));
    expect(within(active).getByTestId('charges-count').textContent).toBe('4');
    expect(within(active).getByTestId('total-given').textContent).toBe('Q600.00');
    expect(within(active).getByRole('button', { name: 'Cambiar monto' })).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    expect(within(pastDue).getByText('Pago pendiente')).toBeInTheDocument();
    // No programme: it goes where it is most needed.
    expect(within(pastDue).getByTestId('designation').textContent).toBe('Donde más se necesite');
    expect(within(pastDue).getByTestId('total-given').textContent).toBe('Q150.00');
    expect(within(paused).getByText('Pausada')).toBeInTheDocument();

    // An ended gift stays, as ended, with its date and reason and no actions.
    expect(within(cancelled).getByText('Cancelada')).toBeInTheDocument();
    expect(within(cancelled).getByTestId('ended-on').textContent).toBe(formatDate('2026-10-01T16:00:00Z'));
    expect(within(cancelled).getByText('Cambié de trabajo')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button')).toBeNull();
    // It offers to start a new monthly gift: the checkout with "Cada mes" chosen. A gift that goes on does not.
    expect(within(cancelled).getByRole('link', { name: 'Empezar una nueva donación mensual' })).toHaveAttribute('href', '/donate?frecuencia=mensual');
    for (const going of [active, pastDue, paused]) expect(within(going).queryByRole('link', { name: 'Empezar una nueva donación mensual' })).toBeNull();
  });

  it('with no gift yet, says so and offers "Dona cada mes" to /donate?frecuencia=mensual', async () => {
    openList(() => []);
    expect(await screen.findByText('Aún no tienes donaciones mensuales', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dona cada mes' })).toHaveAttribute('href', '/donate?frecuencia=mensual');
  });

  it('an unconfirmed email: the banner, and the empty state says why nothing shows yet', async () => {
    renderApp('/donor/monthly-gifts', {
      user: donor,
      handler: (req) => {
        if (req.url === '/auth/me') return { status: 200, data: { id: 7, email: 'ana@correo.gt', roles: ['DONOR'], first_name: 'Ana', last_name: 'López', email_verified: false } };
        if (req.url === '/member/monthly-gifts') return { status: 200, data: [] };
        return undefined;
      },
    });
    expect(await screen.findByText('Confirma tu correo para ver aquí las donaciones mensuales que hiciste con él.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('confirm-email-banner')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and the retry loads it', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderApp('/donor/monthly-gifts', {
      user: donor,
      handler: (req) => (req.url === '/member/monthly-gifts' ? (fail ? { status: 403, data: { detail: 'x' } } : { status: 200, data: [gift()] }) : undefined),
    });
    expect(await screen.findByText('No pudimos cargar tus donaciones mensuales', {}, { timeout: 20_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await items()).toHaveLength(1);
  });

  it('"Cancelar" asks first, sends the optional reason, confirms with a toast and shows the gift as ended', async () => {
    let cancelled = false;
    const { user, requests } = openList(
      () => [cancelled ? gift({ status: 'cancelled', nextChargeAt: null, cancelledAt: '2026-11-23T16:00:00Z', cancelReason: 'Ya no puedo' }) : gift()],
      (req) => {
        if (req.url === '/member/monthly-gifts/4/cancel') {
          cancelled = true;
          return { status: 200, data: gift({ status: 'cancelled' }) };
        }
        return undefined;
      },
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cancelar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Cancelar tu donación mensual?' });
    expect(dialog.textContent).toContain('Dejaremos de cobrarte Q150.00 al mes');

    // "No, mantenerla" sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'No, mantenerla' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.some((r) => r.url.endsWith('/cancel'))).toBe(false);

    await user.click(within(item).getByRole('button', { name: 'Cancelar' }));
    const again = screen.getByRole('alertdialog');
    await user.type(within(again).getByRole('textbox', { name: /Cuéntanos por qué/ }), 'Ya no puedo');
    await user.click(within(again).getByRole('button', { name: 'Sí, cancelar la donación' }));
    expect(await screen.findByText('Tu donación mensual fue cancelada. Te enviamos un correo.')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/member/monthly-gifts/4/cancel')?.data).toEqual({ reason: 'Ya no puedo' });
    await waitFor(() => expect(screen.getByText('Cancelada')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("a sponsorship's gifts name their child, and cancelling one says that sponsorship ends", async () => {
    const { user } = openList(() => [
      gift({ id: 8, amountCents: 25_000, programName: null, sponsoredChildFirstName: 'Valentina' }),
      gift({ id: 7, amountCents: 25_000, programName: null, sponsoredChildFirstName: 'Mateo' }),
    ]);
    const [valentina, mateo] = await items();
    expect(within(valentina).getByTestId('designation').textContent).toContain('Apadrinamiento de Valentina');
    expect(within(mateo).getByTestId('designation').textContent).toContain('Apadrinamiento de Mateo');
    await user.click(within(mateo).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('También termina tu apadrinamiento de Mateo');
  });

  it('"Cancelar" says when the reason is full, where the browser drops the rest of a pasted text without a word', async () => {
    const { user } = openList(() => [gift()]);
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cancelar' }));
    const field = within(screen.getByRole('alertdialog')).getByLabelText(/Cuéntanos por qué/);
    expect(screen.queryByText(validationMessages.textAtMax(CANCEL_REASON_MAX_LENGTH))).toBeNull();
    await user.click(field);
    await user.paste('a'.repeat(CANCEL_REASON_MAX_LENGTH + 100));
    expect((field as HTMLTextAreaElement).value).toHaveLength(CANCEL_REASON_MAX_LENGTH);
    expect(screen.getByText(validationMessages.textAtMax(CANCEL_REASON_MAX_LENGTH))).toBeInTheDocument();
  });

  it('"Cancelar" without a reason sends an empty body', async () => {
    const { user, requests } = openList(
      () => [gift()],
      (req) => (req.url === '/member/monthly-gifts/4/cancel' ? { status: 200, data: gift({ status: 'cancelled' }) } : undefined),
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sí, cancelar la donación' }));
    await waitFor(() => expect(requests.find((r) => r.url === '/member/monthly-gifts/4/cancel')?.data).toEqual({}));
  });

  it('"Cambiar monto" says nothing is charged now and the new amount starts at the next charge, checks the amount, then goes to the provider when it answers a page', async () => {
    const { user, requests } = openList(
      () => [gift()],
      (req) =>
        req.url === '/member/monthly-gifts/4/change-amount'
          ? { status: 200, data: { checkoutUrl: 'http://pagos.prueba/checkout-session/ch_7', giftId: 8 } }
          : undefined,
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cambiar monto' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar el monto de tu donación mensual' });
    expect(dialog.textContent).toContain('Hoy no se cobra nada. El nuevo monto empieza en tu próximo cobro, el 15 de diciembre de 2026');
    expect(dialog.textContent).toContain('hasta entonces tu donación sigue siendo de Q150.00 al mes');
    const field = within(dialog).getByRole('textbox', { name: /Nuevo monto mensual/ });
    const submit = within(dialog).getByRole('button', { name: 'Guardar el nuevo monto' });

    // Nothing typed: it asks for the amount, as the other amount fields do, not for one "mayor a cero".
    await user.click(submit);
    expect(await within(dialog).findByText('Escribe el nuevo monto mensual')).toBeInTheDocument();
    expect(within(dialog).queryByText('Ingresa un monto mayor a cero')).toBeNull();
    // Spaces or the symbol alone are nothing typed too.
    await user.type(field, ' Q ');
    await user.click(submit);
    expect(within(dialog).getByText('Escribe el nuevo monto mensual')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '150');
    await user.click(submit);
    expect(within(dialog).getByText('El nuevo monto es igual al actual')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '5');
    await user.click(submit);
    expect(within(dialog).getByText('El monto mínimo de donación es Q10.00')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '1,50');
    await user.click(submit);
    expect(within(dialog).getByText(/No está claro qué monto quisiste escribir/)).toBeInTheDocument();
    // A refused amount is not said back as understood.
    expect(dialog.textContent).not.toContain('Entendimos');
    // A minus sign is about the amount, not the characters: the words the donate form uses too.
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(submit);
    expect(within(dialog).getByText('Ingresa un monto mayor a cero')).toBeInTheDocument();
    expect(within(dialog).queryByText(/solo con números/)).toBeNull();
    expect(requests.some((r) => r.url.endsWith('/change-amount'))).toBe(false);

    // A new amount typed takes the refusal of the one before away, as on step 1 of /donate.
    await user.clear(field);
    await user.type(field, '1,200');
    expect(within(dialog).queryByText('Ingresa un monto mayor a cero')).toBeNull();
    // Said back as understood, in figures and in words, as step 1 of /donate does.
    expect(dialog.textContent).toContain('Entendimos: Q1,200.00');
    expect(dialog.textContent).toContain('Mil doscientos quetzales exactos');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(submit);
    await waitFor(() => expect(assigned).toEqual(['http://pagos.prueba/checkout-session/ch_7']));
    expect(requests.find((r) => r.url === '/member/monthly-gifts/4/change-amount')?.data).toEqual({ amount: 1200 });
  });

  it('"Cambiar monto" of a dollar gift checks the bounds in dollars, as the API compares its quetzal value at the rate', async () => {
    // Q10 to Q50,000 at the site's rate: a dollar amount is refused only when its quetzal value is out of bounds.
    const rate = site.payments.usd_exchange_rate;
    const minUsd = Math.ceil(1000 / rate) / 100;
    const { user, requests } = openList(
      () => [gift({ currency: 'USD', amountCents: 2_000 })],
      (req) => (req.url === '/member/monthly-gifts/4/change-amount' ? { status: 200, data: { checkoutUrl: null, giftId: 4 } } : undefined),
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cambiar monto' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar el monto de tu donación mensual' });
    expect(dialog.textContent).toContain(`US$${minUsd.toFixed(2)}`);
    expect(dialog.textContent).not.toContain('Q10.00');
    const field = within(dialog).getByRole('textbox', { name: /Nuevo monto mensual/ });
    const submit = within(dialog).getByRole('button', { name: 'Guardar el nuevo monto' });
    // Below the minimum in dollars: the words name the dollar minimum.
    await user.type(field, '1');
    await user.click(submit);
    expect(within(dialog).getByText(`El monto mínimo de donación es US$${minUsd.toFixed(2)}`)).toBeInTheDocument();
    // US$7,000 is over Q50,000 at the rate: refused, in dollars.
    await user.clear(field);
    await user.type(field, '7000');
    await user.click(submit);
    expect(within(dialog).getByText(/El monto máximo de donación es US\$/)).toBeInTheDocument();
    expect(requests.some((r) => r.url.endsWith('/change-amount'))).toBe(false);
    await user.clear(field);
    // US$5 is about Q39: taken, though 5 is below the quetzal minimum's 10; the field's symbol may lead it.
    await user.type(field, 'US$5');
    expect(dialog.textContent).toContain('Entendimos: US$5.00');
    await user.click(submit);
    await waitFor(() => expect(requests.find((r) => r.url === '/member/monthly-gifts/4/change-amount')?.data).toEqual({ amount: 5 }));
  });

  it('"Pausar" offers 1, 2 or 3 months with the date each resumes, sends the choice, and the list shows the pause and a pending change', async () => {
    let paused = false;
    const { user, requests } = openList(
      () => [paused ? gift({ status: 'paused', pausedUntil: '2027-02-15T16:00:00Z', nextChargeAt: '2027-02-15T16:00:00Z', pendingAmountCents: 20_000, pendingFrom: '2027-02-15T16:00:00Z' }) : gift()],
      (req) => {
        if (req.url !== '/member/monthly-gifts/4/pause') return undefined;
        paused = true;
        return { status: 200, data: { checkoutUrl: null, giftId: 4 } };
      },
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Pausar' }));
    const dialog = screen.getByRole('dialog', { name: 'Pausar tu donación mensual' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
    expect(within(dialog).getByRole('radio', { name: '2 meses (se reanuda el 15 de febrero de 2027)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /^2 meses/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Pausar la donación' }));
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/pause'))?.data).toEqual({ months: 2 }));
    expect(await screen.findByTestId('paused-until', {}, { timeout: 20_000 })).toHaveTextContent('En pausa hasta el 15 de febrero de 2027');
    expect(screen.getByTestId('pending-change')).toHaveTextContent('Cambia a Q200.00 desde el 15 de febrero de 2027');
    const [after] = await items();
    expect(within(after).queryByRole('button', { name: 'Pausar' })).toBeNull();
    expect(assigned).toEqual([]);
  });

  it('"Pausar" names the days in Guatemala: a charge on the evening of the 28th (the 29th in UTC) resumes on 28 February', async () => {
    // 28 December 2026, 10:30 p.m. in Guatemala, the gift's day as the API counts it.
    const { user } = openList(() => [gift({ startedAt: '2026-11-29T04:30:00Z', nextChargeAt: '2026-12-29T04:30:00Z' })]);
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Pausar' }));
    const dialog = screen.getByRole('dialog', { name: 'Pausar tu donación mensual' });
    expect(within(dialog).getByRole('radio', { name: '1 mes (se reanuda el 28 de enero de 2027)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '2 meses (se reanuda el 28 de febrero de 2027)' })).toBeInTheDocument();
  });

  it('"Reanudar ahora" on a paused gift confirms when the next charge will be and of how much, then the list shows it active', async () => {
    let resumed = false;
    const paused = gift({ status: 'paused', pausedUntil: '2027-03-15T16:00:00Z', nextChargeAt: '2027-03-15T16:00:00Z', resumeChargeAt: '2026-12-15T16:00:00Z', pendingAmountCents: 20_000, pendingFrom: '2027-03-15T16:00:00Z' });
    const { user, requests } = openList(
      () => [resumed ? gift({ pendingAmountCents: 20_000, pendingFrom: '2026-12-15T16:00:00Z' }) : paused],
      (req) => {
        if (req.url !== '/member/monthly-gifts/4/resume') return undefined;
        resumed = true;
        return { status: 200, data: { checkoutUrl: null, giftId: 4 } };
      },
    );
    const [item] = await items();
    expect(within(item).queryByRole('button', { name: 'Pausar' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Reanudar ahora' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Reanudar tu donación mensual ahora?' });
    expect(dialog).toHaveAccessibleDescription(
      'Hoy no se cobra nada. Tu próximo cobro será el 15 de diciembre de 2026, de Q200.00, y después cada mes el mismo día, en lugar de esperar al 15 de marzo de 2027.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reanudar' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/member/monthly-gifts/4/resume' && r.method === 'POST')).toBe(true));
    expect(await screen.findByText('Tu donación mensual se reanudó: el próximo cobro será el 15 de diciembre de 2026. Te enviamos un correo.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('paused-until')).toBeNull());
    const [after] = await items();
    expect(within(after).getByText('Activa')).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Reanudar ahora' })).toBeNull();
    expect(assigned).toEqual([]);
  });

  it('"Reanudar ahora" is not offered when no billing day comes before the pause ends', async () => {
    openList(() => [gift({ status: 'paused', pausedUntil: '2026-12-15T16:00:00Z', resumeChargeAt: null })]);
    const [item] = await items();
    expect(within(item).getByTestId('paused-until')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Reanudar ahora' })).toBeNull();
  });

  it('"Cambiar monto" shows the server\'s refusal on the field', async () => {
    const { user } = openList(
      () => [gift()],
      (req) =>
        req.url === '/member/monthly-gifts/4/change-amount' ? { status: 400, data: { detail: 'Monto no válido', errors: { amount: 'El monto máximo de donación es Q50,000.00' } } } : undefined,
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cambiar monto' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nuevo monto mensual/ }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar el nuevo monto' }));
    expect(await within(dialog).findByText('El monto máximo de donación es Q50,000.00')).toBeInTheDocument();
    expect(assigned).toEqual([]);
  });

  it('"Cambiar monto" that fails without a reason says it could not change it, not that the amount is wrong', async () => {
    const { user } = openList(
      () => [gift()],
      (req) => (req.url === '/member/monthly-gifts/4/change-amount' ? { status: 500, data: {} } : undefined),
    );
    const [item] = await items();
    await user.click(within(item).getByRole('button', { name: 'Cambiar monto' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nuevo monto mensual/ }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar el nuevo monto' }));
    expect(await within(dialog).findByText('No pudimos cambiar el monto de tu donación mensual. Intenta de nuevo.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Ingresa un monto mayor a cero')).toBeNull();
  });
});

describe('/donacion-mensual?token=... (no sign-in)', { timeout: 20_000 }, () => {
  const managed = (over: Partial<ManagedMonthlyGift> = {}): ManagedMonthlyGift => ({ ...gift(), donorName: 'Rosa Tzul', ...over });

  function openManage(url: string, answer: (req: RecordedRequest) => FakeAnswer | undefined) {
    const view = renderApp(url, { handler: (req) => (req.url === '/public/site' ? { status: 200, data: site } : answer(req)) });
    return { ...view, user: userEvent.setup() };
  }

  it('shows the gift (donor, amount, where it goes, since, next charge, status) and cancels it with a reason', async () => {
    let cancelled = false;
    const { user, requests } = openManage('/donacion-mensual?token=tok.en-1', (req) => {
      if (req.url === '/monthly-gifts/manage') {
        return { status: 200, data: cancelled ? managed({ status: 'cancelled', nextChargeAt: null, cancelledAt: '2026-11-23T16:00:00Z' }) : managed() };
      }
      if (req.url === '/monthly-gifts/manage/cancel') {
        cancelled = true;
        return { status: 200, data: managed({ status: 'cancelled' }) };
      }
      return undefined;
    });
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/monthly-gifts/manage')?.config.params).toEqual({ token: 'tok.en-1' });
    expect(within(card).getByText('Rosa Tzul')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Q150.00 al mes' })).toBeInTheDocument();
    expect(within(card).getByText('Activa')).toBeInTheDocument();
    expect(within(card).getByTestId('designation').textContent).toBe('Agua segura');
    expect(within(card).getByText(formatDate('2026-08-15T16:00:00Z'))).toBeInTheDocument();
    expect(within(card).getByTestId('next-charge').textContent).toBe(formatDate('2026-12-15T16:00:00Z'));
    expect(within(card).queryByRole('button', { name: 'Actualizar tarjeta' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Empezar una nueva donación mensual' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Cancelar tu donación mensual?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Cuéntanos por qué/ }), 'Me mudé');
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar la donación' }));
    expect(await screen.findByText('Tu donación mensual fue cancelada. Te enviamos un correo.')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/monthly-gifts/manage/cancel')?.data).toEqual({ token: 'tok.en-1', reason: 'Me mudé' });
    expect(await screen.findByText('Esta donación mensual terminó.')).toBeInTheDocument();
    expect(screen.getByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Empezar una nueva donación mensual' })).toHaveAttribute('href', '/donate?frecuencia=mensual');
    // Nothing here needs or tries a session.
    expect(requests.some((r) => r.url.startsWith('/member/') || r.url.startsWith('/users/'))).toBe(false);
  });

  it('past due: "Actualizar tarjeta" goes to the provider\'s page', async () => {
    const { user, requests } = openManage('/donacion-mensual?token=abc', (req) => {
      if (req.url === '/monthly-gifts/manage') return { status: 200, data: managed({ status: 'past_due' }) };
      if (req.url === '/monthly-gifts/manage/update-card') return { status: 200, data: { checkoutUrl: 'http://pagos.prueba/checkout-session/ch_card', giftId: 4 } };
      return undefined;
    });
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    expect(within(card).getByText('Pago pendiente')).toBeInTheDocument();
    expect(within(card).getByText(/Tu último cobro no se completó/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Actualizar tarjeta' }));
    await waitFor(() => expect(assigned).toEqual(['http://pagos.prueba/checkout-session/ch_card']));
    expect(requests.find((r) => r.url === '/monthly-gifts/manage/update-card')?.data).toEqual({ token: 'abc' });
  });

  it('"Reanudar ahora" on a paused gift: the donor area\'s confirmation, sent with the token, then the page shows it active', async () => {
    let resumed = false;
    const paused = managed({ status: 'paused', pausedUntil: '2027-03-15T16:00:00Z', nextChargeAt: '2027-03-15T16:00:00Z', resumeChargeAt: '2026-12-15T16:00:00Z', pendingAmountCents: 20_000, pendingFrom: '2027-03-15T16:00:00Z' });
    const { user, requests } = openManage('/donacion-mensual?token=tok.en-2', (req) => {
      if (req.url === '/monthly-gifts/manage') return { status: 200, data: resumed ? managed({ pendingAmountCents: 20_000, pendingFrom: '2026-12-15T16:00:00Z' }) : paused };
      if (req.url === '/monthly-gifts/manage/resume') {
        resumed = true;
        return { status: 200, data: { checkoutUrl: null, giftId: 4 } };
      }
      return undefined;
    });
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    expect(within(card).getByText('Pausada')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pausar' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Reanudar ahora' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Reanudar tu donación mensual ahora?' });
    expect(dialog).toHaveAccessibleDescription(
      'Hoy no se cobra nada. Tu próximo cobro será el 15 de diciembre de 2026, de Q200.00, y después cada mes el mismo día, en lugar de esperar al 15 de marzo de 2027.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reanudar' }));
    expect(await screen.findByText('Tu donación mensual se reanudó: el próximo cobro será el 15 de diciembre de 2026. Te enviamos un correo.')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/monthly-gifts/manage/resume')?.data).toEqual({ token: 'tok.en-2' });
    expect(await within(card).findByText('Activa')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reanudar ahora' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(assigned).toEqual([]);
    expect(requests.some((r) => r.url.startsWith('/member/') || r.url.startsWith('/users/'))).toBe(false);
  });

  it('"Reanudar ahora" is not offered when no billing day comes before the pause ends', async () => {
    openManage('/donacion-mensual?token=abc', (req) =>
      req.url === '/monthly-gifts/manage' ? { status: 200, data: managed({ status: 'paused', pausedUntil: '2026-12-15T16:00:00Z', resumeChargeAt: null }) } : undefined,
    );
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    expect(within(card).getByText('Pausada')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reanudar ahora' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Pausar' })).toBeNull();
  });

  it('"Reanudar ahora": the server\'s refusal in Spanish shows in the dialog, which stays open', async () => {
    const refusal = 'Tu donación mensual ya se reanuda el 15 de diciembre de 2026: no hay un día de cobro antes de esa fecha.';
    const { user } = openManage('/donacion-mensual?token=abc', (req) => {
      if (req.url === '/monthly-gifts/manage') return { status: 200, data: managed({ status: 'paused', pausedUntil: '2026-12-15T16:00:00Z', resumeChargeAt: '2026-12-01T16:00:00Z' }) };
      if (req.url === '/monthly-gifts/manage/resume') return { status: 409, data: { detail: refusal } };
      return undefined;
    });
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    await user.click(within(card).getByRole('button', { name: 'Reanudar ahora' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Reanudar tu donación mensual ahora?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sí, reanudar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it.each([
    ['an expired or tampered token', '/donacion-mensual?token=vencido', 401],
    ['an unknown gift', '/donacion-mensual?token=otro', 404],
    ['a malformed token', '/donacion-mensual?token=x', 400],
  ])('%s shows a clear Spanish message and nothing else', async (_, url, status) => {
    openManage(url, (req) => (req.url === '/monthly-gifts/manage' ? { status, data: { detail: 'El enlace no es válido' } } : undefined));
    const message = await screen.findByTestId('manage-invalid', {}, { timeout: 20_000 });
    expect(message).toHaveTextContent('Este enlace no es válido o ya venció');
    expect(within(message).getByRole('link', { name: 'contacto@fundacion.gt' })).toHaveAttribute('href', 'mailto:contacto@fundacion.gt');
    expect(screen.queryByTestId('managed-gift')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
  });

  it('a link that expires while the page is open: the cancel answers 401 and the page says the link is no longer valid', async () => {
    let expired = false;
    const { user } = openManage('/donacion-mensual?token=abc', (req) => {
      if (req.url === '/monthly-gifts/manage') return expired ? { status: 401, data: { detail: 'Este enlace no es válido o ya venció.' } } : { status: 200, data: managed() };
      if (req.url === '/monthly-gifts/manage/cancel') {
        expired = true;
        return { status: 401, data: { detail: 'Este enlace no es válido o ya venció.' } };
      }
      return undefined;
    });
    const card = await screen.findByTestId('managed-gift', {}, { timeout: 20_000 });
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sí, cancelar la donación' }));
    expect(await screen.findByTestId('manage-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('managed-gift')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('without a token it asks nothing of the server', async () => {
    const { requests } = openManage('/donacion-mensual', () => undefined);
    expect(await screen.findByTestId('manage-invalid', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(requests.some((r) => r.url.startsWith('/monthly-gifts'))).toBe(false);
  });

  it('a failure of the server is not called an invalid link: it offers a retry', async () => {
    openManage('/donacion-mensual?token=abc', (req) => (req.url === '/monthly-gifts/manage' ? { status: 503, data: { detail: 'x' } } : undefined));
    expect(await screen.findByText('No pudimos cargar tu donación mensual', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('manage-invalid')).toBeNull();
  });
});

