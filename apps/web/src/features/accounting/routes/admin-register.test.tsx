// Contabilidad's movements as the office reads them: the day as dd/mm/aaaa in Guatemala and the receipt
// with its series, as on every other screen (the export keeps its own machine-readable columns).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Register } from '@donaciones/shared/schemas/accounting';
import type { RecordedRequest } from '@/test/http';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

const register: Register = {
  from: '2026-11-01',
  to: '2026-11-28',
  movements: [
    {
      // 02:30 UTC on the 2nd is still the 1st in Guatemala.
      at: '2026-11-02T02:30:00Z', kind: 'gift', donation_id: 41, reference: '#MG00000041', donor: 'Rosa Tzul', nit: 'CF', method: 'cash',
      currency: 'GTQ', gross_cents: 15_000, fee_cents: 0, vat_cents: 0, net_cents: 15_000, gtq_net_cents: 15_000, designation: 'Becas',
      receipt_series: 'A', receipt_number: 41, fel_uuid: null,
    },
  ],
  count: 1,
  totals: { by_currency: [], by_method: [], by_program: [] },
};

describe('Contabilidad, movements', { timeout: 20_000 }, () => {
  it('show the day as dd/mm/aaaa in Guatemala and the receipt with its series', async () => {
    renderApp('/admin/contabilidad', {
      user: { roles: ['FINANCE'] },
      handler: (req: RecordedRequest) => (req.url === '/admin/register' ? { status: 200, data: register } : undefined),
    });
    const table = await screen.findByRole('table', { name: 'Movimientos' }, { timeout: 6000 });
    expect(within(table).getByText('01/11/2026')).toBeInTheDocument();
    expect(within(table).getByText('A-000041')).toBeInTheDocument();
    expect(within(table).queryByText('2026-11-01')).toBeNull();
  });
});
