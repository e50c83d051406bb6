// A donor's page in the admin console (docs/product.md#donors): every section the API returns, "Editar"
// only with donors.manage, the shared schema's Spanish message and the API's on their fields.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DonorPage } from '@donaciones/shared/schemas/donors';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const page: DonorPage = {
  donor: {
    id: 12, kind: 'company', name: 'Café Atitlán S.A.', contactPerson: 'Rosa Tzul', taxId: '576937K', taxIdKind: 'nit',
    email: 'compras@cafe.gt', phone: '+502 5555 1234', emails: ['compras@cafe.gt'], phones: ['+502 5555 1234'], address: 'Panajachel, Sololá',
    tags: ['empresa-aliada'], giftCount: 2, lifetimeCents: 150_000, firstGiftAt: '2025-03-01T15:00:00Z', lastGiftAt: '2026-10-03T15:00:00Z',
    consentEmail: true, consentEmailAt: '2025-03-01T15:00:00Z', consentEmailSource: 'checkout', consentWhatsapp: false, consentWhatsappAt: null,
    consentWhatsappSource: null, notes: 'Prefiere factura a fin de mes.', userId: null, mergedIntoId: null, createdAt: '2025-03-01T15:00:00Z',
  },
  receiptEmailsOff: false,
  years: [{ year: 2026, totalCents: 100_000, count: 1 }, { year: 2025, totalCents: 50_000, count: 1 }],
  gifts: [
    { id: 301, referenceCode: '#DN00000301', status: 'completed', amountCents: 100_000, currency: 'GTQ', donationType: 'monetary', paymentProvider: null, programName: 'Becas', receiptNumber: 41, receiptSeries: 'A', recurringGiftId: null, createdAt: '2026-10-03T15:00:00Z', datedByDay: false },
    // Entered by the office for 1 March 2025: dated at that day's start in Guatemala, its hour unknown.
    { id: 302, referenceCode: '#DN00000302', status: 'completed', amountCents: 50_000, currency: 'GTQ', donationType: 'monetary', paymentProvider: null, programName: null, receiptNumber: null, receiptSeries: null, recurringGiftId: null, createdAt: '2025-03-01T06:00:00Z', datedByDay: true },
  ],
  monthlyGifts: [{ id: 7, status: 'active', amountCents: 15_000, currency: 'GTQ', transferReference: null, overdue: false }],
  receipts: [{ id: 5, series: 'A', number: 41, issuedAt: '2026-10-03T15:00:00Z', voided: false }],
  deposits: [],
  timeline: [{ at: '2026-10-03T15:00:00Z', kind: 'email', text: 'Recibo enviado' }],
  merges: [],
};

function donorApi(putAnswer?: (req: RecordedRequest) => { status: number; data: unknown }) {
  const puts: RecordedRequest[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.method === 'GET' && req.url === '/admin/donors/12') return { status: 200, data: page };
    if (req.method === 'PUT' && req.url === '/admin/donors/12') {
      puts.push(req);
      return putAnswer ? putAnswer(req) : { status: 200, data: { ...page.donor, ...(req.data as object) } };
    }
    return undefined;
  };
  return { handler, puts };
}

describe('admin donor page', { timeout: 20_000 }, () => {
  it('shows contact, NIT, consent with date and source, notes, tags, totals, gifts, monthly gifts, receipts and the timeline', async () => {
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler: donorApi().handler });
    expect(await screen.findByRole('heading', { level: 1, name: 'Café Atitlán S.A.' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Rosa Tzul')).toBeInTheDocument();
    // As people write them: the NIT with its hyphen and kind, the receipt with its series, the same in both tables.
    expect(screen.getByTestId('donor-tax-id')).toHaveTextContent('576937-K · NIT');
    expect(screen.getByText(/^Desde el .*2025 · Formulario de donación$/)).toBeInTheDocument();
    expect(screen.getByText('Prefiere factura a fin de mes.')).toBeInTheDocument();
    expect(screen.getByTestId('lifetime')).toHaveTextContent('Q1,500.00');
    expect(within(screen.getByRole('table', { name: 'Total por año' })).getByText('2025')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Donaciones de este donante' })).getByText('#DN00000301')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Donaciones de este donante' })).getByText('A-000041')).toBeInTheDocument();
    // A gift given online shows its hour; one the office entered for an earlier day, its day alone.
    expect(within(screen.getByRole('table', { name: 'Donaciones de este donante' })).getByText('03/10/2026, 09:00 a. m.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Donaciones de este donante' })).getByText('01/03/2025')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Donaciones mensuales de este donante' })).getByText('Activa')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Recibos de este donante' })).getByText('A-000041')).toBeInTheDocument();
    expect(screen.getByText('Recibo enviado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('names a consent the donor set in Mi perfil as theirs', async () => {
    const fromProfile = { ...page, donor: { ...page.donor, consentEmailAt: '2026-05-12T15:00:00Z', consentEmailSource: 'profile' } };
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler: (req: RecordedRequest) => (req.method === 'GET' && req.url === '/admin/donors/12' ? { status: 200, data: fromProfile } : undefined) });
    expect(await screen.findByText('Desde el 12/05/2026 · El donante, en su perfil', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Desactivó en su perfil/)).toBeNull();
  });

  it("says when the donor's account turned off the thank-you and receipt emails, and where their receipts are", async () => {
    const quiet = { ...page, donor: { ...page.donor, userId: 40 }, receiptEmailsOff: true };
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler: (req: RecordedRequest) => (req.method === 'GET' && req.url === '/admin/donors/12' ? { status: 200, data: quiet } : undefined) });
    expect(await screen.findByText('Desactivó en su perfil los agradecimientos y recibos por correo: sus recibos están en Recibos, en su área de donante.')).toBeInTheDocument();
  });

  it('edits: the shared schema refuses a bad phone in Spanish, the API refuses a bad NIT next to its field, then it saves', async () => {
    const api = donorApi((req) =>
      (req.data as { taxId: string | null }).taxId === '123'
        ? { status: 400, data: { detail: 'El NIT no es válido: revisa el dígito verificador', errors: { taxId: 'El NIT no es válido: revisa el dígito verificador' } } }
        : { status: 200, data: { ...page.donor, ...(req.data as object) } },
    );
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler: api.handler });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar donante' });
    const phones = within(dialog).getByRole('textbox', { name: /Teléfonos/ });
    await userEvent.clear(phones);
    await userEvent.type(phones, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    // The refused phone is named, with what a phone may hold.
    expect(await within(dialog).findByText('El teléfono «abc» no es válido: de 7 a 20 dígitos, con +, espacios, guiones o paréntesis.')).toBeInTheDocument();
    expect(api.puts).toHaveLength(0);

    // Written as people write them, parentheses too.
    await userEvent.clear(phones);
    await userEvent.type(phones, '+502 5555 1234{enter}+1 (555) 123-4567');
    const taxId = within(dialog).getByRole('textbox', { name: /NIT o CUI/ });
    await userEvent.clear(taxId);
    await userEvent.type(taxId, '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('El NIT no es válido: revisa el dígito verificador')).toBeInTheDocument();
    expect(taxId).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(taxId);
    await userEvent.type(taxId, '1234567K');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar donante' })).not.toBeInTheDocument());
    expect(api.puts.at(-1)?.data).toMatchObject({ kind: 'company', taxId: '1234567K', phones: ['+502 5555 1234', '+1 (555) 123-4567'], tags: ['empresa-aliada'], consentEmail: true });
  });

  it('names the refused email among several, as it names a refused phone, and sends nothing', async () => {
    const api = donorApi();
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler: api.handler });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar donante' });
    const emails = within(dialog).getByRole('textbox', { name: /Correos/ });
    await userEvent.clear(emails);
    await userEvent.type(emails, 'compras@cafe.gt{enter}gerencia@cafe{enter}ventas@cafe.gt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(dialog).findByText('El correo «gerencia@cafe» no es válido.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Ingresa un correo electrónico válido')).toBeNull();
    expect(emails).toHaveAttribute('aria-invalid', 'true');
    expect(api.puts).toHaveLength(0);

    await userEvent.clear(emails);
    await userEvent.type(emails, 'compras@cafe.gt{enter}Gerencia@Cafe.gt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0].data).toMatchObject({ emails: ['compras@cafe.gt', 'gerencia@cafe.gt'] });
  });

  it("names the donor who holds an email, links to them and opens the pair's merge preview", async () => {
    const holder = { ...page, donor: { ...page.donor, id: 34, name: 'Café Atitlán', emails: ['ventas@cafe.gt'], giftCount: 5, taxId: null, taxIdKind: null } };
    const taken = 'Ese correo ya pertenece a otro donante: propón una fusión en lugar de repetirlo.';
    const api = donorApi(() => ({
      status: 400,
      data: { detail: taken, errors: { taxId: 'El NIT no es válido: revisa el dígito verificador', emails: taken }, otherDonor: { id: 34, name: 'Café Atitlán' } },
    }));
    const previews: RecordedRequest[] = [];
    const handler = (req: RecordedRequest) => {
      if (req.method === 'GET' && req.url === '/admin/donors/34') return { status: 200, data: holder };
      if (req.method === 'POST' && req.url === '/admin/donors/merge-preview') {
        previews.push(req);
        return { status: 200, data: { survivor: holder.donor, merged: page.donor, result: { ...holder.donor, emails: ['ventas@cafe.gt', 'compras@cafe.gt'] }, moves: { gifts: 2, receipts: 1, monthlyGifts: 1, others: [] } } };
      }
      return api.handler(req);
    };
    renderApp('/admin/donantes/12', { user: { roles: ['FINANCE'] }, handler });
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar donante' });
    const emails = within(dialog).getByRole('textbox', { name: /Correos/ });
    await userEvent.type(emails, '{enter}ventas@cafe.gt');
    const taxId = within(dialog).getByRole('textbox', { name: /NIT o CUI/ });
    await userEvent.clear(taxId);
    await userEvent.type(taxId, '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    // Every field's error at once, and who holds the email, with a link to their page.
    expect(await within(dialog).findByText('El NIT no es válido: revisa el dígito verificador')).toBeInTheDocument();
    expect(within(dialog).getByText(taken)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Café Atitlán · #34' })).toHaveAttribute('href', '/admin/donantes/34');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Unir estos dos donantes' }));
    const merge = await screen.findByRole('dialog', { name: 'Fusionar donantes' });
    expect(screen.queryByRole('dialog', { name: 'Editar donante' })).not.toBeInTheDocument();
    // Staff choose which record stays: the one with more gifts by default.
    expect(within(merge).getByRole('radio', { name: 'Café Atitlán (#34, 5 donaciones)' })).toBeChecked();
    expect(within(merge).getByRole('radio', { name: 'Café Atitlán S.A. (#12, 2 donaciones)' })).not.toBeChecked();
    await userEvent.click(within(merge).getByRole('button', { name: 'Ver vista previa' }));
    expect(await within(merge).findByTestId('merge-preview')).toHaveTextContent('ventas@cafe.gt, compras@cafe.gt');
    expect(previews.map((r) => r.data)).toEqual([{ survivorId: 34, mergedId: 12 }]);
  });
});
