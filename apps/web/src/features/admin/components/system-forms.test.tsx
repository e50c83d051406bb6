// A settings document's form: a refused save puts the server's field message on its field and the
// form's error under it; a save shows the success line and the saved values.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { OrganizationSettings } from '@donaciones/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { fakeAdapter, type FakeAnswer } from '@/test/http';
import { OrganizationForm } from './system-forms';

const t = adminMessages.system;
const values: OrganizationSettings = {
  name: 'Fundación',
  description: 'Apoyamos escuelas',
  phone: '+502 2200 0000',
  email: 'contacto@ejemplo.org',
  address: '',
  children_per_year: 10,
  schools_benefited: 2,
  scholarships: 1,
};

function renderForm(answer: (data: OrganizationSettings) => FakeAnswer) {
  const { adapter } = fakeAdapter((req) => (req.method === 'PUT' && req.url === '/admin/organization' ? answer(req.data as OrganizationSettings) : { status: 404 }));
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrganizationForm values={values} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('settings forms', () => {
  it('a refused save: the field message on its field, focused, and the form’s error', async () => {
    const user = renderForm(() => ({ status: 400, data: { detail: 'Datos inválidos', errors: { phone: 'Teléfono inválido' } } }));
    await user.click(screen.getByRole('button', { name: t.orgSave }));
    expect(await screen.findByText('Teléfono inválido')).toBeInTheDocument();
    expect(screen.getByText(t.orgError)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(t.orgPhone) })).toHaveFocus();
  });

  it('a save: the success line and the values the server kept', async () => {
    const user = renderForm((data) => ({ status: 200, data: { ...data, name: 'Fundación Guardada' } }));
    await user.click(screen.getByRole('button', { name: t.orgSave }));
    expect(await screen.findByText(t.orgSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: new RegExp(t.orgName) })).toHaveValue('Fundación Guardada'));
  });
});
