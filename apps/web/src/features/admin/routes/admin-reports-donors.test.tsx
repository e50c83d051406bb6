// "Principales donantes" shows a donor's email only when the API sends it (staff with donors.read); for
// COMMUNICATIONS it sends the name alone, and the list draws no empty place for an email
// (docs/product.md#reports-and-exports).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { analyticsAnswer } from '@/test/analytics';
import { renderApp } from '@/test/render-app';

const rep = adminMessages.reports;

function render(roles: string[], topDonors: Analytics['top_donors']) {
  const analytics = analyticsAnswer({ summary: {}, top_donors: topDonors });
  renderApp('/admin/reports', { user: { roles }, handler: (req) => (req.url === '/admin/analytics' ? { status: 200, data: analytics } : undefined) });
}

async function donorItems(): Promise<HTMLLIElement[]> {
  const name = await screen.findByText('Rosa Ajú Tzoc');
  return Array.from((name.closest('ol') as HTMLOListElement).querySelectorAll('li'));
}

describe('reports: top donors and their contact details', () => {
  it('shows each email to ADMIN', async () => {
    render(['ADMIN'], [{ name: 'Rosa Ajú Tzoc', email: 'rosa.aju@correo.gt', anonymous: false, total_donated: 500, donations_count: 1 }]);
    const [item] = await donorItems();
    expect(item.textContent).toContain('rosa.aju@correo.gt');
    expect(item.textContent).not.toContain(adminMessages.common.anonymousMark);
  });

  it('marks a donor who gave anonymously, whose name staff must not say in public', async () => {
    render(['FINANCE'], [
      { name: 'Rosa Ajú Tzoc', email: 'rosa.aju@correo.gt', anonymous: true, total_donated: 500, donations_count: 1 },
      { name: 'Pedro Xol', email: 'pedro.xol@correo.gt', anonymous: false, total_donated: 200, donations_count: 2 },
    ]);
    const [rosa, pedro] = await donorItems();
    expect(rosa.textContent).toContain(adminMessages.common.anonymousMark);
    expect(rosa.textContent).toContain(adminMessages.common.anonymousMarkHint);
    expect(pedro.textContent).not.toContain(adminMessages.common.anonymousMark);
  });

  it('draws no mark beside "Anónimo", the name COMMUNICATIONS is sent for such a donor', async () => {
    render(['COMMUNICATIONS'], [
      { name: 'Rosa Ajú Tzoc', anonymous: false, total_donated: 900, donations_count: 1 },
      { name: donateMessages.anonymousDonor, anonymous: true, total_donated: 500, donations_count: 1 },
    ]);
    const [, anonymous] = await donorItems();
    expect(anonymous.textContent).toContain(donateMessages.anonymousDonor);
    expect(anonymous.textContent).not.toContain(adminMessages.common.anonymousMark);
  });

  it('shows COMMUNICATIONS the names without an empty email line', async () => {
    render(['COMMUNICATIONS'], [
      { name: 'Rosa Ajú Tzoc', anonymous: false, total_donated: 500, donations_count: 1 },
      { name: 'Pedro Xol', anonymous: false, total_donated: 200, donations_count: 2 },
    ]);
    expect(await screen.findByText(rep.topDonors)).toBeTruthy();
    const items = await donorItems();
    expect(items).toHaveLength(2);
    expect(screen.getByText('Pedro Xol')).toBeTruthy();
    for (const item of items) {
      expect(item.textContent).not.toContain('@');
      // No span left without text where the email was.
      for (const span of item.querySelectorAll('span')) {
        if (span.getAttribute('role') !== 'img') expect(span.textContent?.trim()).not.toBe('');
      }
    }
  });
});
