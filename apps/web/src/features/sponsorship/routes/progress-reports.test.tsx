// Progress reports on the screens (docs/product.md#sponsorship): staff write one on the child's record
// (a contact detail in a text the sponsor reads is refused under its field before anything is sent,
// and the API's field errors are shown the same way; a photo of a type the API refuses, on the new
// report or added to one, is refused as soon as it is chosen, in the API's words, and not sent);
// "Reportes pendientes" counts and links the
// children due; the sponsor reads the reports in "Mi ahijado/a", newest first, without staff notes.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { progressReportMessages } from '@donaciones/shared/messages/progress-reports';
import type { OverdueProgressReport, SponsorProgressReport, StaffProgressReport } from '@donaciones/shared/schemas/progress-reports';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import { staffChildDetail } from '@/test/child';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const STAFF = { user: { email: 'apadrinamiento@ejemplo.org', roles: ['SPONSORSHIP'] } };
const SPONSOR = { user: { email: 'donante@ejemplo.org', roles: ['DONOR', 'USER'] } };

const detail = staffChildDetail({ status: 'sponsored', takenPlaces: 1 });

const report = (over: Partial<StaffProgressReport>): StaffProgressReport => ({
  id: 1,
  period: 'Primer semestre 2026',
  reportDate: '2026-06-30',
  schoolGrade: 'Quinto primaria',
  attendancePercent: 95,
  achievement: 'Ganó el concurso de lectura.',
  health: 'Sano.',
  messageToSponsor: 'Kevin te manda un abrazo y dice que ya lee cuentos largos.',
  photoUrl: null,
  staffPhotoUrl: null,
  writtenBy: 'Marta Staff',
  createdAt: '2026-07-01T15:00:00Z',
  staffNotes: 'Nota interna de prueba',
  ...over,
});

describe('staff write a progress report', { timeout: 30_000 }, () => {
  it('refuses contact details under the field, then publishes and shows the new report', async () => {
    const posts: RecordedRequest[] = [];
    let reports: StaffProgressReport[] = [];
    renderApp('/admin/apadrinamiento/7', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detail };
        if (req.url === '/admin/sponsorship/children/7/progress-reports' && req.method === 'GET') return { status: 200, data: { reports } };
        if (req.url === '/admin/sponsorship/children/7/progress-reports' && req.method === 'POST') {
          posts.push(req);
          reports = [report({ id: 2, period: 'Segundo semestre 2026' })];
          return { status: 201, data: reports[0] };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo informe' }, { timeout: 20_000 });
    expect(await screen.findByText('Aún no hay informes.')).toBeTruthy();
    await user.type(within(form).getByLabelText(/Periodo/), 'Segundo semestre 2026');
    await user.type(within(form).getByLabelText(/Asistencia/), '97');
    await user.type(within(form).getByLabelText(/Mensaje para quien apadrina/), 'Kevin dice gracias. Si quieres, escríbele al 5555 1234 directamente.');
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    expect(await within(form).findByText(/datos de contacto \(Teléfono: «5555 1234»\)/)).toBeTruthy();
    expect(posts).toHaveLength(0);

    const message = within(form).getByLabelText(/Mensaje para quien apadrina/);
    await user.clear(message);
    await user.type(message, 'Kevin dice gracias por acompañarlo este semestre.');
    await user.type(within(form).getByLabelText(/Notas internas/), 'Solo para el equipo');
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].data).toMatchObject({ period: 'Segundo semestre 2026', attendancePercent: 97, messageToSponsor: 'Kevin dice gracias por acompañarlo este semestre.', staffNotes: 'Solo para el equipo' });
    expect(await screen.findByText('Informe publicado. Enviamos un aviso a quien apadrina a Kevin.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Informes de avance' });
    expect(list.textContent).toContain('Segundo semestre 2026');
    expect(list.textContent).toContain('Nota interna de prueba');
  });

  it('shows the API\'s field error when it refuses to publish', async () => {
    renderApp('/admin/apadrinamiento/7', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detail };
        if (req.url === '/admin/sponsorship/children/7/progress-reports' && req.method === 'GET') return { status: 200, data: { reports: [] } };
        if (req.method === 'POST' && req.url.endsWith('/progress-reports')) return { status: 400, data: { detail: 'x', errors: { health: 'Este texto parece tener datos de contacto (Dirección: «zona 1»).' } } };
        return undefined;
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo informe' }, { timeout: 20_000 });
    await user.type(within(form).getByLabelText(/Periodo/), 'Primer semestre');
    await user.type(within(form).getByLabelText(/Mensaje para quien apadrina/), 'Un saludo grande para ti desde la escuela.');
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    expect(await within(form).findByText(/Dirección: «zona 1»/)).toBeTruthy();
  });
});

describe("a progress report's photo of a type the API refuses", { timeout: 30_000 }, () => {
  /** The record with one report without a photo, recording the report's writes (a new one, a photo). */
  function openRecord(sent: RecordedRequest[]) {
    renderApp('/admin/apadrinamiento/7', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detail };
        if (req.url === '/admin/sponsorship/children/7/progress-reports' && req.method === 'GET') return { status: 200, data: { reports: [report({})] } };
        if (req.method === 'GET' || !req.url.startsWith('/admin/sponsorship/')) return undefined;
        sent.push(req);
        if (req.method === 'POST') return { status: 201, data: report({ id: 2, period: 'Segundo semestre 2026' }) };
        return { status: 200, data: report({ id: Number(req.url.split('/')[4]) }) };
      },
    });
  }
  const refused = [new File(['GIF89a'], 'dibujo.gif', { type: 'image/gif' }), new File(['hola'], 'notas.txt', { type: 'text/plain' })];
  const heic = () => new File([new Uint8Array([0, 0, 0, 0x18])], 'IMG_2041.HEIC', { type: '' });

  it('added to a report is refused when chosen and not sent; one the browser cannot name is left to the API', async () => {
    const sent: RecordedRequest[] = [];
    openRecord(sent);
    // The picker's filter is only a hint: a phone offers "Todos los archivos".
    const user = userEvent.setup({ applyAccept: false });
    const input = (await screen.findByLabelText('Agregar foto', {}, { timeout: 20_000 })) as HTMLInputElement;
    for (const file of refused) {
      await user.upload(input, file);
      expect(await screen.findByText(progressReportMessages.photoNotImage)).toBeTruthy();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sent).toHaveLength(0);

    await user.upload(input, heic());
    await waitFor(() => expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /admin/sponsorship/progress-reports/1/photo']));
    expect(screen.queryByText(progressReportMessages.photoNotImage)).toBeNull();
  });

  it('on a new report is refused when chosen, and the report does not go until another photo is chosen', async () => {
    const sent: RecordedRequest[] = [];
    openRecord(sent);
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'Nuevo informe' }, { timeout: 20_000 });
    await user.type(within(form).getByLabelText(/Periodo/), 'Segundo semestre 2026');
    await user.type(within(form).getByLabelText(/Mensaje para quien apadrina/), 'Kevin dice gracias por acompañarlo este semestre.');
    const input = within(form).getByLabelText(/^Foto/) as HTMLInputElement;
    for (const file of refused) {
      await user.upload(input, file);
      expect(await within(form).findByText(progressReportMessages.photoNotImage)).toBeTruthy();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    expect(within(form).getByText(progressReportMessages.photoNotImage)).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.upload(input, heic());
    expect(within(form).queryByText(progressReportMessages.photoNotImage)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    await waitFor(() => expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/sponsorship/children/7/progress-reports', 'PUT /admin/sponsorship/progress-reports/2/photo']));
  });
});

describe('Reportes pendientes', { timeout: 30_000 }, () => {
  it('counts the children due and links each to its record', async () => {
    const due: OverdueProgressReport[] = [
      { childId: 7, firstName: 'Kevin', fullName: 'Kevin Ejemplo Ficticio', sponsoredSince: '2025-01-10', lastReportDate: '2025-05-01', dueSince: '2025-10-30', daysOverdue: 28 },
      { childId: 9, firstName: 'Itzel', fullName: 'Itzel Ejemplo Ficticio', sponsoredSince: '2025-03-01', lastReportDate: null, dueSince: '2025-08-30', daysOverdue: 89 },
    ];
    renderApp('/admin/apadrinamiento', {
      ...STAFF,
      handler: (req) => {
        if (req.url === '/admin/sponsorship/children') return { status: 200, data: { children: [] } };
        if (req.url === '/admin/sponsorship/progress-reports/overdue') return { status: 200, data: { children: due } };
        return undefined;
      },
    });
    expect(await screen.findByText('2 niñas y niños sin informe de avance reciente', {}, { timeout: 20_000 })).toBeTruthy();
    const link = screen.getAllByRole('link', { name: 'Itzel Ejemplo Ficticio' })[0];
    expect(link.getAttribute('href')).toBe('/admin/apadrinamiento/9');
    expect(screen.getAllByText('89 días').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Ninguno').length).toBeGreaterThan(0);
  });
});

describe('the sponsor reads the reports in Mi ahijado/a', { timeout: 30_000 }, () => {
  it('shows them newest first with what the sponsor may read', async () => {
    const sponsorReports: SponsorProgressReport[] = [
      { ...report({ id: 3, period: 'Segundo semestre 2026', reportDate: '2026-11-20' }) },
      { ...report({ id: 1 }) },
    ];
    const mine: MySponsorships = {
      sponsorships: [
        {
          id: 4,
          status: 'active',
          monthlyAmount: 250,
          birthdayGift: { month: 4, year: 2027, opensOn: '2027-03-01', closesOn: '2027-04-30', open: false, suggestedAmount: 150, sent: 0 },
          child: { id: 7, firstName: 'Kevin', age: 14, department: 'Chimaltenango', programName: null, story: '', photoUrl: null, monthlyAmount: 250, birthdayMonth: 4, sponsoredSince: '2026-01-10T00:00:00Z' },
        },
      ],
      past: [],
    };
    renderApp('/donor/ahijado', {
      ...SPONSOR,
      handler: (req) => {
        if (req.url === '/member/sponsorships') return { status: 200, data: mine };
        if (req.url === '/users/me/sponsorships/4/progress-reports') return { status: 200, data: { sponsorshipId: 4, childFirstName: 'Kevin', reports: sponsorReports } };
        return undefined;
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Informes de avance' }, { timeout: 20_000 })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const headings = within(section).getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(['Segundo semestre 2026', 'Primer semestre 2026']);
    expect(section.textContent).toContain('Kevin te manda un abrazo');
    // One label and the values as a reader says them: never "Escuela: Grado: …".
    expect(section.textContent).toContain('Escuela: Quinto primaria, asistencia del 95.0%. Ganó el concurso de lectura.');
    expect(section.textContent).not.toContain('Grado:');
  });
});
