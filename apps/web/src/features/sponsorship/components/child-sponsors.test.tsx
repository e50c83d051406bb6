// The sponsors on a child's staff record (decision 0054): each says how they pay, a transfer with its
// permanent reference, and its number (typed in "Cartas" for a reply); a child nobody sponsored says so.
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { render as renderBare, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sponsorshipTransferMessages as m } from '@donaciones/shared/messages/sponsorship-transfer';
import { ChildSponsors } from './child-sponsors';

const render = (ui: ReactNode) => renderBare(<MemoryRouter>{ui}</MemoryRouter>);

describe('the sponsors of a child', () => {
  it('marks a transfer sponsor with the reference and a card sponsor as card', () => {
    render(
      <ChildSponsors
        sponsorships={[
          { id: 2, status: 'held', sponsorName: 'Lucía Pérez', startedAt: null, heldUntil: '2026-12-04T18:00:00.000Z', paymentMethod: 'transfer', transferReference: 'TM123456' },
          { id: 1, status: 'active', sponsorName: 'Carlos Ruiz', startedAt: '2026-10-01T18:00:00.000Z', heldUntil: '2026-10-01T18:30:00.000Z', paymentMethod: 'card', transferReference: null },
        ]}
      />,
    );
    const [lucia, carlos] = screen.getAllByRole('listitem');
    expect(within(lucia).getByText(m.staffMark)).toBeTruthy();
    expect(within(lucia).getByText(m.staffReference('TM123456'))).toBeTruthy();
    expect(within(lucia).getByText(m.staffHeldUntil('4 de diciembre de 2026'))).toBeTruthy();
    expect(within(carlos).getByText(m.staffCard)).toBeTruthy();
    expect(within(carlos).getByText('Activo')).toBeTruthy();
    expect(within(carlos).queryByText(/Referencia/)).toBeNull();
    // The sponsorship's number, which staff type in "Cartas" to upload the child's reply.
    expect(within(lucia).getByText(m.staffNumber(2))).toBeTruthy();
    expect(within(carlos).getByText('N.º 1')).toBeTruthy();
    // An active sponsorship may receive a reply: its link opens Cartas with the number filled in; a held place may not.
    expect(within(carlos).getByRole('link', { name: 'Subir respuesta' })).toHaveAttribute('href', '/admin/cartas?respuesta=1');
    expect(within(lucia).queryByRole('link', { name: 'Subir respuesta' })).toBeNull();
  });

  it('shows a place let go before its first payment with until when it was held, not a bare dash', () => {
    render(<ChildSponsors sponsorships={[{ id: 3, status: 'released', sponsorName: null, startedAt: null, heldUntil: '2026-11-20T18:00:00.000Z', paymentMethod: null, transferReference: null }]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Liberado')).toBeTruthy();
    expect(within(item).getByText(m.staffNoName)).toBeTruthy();
    expect(within(item).getByText(m.staffHoldReleased('20 de noviembre de 2026'))).toBeTruthy();
    expect(item.textContent).not.toContain('—');
  });

  it('says when nobody sponsored the child yet', () => {
    render(<ChildSponsors sponsorships={[]} />);
    expect(screen.getByText(m.staffNoSponsors)).toBeTruthy();
  });
});
