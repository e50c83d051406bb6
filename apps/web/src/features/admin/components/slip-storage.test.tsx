// Slip storage on screen (docs/product.md#bank-deposits): the dashboard's warning from 80% of the
// total quota (only for staff who handle slips), and the settings card's validation and save.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { SlipStorageAnswer } from '@donaciones/shared/schemas/deposits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { renderApp } from '@/test/render-app';
import { SlipStorageForm } from './slip-storage';

const t = depositMessages.storage;
const MB = 1024 * 1024;

function answer(usedMb: number, over: Partial<SlipStorageAnswer['settings']> = {}): SlipStorageAnswer {
  const settings = { per_donation_mb: 25, total_mb: 100, retention_days: 90, ...over };
  const percent = Math.round((usedMb / settings.total_mb) * 1000) / 10;
  return { settings, used_bytes: usedMb * MB, quota_bytes: settings.total_mb * MB, used_percent: percent, warning: percent >= 80 };
}

function dashboard(roles: string[], storage: SlipStorageAnswer) {
  return renderApp('/admin-dashboard', {
    user: { roles },
    handler: (req) => (req.url === '/admin/settings/slip-storage' ? { status: 200, data: storage } : undefined),
  });
}

describe('the dashboard warning', () => {
  it('appears from 80% of the total quota with the figures and a link to the settings', async () => {
    dashboard(['ADMIN'], answer(85));
    expect(await screen.findByRole('heading', { name: t.warningTitle })).toBeTruthy();
    const box = screen.getByRole('heading', { name: t.warningTitle }).closest('section') as HTMLElement;
    expect(box.textContent).toContain(t.warning(85));
    expect(box.textContent).toContain(t.usage('85.0 MB', '100.0 MB', 85));
    expect(box.textContent).toContain('(85.0%)');
    expect(screen.getByRole('link', { name: t.goToSettings }).getAttribute('href')).toBe('/admin/settings');
  });

  it('stays hidden below 80%, and is not asked for by staff who do not handle slips', async () => {
    const { requests } = dashboard(['ADMIN'], answer(50));
    await waitFor(() => expect(requests.some((r) => r.url === '/admin/settings/slip-storage')).toBe(true));
    expect(screen.queryByRole('heading', { name: t.warningTitle })).toBeNull();

    const other = dashboard(['COMMUNICATIONS'], answer(95));
    await screen.findAllByText(/./);
    await new Promise((r) => setTimeout(r, 50));
    expect(other.requests.some((r) => r.url === '/admin/settings/slip-storage')).toBe(false);
  });
});

describe('the settings card', () => {
  it('refuses bad limits in Spanish without sending, and saves valid ones', async () => {
    const { adapter, requests } = fakeAdapter((req) =>
      req.method === 'PUT' ? { status: 200, data: answer(10, req.data as SlipStorageAnswer['settings']) } : { status: 404, data: { detail: 'Recurso no encontrado' } },
    );
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SlipStorageForm answer={answer(10)} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const retention = screen.getByLabelText(new RegExp(t.retention.replace(/[()]/g, '.')));
    await user.clear(retention);
    await user.type(retention, '3');
    fireEvent.submit(screen.getByRole('form', { name: t.title }));
    expect(await screen.findByText(t.retentionRange)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(retention);
    await user.type(retention, '30');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/settings/slip-storage');
    expect(put?.data).toEqual({ per_donation_mb: 25, total_mb: 100, retention_days: 30 });
  });
});
