// The settings' money fields (impact factors, donor levels) read what staff type as every typed amount
// is read (decision 0074): "1,500.50" is saved as 1500.5, "1,50" is refused with /donate's words.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { ImpactForm, LevelsForm } from './system-forms';

const t = adminMessages.system;
const IMPACT = { quetzales_per_child: 500, quetzales_per_meal: 15, quetzales_per_scholarship: 2000, quetzales_per_evangelism_hour: 100 };

function mount(node: React.ReactNode) {
  const { adapter, requests } = fakeAdapter((req) => (req.method === 'PUT' ? { status: 200, data: req.data } : { status: 404, data: { detail: 'Recurso no encontrado' } }));
  api.defaults.adapter = adapter;
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
  return { requests, user: userEvent.setup() };
}

describe('settings amounts typed as a Guatemalan writes them', () => {
  it('an impact factor: "1,50" refused in words, "1,500.50" saved as 1500.5', async () => {
    const { requests, user } = mount(<ImpactForm values={IMPACT} />);
    const child = screen.getByRole('textbox', { name: new RegExp(t.perChild) });
    await user.clear(child);
    await user.type(child, '1,50');
    await user.click(screen.getByRole('button', { name: t.impactSave }));
    expect(await screen.findByText(donateMessages.amountInput.ambiguous)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    await user.clear(child);
    await user.type(child, '1,500.50');
    await user.click(screen.getByRole('button', { name: t.impactSave }));
    expect(await screen.findByText(t.impactSaved)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.data).toEqual({ ...IMPACT, quetzales_per_child: 1500.5 });
  });

  it('a level threshold: "Q25,000" saved as 25000', async () => {
    const { requests, user } = mount(<LevelsForm values={{ levels: [{ name: 'Amigo', threshold: 0 }, { name: 'Padrino', threshold: 10_000 }] }} />);
    const [, second] = screen.getAllByRole('textbox', { name: new RegExp(t.levelThreshold.replace(/[()]/g, '.')) });
    await user.clear(second);
    await user.type(second, 'Q25,000');
    await user.click(screen.getByRole('button', { name: t.levelsSave }));
    expect(await screen.findByText(t.levelsSaved)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.data).toEqual({ levels: [{ name: 'Amigo', threshold: 0 }, { name: 'Padrino', threshold: 25_000 }] });
  });

  it('a level threshold left empty asks for it, never "número positivo" (0 is a threshold)', async () => {
    const { requests, user } = mount(<LevelsForm values={{ levels: [{ name: 'Amigo', threshold: 0 }, { name: 'Padrino', threshold: 10_000 }] }} />);
    const [, second] = screen.getAllByRole('textbox', { name: new RegExp(t.levelThreshold.replace(/[()]/g, '.')) });
    await user.clear(second);
    await user.click(screen.getByRole('button', { name: t.levelsSave }));
    expect(await screen.findByText(validationMessages.levelThresholdRequired)).toBeTruthy();
    expect(screen.queryByText(validationMessages.amountPositive)).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
  it('a level threshold of "-5" or past Q100,000,000 gives the range, never "mayor a cero" (0 is a threshold)', async () => {
    const { requests, user } = mount(<LevelsForm values={{ levels: [{ name: 'Amigo', threshold: 0 }, { name: 'Padrino', threshold: 10_000 }] }} />);
    const [, second] = screen.getAllByRole('textbox', { name: new RegExp(t.levelThreshold.replace(/[()]/g, '.')) });
    for (const typed of ['-5', '200,000,000']) {
      await user.clear(second);
      await user.type(second, typed);
      await user.click(screen.getByRole('button', { name: t.levelsSave }));
      expect(await screen.findByText('El monto del nivel debe estar entre Q0 y Q100,000,000')).toBeTruthy();
      expect(screen.queryByText(/mayor a cero|Too (small|big)/i)).toBeNull();
    }
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('an impact factor left empty asks for it, not for its range', async () => {
    const { requests, user } = mount(<ImpactForm values={IMPACT} />);
    await user.clear(screen.getByRole('textbox', { name: new RegExp(t.perChild) }));
    await user.click(screen.getByRole('button', { name: t.impactSave }));
    expect(await screen.findByText('Escribe cuántos quetzales equivalen a una unidad')).toBeTruthy();
    expect(screen.queryByText(validationMessages.impactFactorRange)).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('a level name left empty asks for it in Spanish (zod\'s own English words showed before)', async () => {
    const { requests, user } = mount(<LevelsForm values={{ levels: [{ name: 'Amigo', threshold: 0 }, { name: 'Padrino', threshold: 10_000 }] }} />);
    const [, second] = screen.getAllByRole('textbox', { name: new RegExp(`^${t.levelName}`) });
    await user.clear(second);
    await user.click(screen.getByRole('button', { name: t.levelsSave }));
    expect(await screen.findByText(validationMessages.levelNameRequired)).toBeTruthy();
    expect(screen.queryByText(/Too small|expected/i)).toBeNull();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
