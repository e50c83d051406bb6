// /stats never shows a pending figure as 0: the API answers null to anyone but ADMIN, and the screen
// leaves those cards and rows out (docs/product.md#figures, #donor-privacy).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import type { DonationStats } from '@donaciones/shared/schemas/donations';
import { renderApp, type TestUser } from '@/test/render-app';
import { type RecordedRequest, tokens } from '@/test/http';

afterEach(cleanup);

const s = donationsMessages.stats;

const publicStats: DonationStats = {
  total_amount_completed: 1000,
  total_amount_pending: null,
  count_completed: 4,
  count_pending: null,
  count_failed: 1,
  count_cancelled: 0,
  count_expired: 0,
  success_rate: 80,
};

/**
 * Like the API: the pending figures only go to a request that carries ADMIN's token. The stored
 * session's token refresh answers late, so a stats request sent before it would go without one.
 */
function renderStats(stats: DonationStats, user?: TestUser) {
  renderApp('/stats', {
    ...(user ? { user } : {}),
    handler: (req: RecordedRequest) => {
      if (req.url === '/auth/refresh' && user) return new Promise((resolve) => setTimeout(() => resolve({ status: 200, data: tokens(1) }), 300));
      if (req.url === '/donations/stats') {
        const signed = Boolean(req.headers.get('Authorization'));
        return { status: 200, data: signed ? stats : { ...stats, total_amount_pending: null, count_pending: null } };
      }
      if (req.url === '/donations') return { status: 200, data: { donations: [], total: 0, limit: 5, offset: 0 } };
      return undefined;
    },
  });
}

describe('/stats pending figures', { timeout: 20_000 }, () => {
  it('a visitor sees no pending card, row or zero, and the total says what it counts', async () => {
    renderStats(publicStats);
    const metrics = await screen.findByTestId('detailed-metrics', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('stat-pending-amount')).not.toBeInTheDocument();
    expect(screen.queryByText(s.pendingAmount)).not.toBeInTheDocument();
    expect(screen.queryByText(s.pending)).not.toBeInTheDocument();
    expect(screen.queryByText(s.pendingCount)).not.toBeInTheDocument();
    expect(screen.queryByText(s.totalHint)).not.toBeInTheDocument();
    expect(screen.getByText(s.totalHintPublic)).toBeInTheDocument();
    // Completed + failed, nothing invented for the pending ones.
    expect(metrics).toHaveTextContent(`${s.totalDonations}${s.totalHintPublic}${formatNumber(5)}`);
    expect(screen.getByRole('main').textContent).not.toContain(formatMoney(0));
  });

  it('a signed-in member who is not ADMIN gets the same public answer', async () => {
    renderStats(publicStats, { roles: ['DONOR', 'USER'] });
    await screen.findByTestId('detailed-metrics', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('stat-pending-amount')).not.toBeInTheDocument();
    expect(screen.queryByText(s.pendingCount)).not.toBeInTheDocument();
  });

  it('ADMIN sees the pending amount and count, and the total with them, once the stored session has its token', async () => {
    renderStats({ ...publicStats, total_amount_pending: 150, count_pending: 3 }, { roles: ['ADMIN'] });
    const metrics = await screen.findByTestId('detailed-metrics', {}, { timeout: 20_000 });
    expect(screen.getByTestId('stat-pending-amount')).toHaveTextContent(`${s.pendingAmount}${formatMoney(150)}`);
    expect(metrics).toHaveTextContent(`${s.totalDonations}${s.totalHint}${formatNumber(8)}`);
    expect(metrics).toHaveTextContent(`${s.pending}${formatNumber(3)}`);
    expect(screen.getByTestId('performance-summary')).toHaveTextContent(s.pendingAmountHint(formatMoney(150)));
  });
});
