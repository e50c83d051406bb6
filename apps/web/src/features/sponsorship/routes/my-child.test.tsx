// "Mi ahijado/a" as the sponsor lives it (docs/product.md#sponsorship): an account without DONOR whose
// first payment is on its way finds the page in its menu, which says the place is held until the
// payment is confirmed (the child as the public sees them); the sponsorships that ended are listed with
// the first name, the dates, how they ended and their letters, nothing more of the child (decision 0073).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import { renderApp } from '@/test/render-app';

const MARISOL = { id: 4, firstName: 'Marisol', age: 8, department: 'Sololá', programName: null, story: 'Le gusta leer.', photoUrl: null, monthlyAmount: 250 };
const HELD: MySponsorships = {
  sponsorships: [{ id: 9, status: 'held', child: MARISOL, monthlyAmount: 250, heldUntil: '2026-12-05T18:00:00.000Z', paymentMethod: 'transfer', transferReference: 'TM123456' }],
  past: [],
};
const PAST: MySponsorships = {
  sponsorships: [],
  past: [
    { id: 12, childFirstName: 'Kevin', startedAt: '2026-01-10T15:00:00.000Z', endedAt: '2026-11-20T15:00:00.000Z', endReason: 'child_left' },
    { id: 7, childFirstName: 'Lupita', startedAt: '2025-03-02T15:00:00.000Z', endedAt: '2025-12-01T15:00:00.000Z', endReason: 'sponsor_stopped' },
  ],
};

function renderMine(roles: string[], mine: MySponsorships, url = '/donor/ahijado') {
  return renderApp(url, {
    user: { roles },
    handler: (req) => {
      if (req.url === '/member/sponsorships') return { status: 200, data: mine };
      if (req.url === '/member/sponsorship-offers') return { status: 200, data: { offers: [] } };
      return undefined;
    },
  });
}

const menuLinks = async () => {
  const [nav] = await screen.findAllByRole('navigation', { name: 'Navegación del panel' }, { timeout: 20_000 });
  return within(nav).getAllByRole('link').map((a) => a.textContent);
};

describe('Mi ahijado/a', { timeout: 30_000 }, () => {
  it('a USER whose first transfer is on its way has the menu entry and reads that the place is held until it is confirmed', async () => {
    renderMine(['USER'], HELD);
    expect(await screen.findByText(t.heldByTransfer('Marisol', '5 de diciembre de 2026', 'TM123456'), {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(t.heldNext)).toBeTruthy();
    expect(screen.getByText(t.pendingPayment)).toBeTruthy();
    await expect.poll(menuLinks).toContain('Mi ahijado/a');
    // Holding a place does not make a sponsor: no birthday month, no letters yet.
    expect(screen.queryByText(/Cumple años/)).toBeNull();
    expect(screen.queryByRole('link', { name: t.writeLetters })).toBeNull();
  });

  it('a USER without any sponsorship has no menu entry', async () => {
    // The page opened by its address: once it shows the (empty) answer, the menu has read the same one.
    renderMine(['USER'], { sponsorships: [], past: [] });
    expect(await screen.findByText(t.myChildEmpty, {}, { timeout: 20_000 })).toBeTruthy();
    expect(await menuLinks()).toEqual(['Mi panel', 'Mis donaciones', 'Donaciones', 'Estadísticas', 'Donar', 'Perfil']);
  });

  it('lists the ended sponsorships with the first name, dates, how each ended and its letters', async () => {
    renderMine(['DONOR'], PAST);
    const card = (await screen.findByRole('heading', { name: t.pastTitle }, { timeout: 20_000 })).closest('section')!;
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Kevin', 'Lupita']);
    expect(within(items[0]).getByText('Del 10 de enero de 2026 al 20 de noviembre de 2026')).toBeTruthy();
    expect(within(items[0]).getByText(t.pastEndedChildLeft('Kevin'))).toBeTruthy();
    expect(within(items[1]).getByText(t.pastEndedSponsorStopped)).toBeTruthy();
    expect(within(items[0]).getByRole('link', { name: t.pastLetters('Kevin') }).getAttribute('href')).toBe('/donor/ahijado/12/cartas');
    expect(within(card).queryByRole('img')).toBeNull();
    // Nothing current: said as such, not as "never sponsored".
    expect(screen.getByText(t.myChildNoneNow)).toBeTruthy();
    expect(screen.queryByText(t.myChildEmpty)).toBeNull();
  });
});
