// The donation detail and /stats speak Spanish, with one set of status and type labels, down to the
// outcome sentence, the confirm prompt and the toasts (docs/product.md#screens-and-routes).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { donationAnswer } from '@/test/donation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

const ENGLISH = /\b(Pending|Completed|Failed|Cancelled|Monetary|Goods|Services|Reference|Keep Donation|View all|Recent Donations|Donor Information|Donation Details|Quick Info|Process Donation|Cancel Donation|Back to Donations|Success Rate|Average Donation|Dashboard|This donation|Are you sure|successfully)\b/;

const ADMIN = { user: { email: 'admin@ejemplo.org', roles: ['ADMIN'] } };

describe('donation detail and statistics in Spanish', { timeout: 20_000 }, () => {
  it('the detail shows Spanish labels; the confirm prompt is Spanish too', async () => {
    renderApp('/donations/5', { ...ADMIN, handler: (req: RecordedRequest) => (req.url === '/donations/5' ? { status: 200, data: donationAnswer() } : undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Donación #5' }, { timeout: 20_000 })).toBeInTheDocument();
    for (const title of ['Información del donante', 'Detalles de la donación', 'Acciones', 'Resumen']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Pendiente').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Monetaria').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Volver a donaciones/ })).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(ENGLISH);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar donación' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Seguro que quieres cancelar esta donación?' });
    expect(within(dialog).getByRole('button', { name: 'Conservar donación' })).toBeInTheDocument();
  });

  it('a finished donation says so in Spanish, with the Spanish badge', async () => {
    renderApp('/donations/5', {
      handler: (req: RecordedRequest) =>
        req.url === '/donations/5' ? { status: 200, data: donationAnswer({ status: 'cancelled', can_process: false, can_cancel: false, donor_masked: true }) } : undefined,
    });
    expect(await screen.findByTestId('outcome-note', {}, { timeout: 20_000 })).toHaveTextContent('Esta donación fue cancelada');
    expect(screen.getAllByText('Cancelada').length).toBeGreaterThan(0);
  });

  it('a visitor sees no empty reference row; staff see the receipt number as the receipts print it', async () => {
    renderApp('/donations/5', {
      handler: (req: RecordedRequest) =>
        req.url === '/donations/5'
          ? { status: 200, data: donationAnswer({ status: 'completed', reference_code: null, can_process: false, can_cancel: false, donor_masked: true }) }
          : undefined,
    });
    expect(await screen.findByTestId('outcome-note', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Referencia')).not.toBeInTheDocument();
    cleanup();

    renderApp('/donations/5', {
      ...ADMIN,
      handler: (req: RecordedRequest) =>
        req.url === '/donations/5' ? { status: 200, data: donationAnswer({ status: 'completed', receipt_number: 275, receipt_series: 'A', can_process: false, can_cancel: false }) } : undefined,
    });
    expect(await screen.findByText('A-000275', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Referencia')).toBeInTheDocument();
  });

  it('/stats is all Spanish', async () => {
    const stats = { total_amount_completed: 1000, total_amount_pending: 150, count_completed: 4, count_pending: 1, count_failed: 1, count_cancelled: 0, count_expired: 0, success_rate: 80 };
    renderApp('/stats', {
      user: { roles: ['USER'] },
      handler: (req: RecordedRequest) => {
        if (req.url === '/donations/stats') return { status: 200, data: stats };
        if (req.url === '/donations') return { status: 200, data: { donations: [donationAnswer({ status: 'completed', donor_masked: true })], total: 1, limit: 5, offset: 0 } };
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Donaciones recientes' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Ver todas/ })).toBeInTheDocument();
    expect(await screen.findAllByText('Completada')).not.toHaveLength(0);
    for (const label of ['Monto total completado', 'Monto pendiente', 'Donaciones completadas', 'Métricas detalladas', 'Resumen de desempeño']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getByRole('main').textContent).not.toMatch(ENGLISH);
    expect(screen.getAllByRole('banner')[0].textContent).not.toMatch(ENGLISH);
  });
});
