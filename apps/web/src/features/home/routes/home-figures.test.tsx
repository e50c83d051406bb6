// The home figures say their period and use the shared formatters (docs/product.md#figures).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { homeMessages } from '@donaciones/shared/messages/home';
import { renderApp } from '@/test/render-app';
import { publicSite } from '@/test/public-site';

describe('home figures', () => {
  it('"Donado este mes" is money as everywhere, labelled with its period; programme progress is a shared percent', async () => {
    const site = {
      ...publicSite(),
      stats: { donated_this_month: 50_000, children_per_year: 500, schools_benefited: 3, scholarships: 0 },
      programs: [
        {
          id: 1,
          slug: 'alimentacion-escolar',
          name: 'Programa de alimentación',
          description: 'Refacciones',
          highlight_value: '3+',
          highlight_label: 'escuelas',
          coming_soon: false,
          goal_amount: 90_000,
          current_amount: 52_830,
          progress_percentage: 58.7,
        },
      ],
    };
    renderApp('/', { handler: (req) => (req.url === '/public/site' ? { status: 200, data: site } : undefined) });
    expect((await screen.findByTestId('stat-donated-this-month')).textContent).toBe('Q50,000.00');
    expect(screen.getByTestId('stat-donated-this-month-period').textContent).toBe(homeMessages.statDonatedThisMonthPeriod);
    expect(document.body.textContent).toContain('58.7%');
    expect(document.body.textContent).toContain('Q52,830.00');
  });
});
