// "Importar" (docs/product.md#imports): the file is read, its guessed columns are shown over the preview,
// a required column left empty is refused next to its field, the dry run lists refused lines with their
// reason, and "Importar" sends the same mapping with dry_run false.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportResult } from '@donaciones/shared/schemas/imports';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const FINANCE = { user: { roles: ['FINANCE'] } };
const preview: ImportPreview = {
  kind: 'gifts',
  headers: ['Nombre', 'Correo', 'Fecha', 'Monto'],
  rows: [['Ana', 'ana@correo.gt', '01/03/2024', '100']],
  data_lines: 2,
  suggested_mapping: { name: 'Nombre', email: 'Correo', date: 'Fecha' },
};
const result = (dry: boolean): ImportResult => ({
  dry_run: dry,
  import_id: dry ? null : 3,
  kind: 'gifts',
  counts: { created: 1, matched: 0, repeated: 0, refused: 1 },
  lines: [
    { line: 2, outcome: 'created', detail: 'Ana: Q100.00 del 01/03/2024', reason: null, transfer_reference: null },
    { line: 3, outcome: 'refused', detail: 'Beto', reason: 'Falta el monto.', transfer_reference: null },
  ],
});

function importApi() {
  const posts: RecordedRequest[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.method !== 'POST' || !req.url.startsWith('/admin/imports')) return undefined;
    posts.push(req);
    if (req.url === '/admin/imports/preview') return { status: 200, data: preview };
    if (req.url === '/admin/imports') return { status: 200, data: result((req.data as { dry_run: boolean }).dry_run) };
    return undefined;
  };
  return { handler, posts };
}

describe('admin import', { timeout: 20_000 }, () => {
  it('reads the file, asks for the missing column, lists the dry run and imports with the same mapping', async () => {
    const api = importApi();
    renderApp('/admin/donantes/importar', { ...FINANCE, handler: api.handler });
    await userEvent.selectOptions(await screen.findByLabelText(/Qué contiene el archivo/, {}, { timeout: 20_000 }), 'gifts');
    await userEvent.upload(screen.getByLabelText(/Archivo \(CSV o XLSX/), new File(['Nombre;Monto\nAna;100\n'], 'donaciones.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leer el archivo' }));
    expect(await screen.findByText('Primeras 1 de 2 filas del archivo')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Fecha/)).toHaveValue('Fecha');

    await userEvent.click(screen.getByRole('button', { name: 'Revisar sin guardar' }));
    expect(await screen.findByText('Elige la columna de este dato')).toBeInTheDocument();
    expect(api.posts.map((r) => r.url)).toEqual(['/admin/imports/preview']);

    await userEvent.selectOptions(screen.getByLabelText(/^Monto/), 'Monto');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar sin guardar' }));
    expect(await screen.findByText('1 se crea, 0 coinciden con donantes existentes, 0 ya importadas, 1 rechazada.')).toBeInTheDocument();
    const refused = screen.getByRole('table', { name: 'Líneas rechazadas' });
    expect(within(refused).getByText('Falta el monto.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByRole('heading', { name: 'Importación terminada' })).toBeInTheDocument();
    const sent = api.posts.at(-1)?.data as { dry_run: boolean; mapping: Record<string, string | null> };
    expect(sent.dry_run).toBe(false);
    expect(sent.mapping).toMatchObject({ name: 'Nombre', email: 'Correo', date: 'Fecha', amount: 'Monto' });
  });
});
