// Where a bank deposit's donor can send the slip later (docs/product.md#bank-deposits): a gift made
// without signing in belongs to no account, so nothing but the email's link leads back to it; a gift
// made signed in, or opened from Mis donaciones, is listed there with its "Subir boleta".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';
import type { Role } from '@donaciones/shared/constants';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const m = depositMessages.upload;
const ACCOUNTS = [{ id: 'banrural', bank: 'Banrural', account_type: 'monetaria' as const, number: '3-033-01234-5', holder: 'Fundación de Prueba' }];
const created = publicDonationAnswer({ id: 41, reference_code: '#MG00000041', card_last4: null, card_brand: null, payment_method: 'bank_deposit', deposit_token: 'token-de-prueba' });
const status: DepositStatus = {
  donation: { id: 41, reference_code: '#MG00000041', donor_name: 'Lucía', amount_cents: 18_500, currency: 'GTQ', status: 'pending', created_at: '2026-11-23T18:00:00Z' },
  accepts_slips: true,
  slips: [],
  accounts: ACCOUNTS,
};

function open(url: string, roles: Role[] | null) {
  const answer = (req: RecordedRequest): FakeAnswer | undefined => {
    if (req.url === '/public/site') return { status: 200, data: publicSite({ organization: { name: 'Fundación de Prueba', phone: '+502 2200 0000', email: 'info@prueba.gt' }, bank_accounts: ACCOUNTS }) };
    if (req.url === '/donate') return { status: 201, data: created };
    if (req.url === '/deposit' || req.url === '/donations/41/deposit') return { status: 200, data: status };
    return undefined;
  };
  return { user: userEvent.setup(), ...renderApp(url, { user: roles ? { roles } : undefined, handler: answer }) };
}

/** Records a Q185 deposit on /donate and answers the note under the slip form. */
async function depositOnDonate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Q185' }, { timeout: 6000 }));
  await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
  await user.click(await screen.findByRole('radio', { name: depositMessages.method.deposit }, { timeout: 6000 }));
  const name = screen.getByRole('textbox', { name: /Nombre completo/ });
  await user.clear(name);
  await user.type(name, 'Lucía Ajú');
  const email = screen.getByRole('textbox', { name: /Correo/ });
  await user.clear(email);
  await user.type(email, 'lucia@prueba.gt');
  await user.click(screen.getByRole('button', { name: depositMessages.submit('Q185.00') }));
  return screen.findByTestId('slip-later', {}, { timeout: 6000 });
}

describe('the slip later: the email, and Mis donaciones only for a gift of the account', { timeout: 30_000 }, () => {
  it('a deposit made without signing in points to the email alone: there is no panel to send it from', async () => {
    const { user } = open('/donate', null);
    const note = await depositOnDonate(user);
    expect(note).toHaveTextContent(m.laterByEmail);
    expect(note).not.toHaveTextContent(/panel|Mis donaciones/);
  });

  it('a deposit made signed in also points to Mis donaciones, where it is listed', async () => {
    const { user } = open('/donate', ['DONOR']);
    expect(await depositOnDonate(user)).toHaveTextContent(m.later);
  });

  it("the email's link, opened without signing in, points to that link", async () => {
    open('/boleta?token=abc', null);
    expect(await screen.findByTestId('slip-later', {}, { timeout: 6000 })).toHaveTextContent(m.laterByEmail);
  });

  it('the slip page opened from Mis donaciones points back to it', async () => {
    open('/boleta?donacion=41', ['DONOR']);
    expect(await screen.findByTestId('slip-later', {}, { timeout: 6000 })).toHaveTextContent(m.later);
  });
});
