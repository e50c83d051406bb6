// The staff's status form (docs/product.md#sponsorship): choosing "Salió del programa" for a child
// with an active sponsor says that they will be emailed, without the reason; other statuses, a child
// without an active sponsor, or one who already left, say nothing.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';
import { staffChildDetail } from '@/test/child';
import { StatusForm } from './admin-child';

const detailOf = (status: StaffChildDetail['child']['status'], sponsorship: 'active' | 'ended'): StaffChildDetail =>
  staffChildDetail(
    { firstName: 'Marisol', status, statusReason: status === 'left' ? 'Se mudó' : null },
    { sponsorships: [{ id: 1, status: sponsorship, sponsorName: 'Lucía Pérez', startedAt: '2026-03-02T15:00:00.000Z', heldUntil: '2026-03-02T15:00:00.000Z', paymentMethod: 'card', transferReference: null }] },
  );

const NOTE = /Al guardar, quien apadrina a Marisol recibirá un correo \(sin el motivo\)/;

const renderForm = (detail: StaffChildDetail) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StatusForm detail={detail} />
    </QueryClientProvider>,
  );

describe('the status form', () => {
  it('says the active sponsor will be emailed only when "Salió del programa" is chosen', async () => {
    renderForm(detailOf('sponsored', 'active'));
    const user = userEvent.setup();
    expect(screen.queryByText(NOTE)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/Estado/), 'left');
    expect(screen.getByText(NOTE)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/Estado/), 'paused');
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it('says nothing without an active sponsor, nor for a child who already left', async () => {
    const { unmount } = renderForm(detailOf('waiting', 'ended'));
    await userEvent.setup().selectOptions(screen.getByLabelText(/Estado/), 'left');
    expect(screen.queryByText(NOTE)).toBeNull();
    unmount();
    renderForm(detailOf('left', 'active'));
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
