// Withdrawing a consent on the staff's child record (docs/product.md#sponsorship): a guardian who takes
// a consent back is recorded with "Retirar" on the current consent, after confirming (Cancelar sends
// nothing); the record is read again and shows the consent as withdrawn, with no "Retirar" left.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';
import { staffChildDetail } from '@/test/child';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const STAFF = { user: { email: 'apadrinamiento@ejemplo.org', roles: ['SPONSORSHIP'] } };

const consent = { id: 31, givenBy: 'Rosa Tum', relationship: 'madre', givenOn: '2026-01-15', scope: 'photos_and_story', expiresOn: '2027-01-15' } as const;
const detailWith = (revokedAt: string | null) => staffChildDetail({}, { consents: [{ ...consent, revokedAt, current: revokedAt === null }] });

describe('withdrawing a consent', { timeout: 30_000 }, () => {
  it('asks first, then records it and shows the consent withdrawn', async () => {
    const revokes: RecordedRequest[] = [];
    let revokedAt: string | null = null;
    renderApp('/admin/apadrinamiento/7', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detailWith(revokedAt) };
        if (req.url === '/admin/sponsorship/children/7/progress-reports') return { status: 200, data: { reports: [] } };
        if (req.url === '/admin/sponsorship/consents/31/revoke' && req.method === 'POST') {
          revokes.push(req);
          revokedAt = '2026-11-28T20:00:00Z';
          return { status: 204 };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Rosa Tum (madre) · Fotos e historia · del 15/01/2026 al 15/01/2027', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('Vigente')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retirar el consentimiento de Rosa Tum' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Retirar este consentimiento?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(revokes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retirar el consentimiento de Rosa Tum' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Retirar este consentimiento?' });
    expect(within(dialog).getByText(/deja de mostrarse al público y a quien apadrina/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Retirar consentimiento' }));

    await waitFor(() => expect(revokes).toHaveLength(1));
    expect(await screen.findByText('Retirado el 28 de noviembre de 2026')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirar el consentimiento de Rosa Tum' })).toBeNull();
  });
});

describe('a new consent’s date', { timeout: 30_000 }, () => {
  it('offers days from 01/01/2000 to today and refuses an earlier one under the field, sending nothing', async () => {
    const sent: RecordedRequest[] = [];
    renderApp('/admin/apadrinamiento/7', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: staffChildDetail({}, { consents: [] }) };
        if (req.url === '/admin/sponsorship/children/7/progress-reports') return { status: 200, data: { reports: [] } };
        if (req.url === '/admin/sponsorship/children/7/consents') sent.push(req);
        return undefined;
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo consentimiento' }, { timeout: 20_000 });
    const day = within(form).getByLabelText(/Fecha del consentimiento/) as HTMLInputElement;
    expect(day.min).toBe('2000-01-01');
    expect(day.max).toBe(sponsorshipToday());
    await user.type(within(form).getByLabelText(/Quién consiente/), 'Rosa Tum');
    await user.type(within(form).getByLabelText(/Parentesco/), 'madre');
    await user.type(day, '1999-12-31');
    await user.type(within(form).getByLabelText(/Vence el/), '2027-01-15');
    await user.click(within(form).getByRole('button', { name: 'Registrar consentimiento' }));
    expect(await within(form).findByText('La fecha del consentimiento debe estar entre el 01/01/2000 y hoy')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
