// Contabilidad's movements as the office reads them: the day as dd/mm/aaaa in Guatemala and the receipt
// with its series, as on every other screen (the export keeps its own machine-readable columns). A period
// the API refuses is refused at its dates with the API's message (never "No pudimos cargar… Reintentar"),
// and "Cerrar el mes" asks first and closes once.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CloseCheck, Register } from '@donaciones/shared/schemas/accounting';
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
    const table = await screen.findByRole('table', { name: 'Movimientos' }, { timeout: 20_000 });
    expect(within(table).getByText('01/11/2026')).toBeInTheDocument();
    expect(within(table).getByText('A-000041')).toBeInTheDocument();
    expect(within(table).queryByText('2026-11-01')).toBeNull();
  });
});

describe('Contabilidad, the totals', { timeout: 20_000 }, () => {
  it('stand each under its own title, headed by what it groups (not three tables all headed "Movimiento")', async () => {
    const total = (key: string, label: string) => ({ key, label, count: 1, gross_cents: 15_000, fee_cents: 0, vat_cents: 0, net_cents: 15_000 });
    const withTotals: Register = {
      ...register,
      totals: { by_currency: [total('GTQ', 'GTQ')], by_method: [total('cash', 'Efectivo')], by_program: [total('Becas', 'Becas')] },
    };
    renderApp('/admin/contabilidad', {
      user: { roles: ['FINANCE'] },
      handler: (req: RecordedRequest) => (req.url === '/admin/register' ? { status: 200, data: withTotals } : undefined),
    });
    for (const [title, first] of [['Por moneda', 'Moneda'], ['Por método (Q)', 'Método'], ['Por destino (Q)', 'Destino']]) {
      expect(await screen.findByRole('heading', { level: 2, name: title }, { timeout: 20_000 })).toBeInTheDocument();
      const table = screen.getByRole('table', { name: title });
      expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(first);
      // Each total says how many movements it adds up, in words an accountant reads (it said 'N').
      expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('Cantidad');
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Movimientos' })).toBeInTheDocument();
  });
});

describe('Contabilidad, the period', { timeout: 20_000 }, () => {
  function registerApi(answer: (req: RecordedRequest) => { status: number; data: unknown } = () => ({ status: 200, data: register })) {
    const asked: RecordedRequest[] = [];
    renderApp('/admin/contabilidad', {
      user: { roles: ['FINANCE'] },
      handler: (req: RecordedRequest) => {
        if (req.url !== '/admin/register') return undefined;
        asked.push(req);
        return answer(req);
      },
    });
    return asked;
  }
  const setDates = (from: string, to: string) => {
    fireEvent.input(screen.getByLabelText('Desde'), { target: { value: from } });
    fireEvent.input(screen.getByLabelText('Hasta'), { target: { value: to } });
  };

  it('refuses at the dates a "Desde" after "Hasta", and a period over 366 days, with the API\'s messages and without asking', async () => {
    const asked = registerApi();
    await screen.findByRole('table', { name: 'Movimientos' }, { timeout: 20_000 });
    const before = asked.length;
    setDates('2026-11-20', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Ver periodo' }));
    expect(await screen.findByText('La fecha final debe ser igual o posterior a la inicial.')).toBeInTheDocument();
    setDates('2025-01-01', '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Ver periodo' }));
    expect(await screen.findByText('El periodo no puede ser mayor de 366 días.')).toBeInTheDocument();
    expect(screen.getByLabelText('Hasta')).toHaveAttribute('aria-invalid', 'true');
    expect(asked.length).toBe(before);
    expect(screen.queryByText(/No pudimos cargar el registro contable/)).toBeNull();

    setDates('2026-11-01', '2026-11-15');
    await userEvent.click(screen.getByRole('button', { name: 'Ver periodo' }));
    await waitFor(() => expect(asked.at(-1)?.config.params).toMatchObject({ from: '2026-11-01', to: '2026-11-15' }));
    expect(screen.queryByText('El periodo no puede ser mayor de 366 días.')).toBeNull();
  });

  it("shows the API's 400 message at the dates, not a load error with a Reintentar that fails again", async () => {
    const detail = 'El periodo no puede ser mayor de 366 días.';
    registerApi(() => ({ status: 400, data: { detail, errors: { to: detail } } }));
    expect(await screen.findByText(detail, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(/No pudimos cargar el registro contable/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Reintentar/ })).toBeNull();
  });
});

describe('Contabilidad, closing a month', { timeout: 20_000 }, () => {
  it('asks first, saying what closing means; Cancelar closes nothing; a double click closes once; the closing time reads without a double period', async () => {
    const check: CloseCheck = { month: '2026-10', received_cents: 0, received_count: 0, certified_cents: 0, certified_count: 0, imported_cents: 0, imported_count: 0, ties: true, mismatches: [], closed: null };
    const posts: RecordedRequest[] = [];
    renderApp('/admin/contabilidad', {
      user: { roles: ['FINANCE'] },
      handler: (req: RecordedRequest) => {
        if (req.url === '/admin/register') return { status: 200, data: register };
        if (req.method === 'GET' && req.url === '/admin/close/2026-10') return { status: 200, data: check };
        if (req.method === 'POST' && req.url === '/admin/close/2026-10') {
          posts.push(req);
          // 22:24 in Guatemala on 27 November.
          return { status: 200, data: { ...check, closed: { at: '2026-11-28T04:24:00Z', by: 1 } } };
        }
        return undefined;
      },
    });
    fireEvent.input(await screen.findByLabelText('Mes', {}, { timeout: 20_000 }), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Revisar el mes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar el mes' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Cerrar el mes de octubre de 2026?' });
    expect(dialog.textContent).toContain('no se podrá registrar, corregir, reembolsar ni anular nada con fecha hasta el fin de octubre de 2026');
    expect(dialog.textContent).toContain('no se puede deshacer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar el mes' }));
    dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Cerrar el mes' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const closed = await screen.findByText(/^Mes cerrado el /);
    expect(closed.textContent).toBe('Mes cerrado el 27/11/2026, 10:24 p. m.');
    expect(posts).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Contabilidad, reviewing a month', { timeout: 20_000 }, () => {
  function reviewOctober(check: CloseCheck) {
    renderApp('/admin/contabilidad', {
      user: { roles: ['FINANCE'] },
      handler: (req: RecordedRequest) => {
        if (req.url === '/admin/register') return { status: 200, data: register };
        if (req.method === 'GET' && req.url === '/admin/close/2026-10') return { status: 200, data: check };
        return undefined;
      },
    });
  }
  const pendingCash = {
    kind: 'office_gift_pending' as const, donation_id: 84, reference: '#MG88819081', donor: 'Juan Octubre', date: '2026-10-15',
    amount_cents: 150_000, currency: 'GTQ', receipt: null,
  };

  it('with equal sums and only gifts still to see to, does not say the receipts and the money differ; each item is dated dd/mm/aaaa', async () => {
    reviewOctober({
      month: '2026-10', received_cents: 831_500, received_count: 27, certified_cents: 831_500, certified_count: 27, imported_cents: 0, imported_count: 0, ties: false,
      mismatches: [pendingCash], closed: null,
    });
    fireEvent.input(await screen.findByLabelText('Mes', {}, { timeout: 20_000 }), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Revisar el mes' }));
    const status = await screen.findByText(/suman lo mismo/);
    expect(status.textContent).toBe('El dinero recibido y los recibos certificados suman lo mismo, pero hay movimientos por revisar antes de cerrar el mes (abajo).');
    expect(screen.queryByText('Los recibos certificados no coinciden con el dinero recibido.')).toBeNull();
    const table = screen.getByRole('table', { name: 'Lo que no cuadra' });
    expect(within(table).getByText('15/10/2026')).toBeInTheDocument();
    expect(within(table).queryByText('2026-10-15')).toBeNull();
  });

  it('with different sums still says they do not tie', async () => {
    reviewOctober({
      month: '2026-10', received_cents: 981_500, received_count: 28, certified_cents: 831_500, certified_count: 27, imported_cents: 0, imported_count: 0, ties: false,
      mismatches: [{ ...pendingCash, kind: 'gift_without_receipt' as const, date: '2026-10-03' }], closed: null,
    });
    fireEvent.input(await screen.findByLabelText('Mes', {}, { timeout: 20_000 }), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Revisar el mes' }));
    expect(await screen.findByText('Los recibos certificados no coinciden con el dinero recibido.')).toBeInTheDocument();
    expect(screen.queryByText(/importadas? del registro anterior/)).toBeNull();
  });

  it("says apart the month's gifts imported from the earlier records, which the close leaves out", async () => {
    reviewOctober({
      month: '2026-10', received_cents: 831_500, received_count: 27, certified_cents: 831_500, certified_count: 27, imported_cents: 90_000, imported_count: 3, ties: true,
      mismatches: [], closed: null,
    });
    fireEvent.input(await screen.findByLabelText('Mes', {}, { timeout: 20_000 }), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('button', { name: 'Revisar el mes' }));
    expect(
      await screen.findByText(
        'Además, 3 donaciones importadas del registro anterior (Q900.00): están en el registro y en los reportes, pero no en este cierre, porque sus recibos se emitieron en el sistema anterior.',
      ),
    ).toBeInTheDocument();
  });
});
