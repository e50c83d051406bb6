// "Regalos de cumpleaños por entregar" (decision 0055): staff see each paid gift with the child, the
// birthday, the sponsor and the amount, and marking one delivered sends it and drops it from the list.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { birthdayGiftTexts as bt } from '@donaciones/shared/messages/birthday-gifts';
import type { StaffBirthdayGift } from '@donaciones/shared/schemas/sponsorship-amounts';
import { renderApp } from '@/test/render-app';

const GIFT: StaffBirthdayGift = {
  id: 5, donationId: 41, referenceCode: 'DON-REGALO1', amount: 150, currency: 'GTQ', donationStatus: 'completed', completedAt: '2026-11-20T16:00:00.000Z',
  childId: 3, childFirstName: 'Kevin', childFullName: 'Kevin Ajú Prueba', sponsorName: 'Marta Padrina', birthdayMonth: 12, birthdayYear: 2026, deliveredAt: null, deliveredBy: null, createdAt: '2026-11-20T15:00:00.000Z',
};

describe('the birthday gifts to deliver', () => {
  it('lists a paid gift and marks it delivered', async () => {
    let delivered = false;
    const { requests } = renderApp('/admin/apadrinamiento', {
      user: { roles: ['ADMIN'] },
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children') return { status: 200, data: { children: [] } };
        if (req.method === 'GET' && req.url.startsWith('/admin/sponsorship/birthday-gifts')) return { status: 200, data: { gifts: delivered ? [] : [GIFT] } };
        if (req.method === 'POST' && req.url === '/admin/sponsorship/birthday-gifts/5/delivered') {
          delivered = true;
          return { status: 200, data: { ...GIFT, deliveredAt: '2026-11-27T16:00:00.000Z', deliveredBy: 'Adela Admin' } };
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: bt.staffTitle })).toBeTruthy();
    expect((await screen.findAllByText('Kevin Ajú Prueba')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('diciembre 2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Marta Padrina').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: `${bt.markDelivered}: Kevin, DON-REGALO1` })[0]);
    expect(await screen.findByText(bt.staffEmpty)).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url === '/admin/sponsorship/birthday-gifts/5/delivered')).toBe(true));
    expect(requests.find((r) => r.method === 'GET' && r.url.startsWith('/admin/sponsorship/birthday-gifts'))?.config.params).toEqual({ state: 'to_deliver' });
  });
});
