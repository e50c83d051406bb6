// When the site information cannot be loaded, the hero says so with a retry instead of keeping
// grey placeholder bars, and the retry brings the page in; and what the hero promises is true.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedRequest } from '@/test/http';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

afterEach(cleanup);

const site = publicSite({
  organization: { name: 'Fundación de Prueba', description: 'Acompañamos a la niñez de Guatemala.', phone: '+502 2200 0000', email: 'info@prueba.gt', address: 'Zona 1' },
  system: { system_name: 'Plataforma', contact_email: 'soporte@prueba.gt' },
  stats: { children_per_year: 500, schools_benefited: 3 },
  impact: { quetzales_per_child: 100, quetzales_per_meal: 10, quetzales_per_evangelism_hour: 50 },
});

describe('home when the site information fails', { timeout: 20_000 }, () => {
  it('the hero shows the error with a retry, not placeholder bars, and the retry loads it', async () => {
    let up = false;
    renderApp('/', {
      handler: (req: RecordedRequest) =>
        req.url === '/public/site' ? (up ? { status: 200, data: site } : { status: 429, data: { detail: 'Demasiadas solicitudes. Por favor intenta más tarde.' } }) : undefined,
    });
    const hero = (await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 })).closest('section')!;
    const error = await within(hero).findByRole('alert', {}, { timeout: 20_000 });
    expect(error).toHaveTextContent('No pudimos cargar la información de la organización');
    expect(hero.querySelector('.animate-pulse')).toBeNull();
    expect(screen.getAllByRole('button', { name: /Reintentar|Volver a cargar/ })).toHaveLength(1);

    up = true;
    await userEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await within(hero).findByTestId('org-description')).toHaveTextContent('Acompañamos a la niñez de Guatemala.');
  });
});

describe('home promises', { timeout: 20_000 }, () => {
  it('a receipt for each gift, never a deductible one: a receipt not certified by SAT (FEL) does not prove it', async () => {
    renderApp('/', { handler: (req: RecordedRequest) => (req.url === '/public/site' ? { status: 200, data: site } : undefined) });
    await screen.findByTestId('org-description', {}, { timeout: 20_000 });
    expect(screen.getByText('Recibo por cada donación')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/deducible/i);
  });
});
