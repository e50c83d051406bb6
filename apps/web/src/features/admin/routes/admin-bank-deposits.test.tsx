// Staff side of bank deposits (docs/product.md#bank-deposits): the "Depósitos y transferencias por verificar" filter with the slip,
// its zoom dialog and warnings, and the "Conciliación bancaria" screen (preview, mapping, import, confirm).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDonation } from '@donaciones/shared/schemas/admin';
import type { StatementImport, StatementPreview } from '@donaciones/shared/schemas/bank-statements';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

const deposit: AdminDonation = {
  id: 41,
  donor_name: 'Ana Deposita',
  donor_email: 'ana@correo.gt', donor_anonymous: false,
  amount: 250,
  currency: 'GTQ',
  gtq_amount: null,
  donation_type: 'monetary',
  status: 'PENDING',
  created_at: '2026-11-20T15:00:00Z',
  dated_by_day: false,
  reference_code: '#MG00000041',
  payment_provider: null,
  manual_review: true,
  payment_method: 'bank_deposit',
  deposit: {
    attachment_id: 9,
    file_name: 'boleta.jpg',
    content_type: 'image/jpeg',
    has_preview: true,
    bank: 'Banrural',
    deposit_date: '2026-11-19',
    slip_number: '998877',
    declared_amount: 240,
    amount_differs: true,
    uploaded_at: '2026-11-20T16:00:00Z',
    duplicates: [{ donation_id: 40, reference_code: '#MG00000040', donor_name: 'Otro Donante' }],
  },
};

describe('Depósitos y transferencias por verificar', { timeout: 20_000 }, () => {
  it('asks for pending deposits and shows the slip beside the declared data, with its warnings', async () => {
    const lists: Record<string, unknown>[] = [];
    const files: string[] = [];
    const handler = (req: RecordedRequest) => {
      if (req.method === 'GET' && req.url === '/admin/donations') {
        lists.push((req.config.params ?? {}) as Record<string, unknown>);
        return { status: 200, data: { donations: [deposit], total: 1, limit: 20, offset: 0 } };
      }
      if (req.method === 'GET' && (req.url === '/attachments/9/preview' || req.url === '/attachments/9')) {
        files.push(req.url);
        return { status: 200, data: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) };
      }
      return undefined;
    };
    const { router } = renderApp('/admin/donations', { ...ADMIN, handler });
    const filter = await screen.findByRole('combobox', { name: 'Estado' }, { timeout: 20_000 });
    await userEvent.selectOptions(filter, 'Depósitos y transferencias por verificar');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ pendingDeposits: 'true' }));
    expect(lists.at(-1)?.status).toBeUndefined();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('DEPOSITS');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Boleta o referencia' })).toBeInTheDocument();
    expect(within(table).getByText('Banrural')).toBeInTheDocument();
    expect(within(table).getByText('19/11/2026')).toBeInTheDocument();
    expect(within(table).getByText('998877')).toBeInTheDocument();
    expect(within(table).getByText('El monto declarado (Q240.00) no es el de la donación (Q250.00).')).toBeInTheDocument();
    expect(within(table).getByText('Esta misma boleta (el mismo archivo) se subió también para:')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '#MG00000040' })).toHaveAttribute('href', '/admin/donations/40');

    // The preview opens the slip's own file at full size in a dialog, and Escape closes it.
    const zoom = await within(table).findByRole('button', { name: 'Ampliar la boleta de #MG00000041' });
    expect(files).toEqual(['/attachments/9/preview']);
    await userEvent.click(zoom);
    const dialog = await screen.findByRole('dialog', { name: 'Boleta de #MG00000041' });
    expect((await within(dialog).findByRole('img', { name: 'Boleta de #MG00000041 a tamaño completo' })).getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    expect(files).toContain('/attachments/9');
    expect(within(dialog).getByRole('button', { name: 'Girar 90°' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(zoom).toHaveFocus();
  });

  it('says a deposit the office entered awaits no slip from its donor: who entered it and the bank reference', async () => {
    const office: AdminDonation = { ...deposit, id: 44, reference_code: '#MG00000044', deposit: null, dated_by_day: true, office_entry: { entered_by: 'Rosa Finanzas', reference: 'BI-4455667' } };
    const online: AdminDonation = { ...deposit, id: 45, reference_code: '#MG00000045', deposit: null, office_entry: null };
    const handler = (req: RecordedRequest) =>
      req.method === 'GET' && req.url === '/admin/donations' ? { status: 200, data: { donations: [office, online], total: 2, limit: 20, offset: 0 } } : undefined;
    renderApp('/admin/donations?status=DEPOSITS', { ...ADMIN, handler });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    const [officeRow, onlineRow] = within(table).getAllByRole('row').slice(1);
    expect(within(officeRow).getByText('Registrado en oficina por Rosa Finanzas.')).toBeInTheDocument();
    expect(within(officeRow).getByText('BI-4455667')).toBeInTheDocument();
    expect(within(officeRow).queryByText('El donante aún no subió la boleta.')).not.toBeInTheDocument();
    expect(within(onlineRow).getByText('El donante aún no subió la boleta.')).toBeInTheDocument();
  });

  it('lists a transfer the office entered by its transfer reference, not as a deposit awaiting a slip', async () => {
    const transfer: AdminDonation = {
      ...deposit, id: 46, reference_code: '#MG00000046', payment_method: 'bank_transfer', deposit: null, dated_by_day: true, office_entry: { entered_by: 'Rosa Finanzas', reference: 'TRF-5512' },
    };
    const office: AdminDonation = { ...deposit, id: 47, reference_code: '#MG00000047', deposit: null, office_entry: { entered_by: 'Rosa Finanzas', reference: 'BI-4455667' } };
    const handler = (req: RecordedRequest) =>
      req.method === 'GET' && req.url === '/admin/donations' ? { status: 200, data: { donations: [transfer, office], total: 2, limit: 20, offset: 0 } } : undefined;
    renderApp('/admin/donations?status=DEPOSITS', { ...ADMIN, handler });
    const table = await screen.findByRole('table', {}, { timeout: 20_000 });
    const [transferRow, depositRow] = within(table).getAllByRole('row').slice(1);
    expect(within(transferRow).getByText('Registrado en oficina por Rosa Finanzas.')).toBeInTheDocument();
    expect(within(transferRow).getByText('Referencia de la transferencia')).toBeInTheDocument();
    expect(within(transferRow).getByText('TRF-5512')).toBeInTheDocument();
    expect(within(transferRow).getByText(/Es una transferencia, sin boleta: búscala por su referencia/)).toBeInTheDocument();
    expect(within(transferRow).queryByText('Referencia del banco')).not.toBeInTheDocument();
    expect(within(depositRow).getByText('Referencia del banco')).toBeInTheDocument();
  });
});

const preview: StatementPreview = {
  bank: 'Banco Industrial',
  delimiter: ';',
  headers: ['Fecha', 'Descripción', 'No. Documento', 'Débito', 'Crédito'],
  header_line: 1,
  rows: [['03/03/2026', 'DEPOSITO EFECTIVO', '000123', '', '1.250,00']],
  data_lines: 1,
  saved_mapping: null,
  suggested_mapping: { date: 'Fecha', description: 'Descripción', credit: 'Crédito' },
};

const candidate = {
  donation_id: 41,
  reference_code: '#MG00000041',
  donor_name: 'Ana Deposita',
  amount: 1250,
  currency: 'GTQ',
  created_at: '2026-03-01T15:00:00Z',
  dated_by_day: false,
  declared_date: '2026-03-02',
  slip_number: null,
  payment_method: 'bank_deposit' as const,
  donor_has_email: true,
  dated_in_closed_month: false,
  kind: 'match' as const,
  reference_found: false,
  day_distance: 1,
};

/** The counts the API gives with the lines of an import (all on one page here). */
function counted(body: Omit<StatementImport, 'counts' | 'page_size'>): StatementImport {
  const of = (state: string) => body.lines.filter((l) => l.state === state).length;
  return {
    ...body,
    page_size: 50,
    counts: { proposed: of('proposed'), near_miss: of('near_miss'), unmatched: of('unmatched'), confirmed: of('confirmed'), unmatched_deposits: body.unmatched_deposits.length },
  };
}

const importedFile: StatementImport = counted({
  id: 5,
  bank: 'Banco Industrial',
  file_name: 'marzo.csv',
  created_at: '2026-03-05T15:00:00Z',
  credit_lines: 2,
  skipped_lines: 0,
  repeated_lines: 0,
  lines: [
    { id: 11, line_number: 2, posted_on: '2026-03-03', description: 'DEPOSITO EFECTIVO', reference: '000123', amount: 1250, state: 'proposed', confirmed_donation: null, candidates: [candidate], short_transfer: null },
    {
      id: 12,
      line_number: 3,
      posted_on: '2026-03-20',
      description: 'DEPOSITO AGENCIA',
      reference: null,
      amount: 333,
      state: 'near_miss',
      confirmed_donation: null,
      candidates: [{ ...candidate, donation_id: 42, reference_code: '#MG00000042', amount: 333, kind: 'outside_window', day_distance: 9, slip_number: '000777' }],
      short_transfer: null,
    },
    {
      id: 13,
      line_number: 4,
      posted_on: '2026-03-21',
      description: 'TRANSFERENCIA TM004512',
      reference: null,
      amount: 321.09,
      state: 'unmatched',
      confirmed_donation: null,
      candidates: [],
      // A sponsorship's first transfer short of its monthly amount: the line says why it is here.
      short_transfer: { reference: 'TM004512', monthly_amount: 500 },
    },
  ],
  // Entered by the office for the day it arrived: its created_at is that day's start in Guatemala.
  // A transfer the office entered, with the reference staff typed.
  unmatched_deposits: [
    { ...candidate, donation_id: 43, reference_code: '#MG00000043', amount: 99, created_at: '2026-03-02T06:00:00Z', declared_date: null, dated_by_day: true, slip_number: 'TRF-5512', payment_method: 'bank_transfer' },
  ],
});

describe('Conciliación bancaria', { timeout: 20_000 }, () => {
  function api(options: { importError?: string; proposed?: Partial<StatementImport['lines'][number]['candidates'][number]> } = {}) {
    const posts: RecordedRequest[] = [];
    let current: StatementImport | null = null;
    // The proposed line's candidate as the test needs it (an office transfer without an email).
    const imported = options.proposed
      ? counted({ ...importedFile, lines: [{ ...importedFile.lines[0], candidates: [{ ...candidate, ...options.proposed }] }, ...importedFile.lines.slice(1)] })
      : importedFile;
    const handler = (req: RecordedRequest) => {
      if (req.method === 'GET' && req.url === '/admin/bank-statements') {
        return { status: 200, data: { imports: current ? [{ id: 5, bank: current.bank, file_name: current.file_name, created_at: current.created_at, credit_lines: 2, confirmed_lines: 0 }] : [], banks: [] } };
      }
      if (req.method === 'POST' && req.url === '/admin/bank-statements/preview') {
        posts.push(req);
        return { status: 200, data: preview };
      }
      if (req.method === 'POST' && req.url === '/admin/bank-statements') {
        posts.push(req);
        if (options.importError) return { status: 400, data: { detail: options.importError } };
        current = imported;
        return { status: 201, data: imported };
      }
      if (req.method === 'GET' && req.url === '/admin/bank-statements/5') return { status: 200, data: current };
      if (req.method === 'POST' && req.url === '/admin/bank-statements/5/lines/11/confirm') {
        posts.push(req);
        current = counted({
          ...imported,
          lines: [{ ...imported.lines[0], state: 'confirmed', candidates: [], confirmed_donation: { id: 41, reference_code: '#MG00000041', donor_name: 'Ana Deposita' } }, imported.lines[1]],
        });
        return { status: 200, data: current };
      }
      if (req.method === 'POST' && req.url === '/admin/bank-statements/5/lines/13/donation') {
        posts.push(req);
        current = counted({
          ...imported,
          lines: [...imported.lines.slice(0, 2), { ...imported.lines[2], state: 'confirmed', confirmed_donation: { id: 77, reference_code: '#MG00000077', donor_name: 'Marta Xol' } }],
        });
        return { status: 201, data: current };
      }
      return undefined;
    };
    return { handler, posts };
  }

  async function readFile() {
    await userEvent.type(await screen.findByRole('combobox', { name: /^Banco/ }, { timeout: 20_000 }), 'Banco Industrial');
    const file = new File(['Fecha;Descripción;No. Documento;Débito;Crédito\n03/03/2026;DEPOSITO EFECTIVO;000123;;1.250,00\n'], 'marzo.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText(/Archivo de movimientos/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Leer archivo' }));
  }

  it('asks for the bank and the file first, in Spanish', async () => {
    const { handler, posts } = api();
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await userEvent.click(await screen.findByRole('button', { name: 'Leer archivo' }, { timeout: 20_000 }));
    expect(await screen.findByText('Escribe el nombre del banco')).toBeInTheDocument();
    expect(screen.getByText('Elige el archivo de movimientos (CSV)')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('previews the file, takes the columns, imports and confirms a proposed match after asking', async () => {
    const { handler, posts } = api();
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await readFile();
    const previewTable = await screen.findByRole('table', { name: 'Primeras 1 filas del archivo' });
    expect(within(previewTable).getByText('DEPOSITO EFECTIVO')).toBeInTheDocument();
    expect(posts[0].data).toMatchObject({ bank: 'Banco Industrial', file_name: 'marzo.csv' });
    expect(atob((posts[0].data as { content_base64: string }).content_base64)).toContain('03/03/2026;DEPOSITO EFECTIVO');

    expect(screen.getByRole('combobox', { name: /^Fecha/ })).toHaveValue('Fecha');
    expect(screen.getByRole('combobox', { name: /^Crédito/ })).toHaveValue('Crédito');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Referencia/ }), 'No. Documento');
    await userEvent.click(screen.getByRole('button', { name: 'Importar y buscar coincidencias' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1].data).toMatchObject({
      bank: 'Banco Industrial',
      mapping: { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: null },
    });

    expect(await screen.findByRole('heading', { name: 'Coincidencias propuestas (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Casi coinciden (revísalas a mano) (1)' })).toBeInTheDocument();
    expect(screen.getByText('Mismo monto, fecha lejana')).toBeInTheDocument();
    // A near-miss has no confirm button.
    expect(screen.getAllByRole('button', { name: /^Confirmar la línea/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '#MG00000043' })).toBeInTheDocument();
    // A deposit the office entered is known by its day: no '12:00 a. m.' after it.
    expect(screen.getByText('Donación del 02/03/2026 · Referencia de la transferencia TRF-5512')).toBeInTheDocument();
    // A deposit's number is its slip's.
    expect(screen.getByText(/No\. de boleta 000777/)).toBeInTheDocument();

    // "Confirmar" asks first, naming the donor, the amount and the line; cancelling sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar la línea 2 con #MG00000041' }));
    const ask = await screen.findByRole('alertdialog', { name: '¿Confirmar este depósito?' });
    expect(ask).toHaveAccessibleDescription(/Se aprobará la donación #MG00000041 de .+ por Q1,250\.00 con la línea 2 del estado de cuenta/);
    expect(ask.textContent).not.toContain('mes ya cerrado');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar la línea 2 con #MG00000041' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, confirmar y avisar' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2].data).toEqual({ donation_id: 41 });
    expect(await screen.findByRole('heading', { name: 'Confirmados (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Coincidencias propuestas (0)' })).toBeInTheDocument();
  });

  it('Confirmar of a transfer the office entered without the donor\'s email names it a transfer and promises no email; dated in a closed month, it says it takes today\'s date', async () => {
    const { handler, posts } = api({ proposed: { payment_method: 'bank_transfer', donor_has_email: false, dated_in_closed_month: true } });
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await readFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Importar y buscar coincidencias' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar la línea 2 con #MG00000041' }));
    const ask = await screen.findByRole('alertdialog', { name: '¿Confirmar esta transferencia?' });
    expect(ask).toHaveAccessibleDescription(/con la línea 2 del estado de cuenta \(03\/03\/2026\)\. No tiene correo: no se le envía nada\. No se puede deshacer desde aquí\.$/);
    expect(ask.textContent).not.toMatch(/correo al donante|avisar/);
    expect(ask.textContent).toContain('Su fecha es de un mes ya cerrado: al aprobarla quedará con la fecha de hoy, en el mes abierto');
    await userEvent.click(within(ask).getByRole('button', { name: 'Sí, confirmar' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(await screen.findByText('Transferencia #MG00000041 confirmada. No tiene correo: avísale al donante por otro medio y entrégale el recibo impreso.')).toBeInTheDocument();
  });

  it('records an unmatched credit as a donation with the donor staff type', async () => {
    const { handler, posts } = api();
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await readFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Importar y buscar coincidencias' }));
    expect(
      await screen.findByText(
        'Trae la referencia TM004512 de un apadrinamiento que espera su primera transferencia de Q500.00. Como es menor, no lo inició: regístrala como donación o espera la transferencia completa.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Registrar la línea 4 como donación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar este depósito como donación' });
    expect(dialog).toHaveAccessibleDescription(/Q321\.09 .*\(línea 4\)/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar donación' }));
    expect(await within(dialog).findByText('Escribe el nombre de quien depositó')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText(/^Nombre de quien depositó/), 'Marta Xol');
    await userEvent.type(within(dialog).getByLabelText(/^Correo de quien depositó/), 'marta@correo.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Registrar donación' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2].data).toEqual({ donor_name: 'Marta Xol', donor_email: 'marta@correo.com', donor_nit: '' });
    expect(await screen.findByRole('heading', { name: 'Confirmados (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a long import a page at a time, asking the API for the next page of one section', async () => {
    const line = (n: number) => ({ ...importedFile.lines[2], id: 100 + n, line_number: n, description: `DEPOSITO ${n}` });
    const all = Array.from({ length: 60 }, (_, i) => line(i + 2));
    const first = { ...counted({ ...importedFile, lines: all, unmatched_deposits: [] }), lines: all.slice(0, 50) };
    const asked: unknown[] = [];
    const handler = (req: RecordedRequest) => {
      if (req.method === 'GET' && req.url === '/admin/bank-statements') return { status: 200, data: { imports: [], banks: [] } };
      if (req.method === 'POST' && req.url === '/admin/bank-statements/preview') return { status: 200, data: preview };
      if (req.method === 'POST' && req.url === '/admin/bank-statements') return { status: 201, data: first };
      if (req.method === 'GET' && req.url === '/admin/bank-statements/5') {
        asked.push(req.config.params);
        return { status: 200, data: req.config.params ? { ...first, lines: all.slice(50) } : first };
      }
      return undefined;
    };
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await readFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Importar y buscar coincidencias' }));
    expect(await screen.findByRole('heading', { name: 'Movimientos sin coincidencia (60)' })).toBeInTheDocument();
    expect(screen.getByText('DEPOSITO 51')).toBeInTheDocument();
    expect(screen.queryByText('DEPOSITO 52')).not.toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Páginas de Movimientos sin coincidencia' });
    expect(within(pager).getByText('Mostrando 1–50 de 60')).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('DEPOSITO 52')).toBeInTheDocument();
    expect(screen.queryByText('DEPOSITO 51')).not.toBeInTheDocument();
    expect(within(pager).getByText('Mostrando 51–60 de 60')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    expect(asked).toContainEqual({ section: 'unmatched', page: 2 });
    // The sections that fit in one page have no pager.
    expect(screen.getAllByRole('navigation', { name: /^Páginas de/ })).toHaveLength(1);
  });

  it('shows the API’s refusal of a bad file with its line number', async () => {
    const { handler } = api({ importError: 'Línea 3: no entendemos la fecha «32/03/2026». Usa el formato dd/mm/aaaa.' });
    renderApp('/admin/bank-statements', { ...ADMIN, handler });
    await readFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Importar y buscar coincidencias' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Línea 3: no entendemos la fecha «32/03/2026». Usa el formato dd/mm/aaaa.');
  });
});
