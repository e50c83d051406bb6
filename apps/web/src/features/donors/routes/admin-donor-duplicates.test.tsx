// "Posibles duplicados" (docs/product.md#donors): each proposed pair with its reason, the merge only after
// its preview (the record kept chosen by staff), and "Deshacer fusión" on the surviving donor's page after
// a confirmation; a fast double click on either confirmation sends one request.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Donor, DonorPage, DonorSummary, MergePreview } from '@donaciones/shared/schemas/donors';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const FINANCE = { user: { roles: ['FINANCE'] } };
const a: DonorSummary = {
  id: 12, kind: 'person', name: 'Rosa Tzul', taxId: '1234567K', email: 'rosa@correo.gt', phone: null, tags: [],
  giftCount: 3, lifetimeCents: 45_000, firstGiftAt: null, lastGiftAt: null,
};
const b: DonorSummary = { ...a, id: 20, name: 'Rosa Tzul de León', email: 'rosa.leon@correo.gt', giftCount: 1, lifetimeCents: 10_000 };
const full = (s: DonorSummary): Donor => ({
  ...s, contactPerson: null, taxIdKind: 'nit', emails: s.email ? [s.email] : [], phones: [], address: null, consentEmail: false, consentEmailAt: null,
  consentEmailSource: null, consentWhatsapp: false, consentWhatsappAt: null, consentWhatsappSource: null, notes: null, userId: null, mergedIntoId: null, createdAt: '2025-01-01T00:00:00Z',
});

function duplicatesApi(others: MergePreview['moves']['others'] = [], voidedReceipts = 0) {
  const posts: RecordedRequest[] = [];
  const handler = (req: RecordedRequest) => {
    if (req.method === 'GET' && req.url === '/admin/donors/duplicates') return { status: 200, data: { items: [{ reason: 'taxId', a, b }] } };
    if (req.method === 'POST' && req.url === '/admin/donors/merge-preview') {
      posts.push(req);
      const result = { ...full(a), emails: ['rosa@correo.gt', 'rosa.leon@correo.gt'] };
      return { status: 200, data: { survivor: full(a), merged: full(b), result, moves: { gifts: 1, receipts: 1, voidedReceipts, monthlyGifts: 0, others } } };
    }
    if (req.method === 'POST' && req.url === '/admin/donors/merge') {
      posts.push(req);
      return { status: 200, data: { mergeId: 5, donor: full(a) } };
    }
    if (req.method === 'POST' && req.url === '/admin/donors/merges/5/undo') {
      posts.push(req);
      return { status: 200, data: { survivor: full(a), merged: full(b) } };
    }
    return undefined;
  };
  return { handler, posts };
}

describe('admin donor duplicates', { timeout: 20_000 }, () => {
  it('shows the pair with its reason; merging asks for the preview first, then merges the chosen pair once on a double click', async () => {
    const api = duplicatesApi();
    renderApp('/admin/donantes/duplicados', { ...FINANCE, handler: api.handler });
    const pair = await screen.findByRole('group', { name: 'Rosa Tzul y Rosa Tzul de León' }, { timeout: 20_000 });
    expect(within(pair).getByText('Mismo NIT o CUI')).toBeInTheDocument();
    await userEvent.click(within(pair).getByRole('button', { name: 'Fusionar Rosa Tzul y Rosa Tzul de León' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fusionar donantes' });
    expect(within(dialog).getByRole('radio', { name: /Rosa Tzul \(#12/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    expect(await within(dialog).findByTestId('merge-moves')).toHaveTextContent(/^Pasan 1 donación completada, 1 recibo y 0 donaciones mensuales\.$/);
    expect(within(dialog).getByText('rosa@correo.gt, rosa.leon@correo.gt')).toBeInTheDocument();
    expect(api.posts.map((r) => r.url)).toEqual(['/admin/donors/merge-preview']);
    // Two clicks before the screen redraws (a double click): one merge, not a second one answered 409.
    const confirm = within(dialog).getByRole('button', { name: 'Fusionar' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fusionar donantes' })).not.toBeInTheDocument());
    expect(api.posts.map((r) => r.url)).toEqual(['/admin/donors/merge-preview', '/admin/donors/merge']);
    expect(api.posts.at(-1)?.data).toEqual({ survivorId: 12, mergedId: 20 });
  });

  it('the preview counts completed gifts as gifts, like the record\'s "N donaciones", and names the failed and pending ones that move too', async () => {
    const api = duplicatesApi([{ status: 'pending', count: 1 }, { status: 'failed', count: 2 }]);
    renderApp('/admin/donantes/duplicados', { ...FINANCE, handler: api.handler });
    const pair = await screen.findByRole('group', { name: 'Rosa Tzul y Rosa Tzul de León' }, { timeout: 20_000 });
    await userEvent.click(within(pair).getByRole('button', { name: 'Fusionar Rosa Tzul y Rosa Tzul de León' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fusionar donantes' });
    expect(within(dialog).getByRole('radio', { name: 'Rosa Tzul de León (#20, 1 donación)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    expect(await within(dialog).findByTestId('merge-moves')).toHaveTextContent(
      'Pasan 1 donación completada, 1 recibo y 0 donaciones mensuales. También pasan 1 donación pendiente y 2 fallidas.',
    );
  });

  it('names the voided receipts that move apart from the receipts in force', async () => {
    const api = duplicatesApi([{ status: 'refunded', count: 1 }, { status: 'voided', count: 1 }], 2);
    renderApp('/admin/donantes/duplicados', { ...FINANCE, handler: api.handler });
    const pair = await screen.findByRole('group', { name: 'Rosa Tzul y Rosa Tzul de León' }, { timeout: 20_000 });
    await userEvent.click(within(pair).getByRole('button', { name: 'Fusionar Rosa Tzul y Rosa Tzul de León' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fusionar donantes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ver vista previa' }));
    expect(await within(dialog).findByTestId('merge-moves')).toHaveTextContent(
      'Pasan 1 donación completada, 1 recibo y 0 donaciones mensuales. También pasan 1 donación reembolsada, 1 anulada y 2 recibos anulados.',
    );
    expect(donorsMessages.duplicates.movesOthers([], 1)).toBe('También pasa 1 recibo anulado.');
  });

  it('names one donation that moves without counting as a gift in the singular', () => {
    expect(donorsMessages.duplicates.movesOthers([{ status: 'failed', count: 1 }])).toBe('También pasa 1 donación fallida.');
    expect(donorsMessages.duplicates.movesOthers([{ status: 'failed', count: 2 }, { status: 'cancelled', count: 1 }, { status: 'expired', count: 3 }])).toBe(
      'También pasan 2 donaciones fallidas, 1 cancelada y 3 expiradas.',
    );
  });

  it('the surviving donor page offers "Deshacer fusión", which asks first and undoes once', async () => {
    const api = duplicatesApi();
    const page: DonorPage = {
      donor: full(a), receiptEmailsOff: false, years: [], gifts: [], monthlyGifts: [], receipts: [], deposits: [], timeline: [],
      merges: [{ id: 5, survivorId: 12, mergedId: 20, createdAt: '2026-11-01T00:00:00Z', undoneAt: null }],
    };
    const handler = (req: RecordedRequest) => (req.method === 'GET' && req.url === '/admin/donors/12' ? { status: 200, data: page } : api.handler(req));
    renderApp('/admin/donantes/12', { ...FINANCE, handler });
    expect(await screen.findByText('El donante #20 se fusionó con el #12', { exact: false }, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer fusión' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Deshacer esta fusión?' });
    expect(dialog.textContent).toContain('Los donantes #12 y #20 vuelven a quedar separados');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.posts).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Deshacer fusión' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Deshacer esta fusión?' });
    const confirm = within(dialog).getByRole('button', { name: 'Deshacer fusión' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Fusión deshecha')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.posts.map((r) => r.url)).toEqual(['/admin/donors/merges/5/undo']);
  });
});
