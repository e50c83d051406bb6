// "Apadrinar" with a choice of payment (docs/product.md#sponsorship, decision 0054): the card asks for
// the demo's card; a monthly transfer asks for none, sends paymentMethod 'transfer' and shows the
// permanent reference, the amount, the accounts and until when the child is held; without a visible
// bank account only the card is offered.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { sponsorshipTransferMessages as tm } from '@donaciones/shared/messages/sponsorship-transfer';
import type { HoldResponse } from '@donaciones/shared/schemas/sponsorship';
import type { PublicBankAccount } from '@donaciones/shared/schemas/deposits';
import { renderApp } from '@/test/render-app';
import { publicSite } from '@/test/public-site';

const ACCOUNT: PublicBankAccount = { id: 'bi', bank: 'Banco Industrial', account_type: 'monetaria', number: '123-456789-0', holder: 'Fundación Demo' };
const HOLD = {
  holdToken: 'token-de-prueba-123',
  heldUntil: new Date(Date.now() + 30 * 60_000).toISOString(),
  monthlyAmount: 250,
  child: { id: 4, firstName: 'Marisol', age: 8, department: 'Sololá', programName: null, story: '', photoUrl: null, monthlyAmount: 250 },
} as unknown as HoldResponse;
const HELD_UNTIL = '2026-12-04T18:00:00.000Z';

function renderStart(accounts: PublicBankAccount[]) {
  window.sessionStorage.setItem('apadrina.reserva', JSON.stringify(HOLD));
  return renderApp('/apadrina/reserva', {
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: publicSite({ bank_accounts: accounts }) };
      if (req.method === 'POST' && req.url === `/sponsorship/holds/${HOLD.holdToken}/start`) {
        const body = req.data as { paymentMethod: string; donorName: string };
        return {
          status: 201,
          data: {
            sponsorshipId: 9,
            referenceCode: 'TM123456',
            checkoutUrl: null,
            childFirstName: 'Marisol',
            transfer: body.paymentMethod === 'transfer' ? { reference: 'TM123456', amount: 250, heldUntil: HELD_UNTIL, accounts } : null,
          },
        };
      }
      return undefined;
    },
  });
}

afterEach(() => window.sessionStorage.clear());

describe('the sponsor start page', () => {
  it('sends a transfer without a card and shows the reference, the amount, the accounts and the hold date', async () => {
    const { requests } = renderStart([ACCOUNT]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: new RegExp(tm.transfer) }));
    expect(screen.queryByLabelText(/Número de tarjeta/)).toBeNull();
    await user.type(screen.getByLabelText(/Nombre/), 'Lucía Pérez');
    await user.type(screen.getByLabelText(/Correo electrónico/), 'lucia@correo.gt');
    await user.click(screen.getByLabelText(/Acepto el código de conducta/));
    await user.click(screen.getByRole('button', { name: tm.startTransfer('Q250.00') }));

    expect(await screen.findByTestId('sponsor-transfer-reference')).toHaveProperty('textContent', 'TM123456');
    const post = requests.find((r) => r.method === 'POST' && r.url?.endsWith('/start'));
    expect(post?.data).toEqual({ donorName: 'Lucía Pérez', email: 'lucia@correo.gt', acceptCodeOfConduct: true, paymentMethod: 'transfer' });
    expect(screen.getByText(tm.heldUntil('Marisol', '4 de diciembre de 2026'))).toBeTruthy();
    expect(screen.getByText('Banco Industrial')).toBeTruthy();
    expect(screen.getByText(tm.accountLine('Monetaria', '123-456789-0', 'Fundación Demo'))).toBeTruthy();
    expect(screen.getAllByText(/Q250\.00/).length).toBeGreaterThan(0);
  });

  it('keeps what was typed for this hold across a reload of the tab, but never the card', async () => {
    const first = renderStart([ACCOUNT]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: new RegExp(tm.transfer) }));
    await user.type(screen.getByLabelText(/Nombre/), 'Lucía Pérez');
    await user.type(screen.getByLabelText(/Correo electrónico/), 'lucia@correo.gt');
    await user.click(screen.getByRole('radio', { name: new RegExp(tm.card) }));
    await user.type(screen.getByLabelText(/Número de tarjeta/), '4242424242424242');
    first.unmount();
    expect(window.sessionStorage.getItem('apadrina.reserva.datos')).not.toContain('4242');

    renderStart([ACCOUNT]);
    expect(await screen.findByLabelText(/Nombre/)).toHaveProperty('value', 'Lucía Pérez');
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveProperty('value', 'lucia@correo.gt');
    expect(screen.getByLabelText(/Número de tarjeta/)).toHaveProperty('value', '');
  });

  it('asks for the card when paying by card, refusing it empty in Spanish without sending', async () => {
    const { requests } = renderStart([ACCOUNT]);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: new RegExp(tm.card) })).toHaveProperty('checked', true);
    await user.type(screen.getByLabelText(/Nombre/), 'Lucía Pérez');
    await user.type(screen.getByLabelText(/Correo electrónico/), 'lucia@correo.gt');
    await user.click(screen.getByLabelText(/Acepto el código de conducta/));
    await user.click(screen.getByRole('button', { name: /Apadrinar por Q250\.00 al mes$/ }));
    expect(await screen.findByText(donateMessages.cardRequired)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('offers only the card while the charity shows no bank account', async () => {
    renderStart([]);
    expect(await screen.findByLabelText(/Número de tarjeta/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: new RegExp(tm.transfer) })).toBeNull();
  });
});
