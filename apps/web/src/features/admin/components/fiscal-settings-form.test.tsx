// The fiscal identity form (docs/product.md#receipts, #validation-rules): Spanish messages for a NIT
// with a wrong check digit, a bad series or date, a signature that is not PNG/JPEG or too large,
// the server's refusal on its field, and a save with the signature read as base64.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_FISCAL_SETTINGS } from '@donaciones/shared/schemas/fiscal';
import { parseNit } from '@donaciones/shared/tax-id';
import { api } from '@/lib/api-client';
import { type FakeAnswer, type RecordedRequest, fakeAdapter } from '@/test/http';
import { FiscalSettingsForm } from './fiscal-settings-form';

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function setup(answer: (req: RecordedRequest) => FakeAnswer = (req) => ({ status: 200, data: req.data })) {
  const { adapter, requests } = fakeAdapter(answer);
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FiscalSettingsForm values={DEFAULT_FISCAL_SETTINGS} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ applyAccept: false }), puts: () => requests.filter((r) => r.method === 'PUT') };
}

const save = () => screen.getByRole('button', { name: 'Guardar datos fiscales' });

describe('FiscalSettingsForm', () => {
  it('shows as the NIT field\'s example a NIT that passes its own check', () => {
    setup();
    const example = screen.getByLabelText(/NIT/).getAttribute('placeholder') ?? '';
    expect(example).not.toBe('');
    expect(parseNit(example).ok).toBe(true);
  });

  it('refuses a NIT with a wrong check digit, a bad series and a bad date, with Spanish messages, and sends nothing', async () => {
    const { user, puts } = setup();
    const nit = screen.getByLabelText(/NIT de la organización/);
    await user.clear(nit);
    await user.type(nit, '8977112-0');
    const series = screen.getByLabelText(/Serie de los recibos/);
    await user.clear(series);
    await user.type(series, 'A B');
    const date = screen.getByLabelText(/Fecha de la constancia anual/);
    await user.clear(date);
    await user.type(date, '02-30');
    await user.clear(screen.getByLabelText(/Nombre de quien firma/));
    await user.click(save());
    expect(await screen.findByText('El NIT no es válido: revisa el dígito verificador')).toBeTruthy();
    expect(screen.getByText('La serie lleva de 1 a 10 letras o números, sin espacios')).toBeTruthy();
    expect(screen.getByText('Escribe la fecha como MM-DD, por ejemplo 01-15 (15 de enero)')).toBeTruthy();
    expect(screen.getByText('El nombre de quien firma es requerido')).toBeTruthy();
    expect(nit).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it('refuses a signature that is not PNG or JPEG, or larger than 100 KB, before sending', async () => {
    const { user, puts } = setup();
    const input = screen.getByLabelText(/Firma escaneada/);
    await user.upload(input, new File(['<svg/>'], 'firma.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('La firma debe ser una imagen PNG o JPEG')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(101 * 1024)], 'firma.png', { type: 'image/png' }));
    expect(await screen.findByText('La firma no puede pesar más de 100 KB')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('saves the settings with the signature in base64, and shows it', async () => {
    const { user, puts } = setup();
    const nit = screen.getByLabelText(/NIT de la organización/);
    await user.clear(nit);
    await user.type(nit, '39525503');
    await user.upload(screen.getByLabelText(/Firma escaneada/), new File([PNG_BYTES], 'firma.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Firma actual' })).toBeTruthy();
    await user.click(save());
    await waitFor(() => expect(puts()).toHaveLength(1));
    const sent = puts()[0];
    expect(sent.url).toBe('/admin/settings/fiscal');
    expect(sent.data).toMatchObject({
      nit: '3952550-3',
      signatureImage: { contentType: 'image/png', base64: btoa(String.fromCharCode(...PNG_BYTES)) },
      annualStatementDate: '01-15',
    });
    expect(await screen.findByText('Datos fiscales guardados')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Quitar la firma' }));
    expect(screen.queryByRole('img', { name: 'Firma actual' })).toBeNull();
  });

  it("shows the server's refusal of the signature's bytes on its field", async () => {
    const refusal = 'El archivo de la firma no es una imagen PNG o JPEG válida';
    const { user } = setup(() => ({ status: 400, data: { detail: refusal, errors: { signatureImage: refusal } } }));
    await user.upload(screen.getByLabelText(/Firma escaneada/), new File([PNG_BYTES], 'firma.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Firma actual' });
    await user.click(save());
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('No pudimos guardar los datos fiscales; revisa los campos marcados')).toBeTruthy();
  });
});
