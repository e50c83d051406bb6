// /apadrina's empty states and "Donde más se necesite" (docs/product.md#sponsorship): a filter that matches
// nobody says so while "Donde más se necesite" still picks among everyone waiting; with nobody waiting at
// all the page says that, not "con esos filtros", and offers to give monthly instead.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/test/render-app';

const lupita = { id: 1, firstName: 'Lupita', age: 10, department: 'Sololá', programName: null, story: '', photoUrl: null, monthlyAmount: 250 };
const answer = (children: (typeof lupita)[]) => ({ status: 200, data: { children, monthlyAmount: 250, programs: [] } });

describe('/apadrina', { timeout: 20_000 }, () => {
  it('a filter that matches nobody leaves "Donde más se necesite" open while someone waits elsewhere', async () => {
    const { user } = renderAppWithUser((params) => (params?.department === 'Petén' ? [] : [lupita]));
    expect(await screen.findByText('Lupita', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Departamento'), 'Petén');
    expect(await screen.findByText('No hay niñas ni niños esperando con esos filtros.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apadrinar por Q250.00 al mes' })).toBeEnabled();
  });

  it('with nobody waiting at all, says so and offers "Dona cada mes"', async () => {
    renderAppWithUser(() => []);
    expect(await screen.findByText('En este momento todas las niñas y todos los niños tienen quien los apadrine.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(/con esos filtros/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dona cada mes' })).toHaveAttribute('href', '/donate?frecuencia=mensual');
    expect(screen.getByRole('button', { name: 'Apadrinar por Q250.00 al mes' })).toBeDisabled();
  });
});

function renderAppWithUser(children: (params: Record<string, unknown> | undefined) => (typeof lupita)[]) {
  const view = renderApp('/apadrina', {
    handler: (req) => (req.url === '/sponsorship/children' ? answer(children(req.config.params as Record<string, unknown> | undefined)) : undefined),
  });
  return { ...view, user: userEvent.setup() };
}
