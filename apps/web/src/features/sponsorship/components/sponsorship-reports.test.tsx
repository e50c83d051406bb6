// "Reportes" on the staff's sponsorship screen (decision 0053): the figures as the API counted them,
// the period form's errors under its fields, and the export asking for staff fields only for people
// who hold sponsorship.export_staff_fields.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SponsorshipReport } from '@donaciones/shared/schemas/sponsorship-reports';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(() => vi.restoreAllMocks());

const REPORT: SponsorshipReport = {
  from: '2026-01-01',
  to: '2026-11-27',
  generatedAt: '2026-11-27T15:00:00.000Z',
  byProgram: [
    { programId: 3, name: 'Educación', waiting: 2, sponsored: 1, started: 1 },
    { programId: null, name: null, waiting: 1, sponsored: 0, started: 0 },
  ],
  byDepartment: [{ department: 'Sololá', waiting: 3, sponsored: 1, started: 1 }],
  waitingNow: { children: 3, averageDays: 20.5 },
  startedInPeriod: { sponsorships: 2, averageWaitDays: 50 },
  retention: { startedBy: '2025-11-27', cohort: 3, stillActive: 1, percent: 33.3 },
  endedInPeriod: [
    { reason: 'Cambio de situación económica', count: 2 },
    { reason: 'sponsor_stopped', count: 1 },
    { reason: null, count: 1 },
  ],
  letters: { reviewTargetHours: 72, inReviewOverdue: 4, oldestInReviewHours: 100, deliveryTargetDays: 30, approvedUndelivered: 5, oldestUndeliveredDays: 40 },
  progressReportsOverdue: [{ childId: 9, childFirstName: 'Kevin', dueSince: '2026-05-01', daysOverdue: 210 }],
  consentsExpiring: [{ consentId: 11, childId: 12, childFirstName: 'Marisol', scope: 'photos', expiresOn: '2026-12-05' }],
};

function open(roles: string[], report: SponsorshipReport = REPORT, url = '/admin/apadrinamiento?vista=reportes') {
  const reportRequests: RecordedRequest[] = [];
  const view = renderApp(url, {
    user: { roles },
    handler: (req) => {
      if (req.url === '/admin/sponsorship/reports') {
        reportRequests.push(req);
        return { status: 200, data: report };
      }
      if (req.url === '/admin/sponsorship/children') return { status: 200, data: { children: [] } };
      if (req.url === '/admin/sponsorship/children/export') {
        return { status: 200, data: new Blob(['a,b']), headers: { 'content-disposition': 'attachment; filename="ninas-y-ninos-2026-11-27.csv"' } };
      }
      return undefined;
    },
  });
  return { ...view, reportRequests };
}

function stubDownloads() {
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

describe('the sponsorship reports', () => {
  it('shows every figure of the report with Spanish labels, and links children to their records', async () => {
    open(['SPONSORSHIP']);
    expect(await screen.findByRole('heading', { name: 'Reportes de apadrinamiento' })).toBeInTheDocument();
    expect(await screen.findByText('Período: del 01/01/2026 al 27/11/2026')).toBeInTheDocument();
    const programs = screen.getByRole('table', { name: 'Por programa' });
    expect(within(programs).getByText('Educación')).toBeInTheDocument();
    expect(within(programs).getByText('Sin programa')).toBeInTheDocument();
    expect(screen.getByText('20.5 días')).toBeInTheDocument();
    expect(screen.getByText('50 días')).toBeInTheDocument();
    expect(screen.getByText('33.3%')).toBeInTheDocument();
    expect(screen.getByText('1 de 3 (iniciados hasta el 27/11/2025)')).toBeInTheDocument();
    expect(screen.getByText('Sin motivo registrado')).toBeInTheDocument();
    expect(screen.getByText('Cambio de situación económica')).toBeInTheDocument();
    expect(screen.getByText('Quien apadrina dejó de donar')).toBeInTheDocument();
    expect(screen.getByText('En revisión por más de 72 horas')).toBeInTheDocument();
    expect(screen.getByText('La más antigua: 40 días')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kevin' })).toHaveAttribute('href', '/admin/apadrinamiento/9');
    expect(screen.getByText('Debía entregarse el 01/05/2026 (210 días de atraso)')).toBeInTheDocument();
    const consents = screen.getByRole('table', { name: 'Consentimientos que vencen en los próximos 30 días' });
    expect(within(consents).getByRole('link', { name: 'Marisol' })).toHaveAttribute('href', '/admin/apadrinamiento/12');
    expect(within(consents).getByText('05/12/2026')).toBeInTheDocument();
  });

  it('opens on the records, and "Reportes" switches to the reports without asking for them before', async () => {
    const { reportRequests, router } = open(['SPONSORSHIP'], { ...REPORT, retention: { startedBy: '2025-11-27', cohort: 0, stillActive: 0, percent: null } }, '/admin/apadrinamiento');
    const tabs = await screen.findByRole('navigation', { name: 'Vistas de apadrinamiento' });
    expect(within(tabs).getByRole('link', { name: 'Fichas' })).toHaveAttribute('aria-current', 'page');
    expect(reportRequests).toHaveLength(0);
    await userEvent.click(within(tabs).getByRole('link', { name: 'Reportes' }));
    expect(router.state.location.search).toBe('?vista=reportes');
    expect(await screen.findByText('Aún no hay apadrinamientos con esa antigüedad.')).toBeInTheDocument();
    expect(screen.getByText('Sin datos')).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Reportes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Nueva ficha' })).toBeNull();
  });

  it('refuses a reversed period under its field, and asks for the period chosen', async () => {
    const { reportRequests } = open(['SPONSORSHIP']);
    const from = await screen.findByLabelText('Desde');
    const to = screen.getByLabelText('Hasta');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-06-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Ver período' }));
    expect(await screen.findByText('La fecha final debe ser igual o posterior a la inicial')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Ver período' }));
    await waitFor(() => expect(reportRequests.at(-1)?.config.params).toEqual({ from: '2026-06-01', to: '2026-06-30' }));
  });

  it('exports without staff fields, and offers no staff-fields box, to sponsorship staff', async () => {
    stubDownloads();
    const { requests } = open(['SPONSORSHIP']);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText('Descargado: ninas-y-ninos-2026-11-27.csv')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    const exported = requests.find((r) => r.url === '/admin/sponsorship/children/export')!;
    expect(exported.method).toBe('POST');
    expect(exported.data).toEqual({ format: 'csv', staffFields: false });
  });

  it('lets an admin ask for the staff fields', async () => {
    stubDownloads();
    const { requests } = open(['ADMIN']);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Incluir datos personales/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/admin/sponsorship/children/export')).toBe(true));
    const exported = requests.find((r) => r.url === '/admin/sponsorship/children/export')!;
    expect(exported.data).toEqual({ format: 'xlsx', staffFields: true });
  });
});
