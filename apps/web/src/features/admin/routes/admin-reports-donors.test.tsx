// "Principales donantes" shows a donor's email only when the API sends it (staff with donors.read); for
// COMMUNICATIONS it sends the name alone, and the list draws no empty place for an email
// (docs/product.md#reports-and-exports).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminMessages } from '@donaciones/shared/messages/admin';
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
    render(['ADMIN'], [{ name: 'Rosa Ajú Tzoc', email: 'rosa.aju@correo.gt', total_donated: 500, donations_count: 1 }]);
    const [item] = await donorItems();
    expect(item.textContent).toContain('rosa.aju@correo.gt');
  });

  it('shows COMMUNICATIONS the names without an empty email line', async () => {
    render(['COMMUNICATIONS'], [
      { name: 'Rosa Ajú Tzoc', total_donated: 500, donations_count: 1 },
      { name: 'Pedro Xol', total_donated: 200, donations_count: 2 },
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
