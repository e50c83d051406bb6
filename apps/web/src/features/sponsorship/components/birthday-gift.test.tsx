// "Regalo de cumpleaños" in Mi ahijado/a (decision 0055): shown only in the birthday window (before it,
// the date it opens); an amount outside the bounds, empty or unreadable is refused in Spanish without sending; the demo's
// card sends only its last 4 digits, with an Idempotency-Key, and the thanks show the reference.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { birthdayGiftMessages as bm, birthdayGiftTexts as bt } from '@donaciones/shared/messages/birthday-gifts';
import { yourAmount } from '@donaciones/shared/messages/sponsorship-amounts';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import { renderApp } from '@/test/render-app';
import { publicSite } from '@/test/public-site';

const child = { id: 4, firstName: 'Marisol', age: 8, department: 'Sololá', programName: null, story: '', photoUrl: null, monthlyAmount: 250, birthdayMonth: 12, sponsoredSince: '2026-01-10T15:00:00.000Z' };
const mine = (open: boolean): MySponsorships => ({
  sponsorships: [{ id: 9, status: 'active', child, monthlyAmount: 250, birthdayGift: { month: 12, year: 2026, opensOn: '2026-10-17', closesOn: '2026-12-31', open, suggestedAmount: 120, sent: 0 } }],
  past: [],
});

function renderMine(open: boolean) {
  return renderApp('/donor/ahijado', {
    user: { roles: ['DONOR'] },
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: publicSite({ system: { min_donation_amount: 10, max_donation_amount: 5_000 } as never }) };
      if (req.url === '/member/sponsorships') return { status: 200, data: mine(open) };
      if (req.url === '/member/sponsorship-offers') return { status: 200, data: { offers: [] } };
      if (req.method === 'POST' && req.url === '/member/sponsorships/9/birthday-gift') {
        return { status: 201, data: { id: 77, referenceCode: 'DON-CUMPLE1', amount: 150, paymentMethod: 'card', checkoutUrl: null, depositToken: null } };
      }
      return undefined;
    },
  });
}

describe('the birthday gift in Mi ahijado/a', () => {
  it('before the window, says from when it can be sent and offers no form', async () => {
    renderMine(false);
    expect(await screen.findByText(bt.opensOn('17/10/2026'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: bt.open })).toBeNull();
  });

  it('refuses an amount outside the bounds, then sends the gift with the demo card’s last 4 digits', async () => {
    const { requests } = renderMine(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: bt.open }));
    expect(screen.getByText(yourAmount('Q250.00'))).toBeTruthy();
    const amount = screen.getByLabelText(new RegExp(bt.amount.replace(/[()]/g, '\\$&')));
    expect((amount as HTMLInputElement).value).toBe('120');
    await user.clear(amount);
    await user.type(amount, '6000');
    await user.type(screen.getByLabelText(/Número de tarjeta/), '4242424242424242');
    await user.type(screen.getByLabelText(/Vencimiento/), '12/30');
    await user.type(screen.getByLabelText(/CVC/), '123');
    await user.click(screen.getByRole('button', { name: /Enviar regalo de/ }));
    expect(await screen.findByText(/El monto máximo de donación es Q5,000.00/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('birthday-gift'))).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: bt.send('Q150.00') }));
    expect(await screen.findByText(bt.reference('DON-CUMPLE1'))).toBeTruthy();
    expect(screen.getByText(bt.thanksCard('Marisol'))).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && r.url.includes('birthday-gift'))!;
    expect(sent.data).toEqual({ amount: 150, paymentMethod: 'card', donorName: 'Ana López', email: 'persona@ejemplo.org', cardLast4: '4242', cardBrand: 'visa' });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('asks for the amount when it is left empty, and says why typed text is refused, without sending', async () => {
    const { requests } = renderMine(true);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: bt.open }));
    const amount = screen.getByLabelText(new RegExp(bt.amount.replace(/[()]/g, '\\$&')));
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: /Enviar regalo de/ }));
    expect(await screen.findByText(bm.amountRequired)).toBeTruthy();
    expect(screen.queryByText('Ingresa un monto mayor a cero')).toBeNull();

    await user.type(amount, '-5');
    await user.click(screen.getByRole('button', { name: /Enviar regalo de/ }));
    expect(await screen.findByText('Ingresa un monto mayor a cero')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, 'cien');
    await user.click(screen.getByRole('button', { name: /Enviar regalo de/ }));
    expect(await screen.findByText(/Escribe el monto solo con números/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST' && r.url.includes('birthday-gift'))).toHaveLength(0);
  });
});
