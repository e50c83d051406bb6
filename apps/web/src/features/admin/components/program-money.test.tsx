// The programme form: the goal is typed as a donor would type money ("60,000" is sixty thousand),
// and the raised amount is shown from the ledger, never typed (docs/product.md#figures).
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminProgram } from '@donaciones/shared/schemas/admin';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { ProgramsManager } from './content-managers';

const t = adminMessages.system;

const program: AdminProgram = {
  id: 3,
  slug: 'alimentacion',
  name: 'Programa de alimentación',
  description: 'Refacciones',
  highlight_value: '3+',
  highlight_label: 'escuelas',
  goal_amount: 90_000,
  current_amount: 52_830.5,
  progress_percentage: 58.7,
  coming_soon: false,
  is_active: true,
  sort_order: 1,
};

function openEditor() {
  const { adapter, requests } = fakeAdapter((req) => {
    if (req.method === 'GET' && req.url === '/admin/programs') return { status: 200, data: { programs: [program] } };
    if (req.method === 'PUT') return { status: 200, data: { ...program, goal_amount: 60_000 } };
    return { status: 404, data: { detail: 'no' } };
  });
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProgramsManager />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

describe('programme money fields', () => {
  it('asks for the goal when it is left empty, and says what is wrong with text it cannot read', async () => {
    const { requests, user } = openEditor();
    await user.click(await screen.findByRole('button', { name: `${adminMessages.common.edit}: ${program.name}` }));
    const goal = screen.getByLabelText(new RegExp(t.goal.replace(/[()]/g, '.')));
    await user.clear(goal);
    await user.click(screen.getByRole('button', { name: adminMessages.common.save }));
    expect(await screen.findByText('Escribe la meta del programa')).toBeInTheDocument();
    expect(screen.queryByText(adminMessages.validation.amountInvalid)).toBeNull();
    await user.type(goal, '1,50');
    await user.click(screen.getByRole('button', { name: adminMessages.common.save }));
    expect(await screen.findByText(/No está claro qué monto quisiste escribir/)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('reads the goal as typed with thousands commas, sends no raised amount and shows the ledger’s', async () => {
    const { adapter, requests } = fakeAdapter((req) => {
      if (req.method === 'GET' && req.url === '/admin/programs') return { status: 200, data: { programs: [program] } };
      if (req.method === 'PUT') return { status: 200, data: { ...program, goal_amount: 60_000 } };
      return { status: 404, data: { detail: 'no' } };
    });
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProgramsManager />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    // The progress in the one percent format of every screen (formatPercent): "58.7%", never "58.7 %".
    expect(await screen.findByText('58.7% de la meta')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: `${adminMessages.common.edit}: ${program.name}` }));
    expect((await screen.findByTestId('program-raised')).textContent).toBe('Q52,830.50');
    const goal = screen.getByLabelText(new RegExp(t.goal.replace(/[()]/g, '.')));
    await user.clear(goal);
    await user.type(goal, '60,000');
    await user.click(screen.getByRole('button', { name: adminMessages.common.save }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const sent = requests.find((r) => r.method === 'PUT')!.data as Record<string, unknown>;
    expect(sent.goal_amount).toBe(60_000);
    // Nothing typed for the raised amount: the API takes it from the ledger.
    expect(sent.current_amount ?? 0).toBe(0);
  });
});
