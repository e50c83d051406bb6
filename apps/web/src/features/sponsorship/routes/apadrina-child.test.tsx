// A waiting child's public profile (docs/product.md#sponsorship): back from the held place's form, the child is
// off the waiting list because this visitor holds them, and the page says so instead of "ya no está".
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HoldResponse } from '@donaciones/shared/schemas/sponsorship';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const hold = (childId: number, minutes: number) =>
  ({
    holdToken: 'token-de-prueba-123',
    heldUntil: new Date(Date.now() + minutes * 60_000).toISOString(),
    monthlyAmount: 250,
    child: { id: childId, firstName: 'Itzel', age: 9, department: 'Sololá', programName: null, story: '', photoUrl: null, monthlyAmount: 250 },
  }) as unknown as HoldResponse;

const notWaiting = { status: 404, data: { detail: 'Esta niña o este niño ya no está en la lista de espera' } };

describe('/apadrina/:id when the child is no longer waiting', () => {
  it('tells the visitor who holds the place that it is theirs, with the way back to finish', async () => {
    window.sessionStorage.setItem('apadrina.reserva', JSON.stringify(hold(4, 25)));
    renderApp('/apadrina/4', { handler: (req) => (req.url === '/sponsorship/children/4' ? notWaiting : undefined) });
    expect(await screen.findByText(/^Reservaste el lugar de Itzel para ti hasta el /, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar con mi apadrinamiento' })).toHaveAttribute('href', '/apadrina/reserva');
    expect(screen.queryByText('Esta niña o este niño ya no está en la lista de espera.')).not.toBeInTheDocument();
  });

  it('says the child is no longer waiting to anyone else, and once the hold has run out', async () => {
    window.sessionStorage.setItem('apadrina.reserva', JSON.stringify(hold(4, -1)));
    renderApp('/apadrina/4', { handler: (req) => (req.url === '/sponsorship/children/4' ? notWaiting : undefined) });
    expect(await screen.findByText('Esta niña o este niño ya no está en la lista de espera.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continuar con mi apadrinamiento' })).not.toBeInTheDocument();
  });

  it('choosing another child lets this tab\'s earlier hold go (its token sent as replaces)', async () => {
    window.sessionStorage.setItem('apadrina.reserva', JSON.stringify(hold(4, 25)));
    const other = { id: 7, firstName: 'Lupita', age: 10, department: 'Quiché', programName: null, story: '', photoUrl: null, monthlyAmount: 250 };
    const { requests } = renderApp('/apadrina/7', {
      handler: (req) => {
        if (req.url === '/sponsorship/children/7') return { status: 200, data: other };
        if (req.url === '/sponsorship/holds') return { status: 201, data: { holdToken: 'nueva', heldUntil: new Date(Date.now() + 1_800_000).toISOString(), monthlyAmount: 250, child: other } };
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Apadrinar a Lupita' }, { timeout: 20_000 }));
    const sent = requests.find((r) => r.url === '/sponsorship/holds');
    expect(sent?.data).toEqual({ childId: 7, replaces: 'token-de-prueba-123' });
  });
});
