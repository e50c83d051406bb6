// The checkout's success dialog closes on Escape like its 'Cerrar' button (the Modal, not
// dismissible, used to swallow Escape before the dialog's own listener saw it).
import { describe, expect, it, vi } from 'vitest';
import { render as renderDom, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { SuccessDialog } from './success-dialog';


const donation = {
  id: 1,
  reference_code: '#MG12345678',
  amount: 75,
  status: 'pending' as const,
  card_last4: '4242',
  card_brand: 'visa' as const,
  currency: 'GTQ' as const,
  covered_fee: 0,
  payment_provider: 'simulated' as const,
  checkout_url: null,
  recurring_gift_id: null,
  created_at: '2026-01-01T00:00:00Z',
};
/** The dialog links the donor's settings, so it renders under a router as on /donate. */
const render = (ui: ReactElement) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);
const organization = { name: 'Fundación', phone: '+502 2200 0000', email: 'contacto@ejemplo.org' };

describe('SuccessDialog', () => {
  it('closes on Escape, traps Tab inside and starts on «Hacer otra donación»', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SuccessDialog donation={donation} organization={organization} payments={null} onAnother={() => {}} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('SuccessDialog receipt note', () => {
  it('says the receipt arrives by email unless turned off in Mi perfil, Preferencias, linked there, and no longer asks the donor to write to the office', () => {
    render(<SuccessDialog donation={donation} organization={organization} payments={null} onAnother={() => {}} onClose={() => {}} />);
    const note = screen.getByTestId('receipt-note');
    // Not 'recibo por donación': uncertified, the PDF is a constancia, and a certified one comes in a later email.
    expect(note).toHaveTextContent('Te enviaremos por correo el comprobante de tu donación en PDF');
    // Not to a donor who turned that email off in Mi perfil (decision 0081), who finds it in Recibos:
    // the donor area's receipts page by the name its menu gives it.
    expect(note).toHaveTextContent('salvo que hayas desactivado «Agradecimientos y recibos por correo» en Mi perfil, pestaña Preferencias. Si tienes una cuenta con ese correo, también lo encuentras en Recibos, en tu área de donante.');
    // The place is named as its page is titled, and the words lead there: the tab where the switch is.
    expect(within(note).getByRole('link', { name: 'Mi perfil, pestaña Preferencias' })).toHaveAttribute('href', '/donor/profile?pestana=preferencias');
    expect(note).not.toHaveTextContent('recibo por donación');
    expect(note.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(note).not.toHaveTextContent('Escríbenos');
  });
});
