// The staff's child record form (docs/product.md#sponsorship): it edits the story as stored, not the
// public one ('' until approved and consented), so saving the record with only the school changed
// keeps the story; the staff page says why a stored story is not public yet.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import type { ChildInput, StaffChild, StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { storyNote } from '../routes/admin-child';
import { ChildForm, childFormValues } from './child-form';

const STORY = 'Le gusta jugar fútbol y quiere ser maestra.';
const child = {
  id: 7,
  firstName: 'Lucía',
  fullName: 'Lucía Prueba Ajú',
  birthDate: '2015-03-08',
  department: 'Sololá',
  programId: null,
  story: '',
  storedStory: STORY,
  storyApproved: true,
  community: 'Panajachel',
  school: 'EORM Panajachel',
  guardianName: 'Marta Ajú',
  familySituation: '',
  notes: '',
  sponsorPlaces: 1,
} as unknown as StaffChild;

describe("the child's record form", () => {
  it('sends back the stored story when only the school changed', async () => {
    api.defaults.adapter = fakeAdapter(() => ({ status: 404, data: { detail: 'Recurso no encontrado' } })).adapter;
    const onSubmit = vi.fn<(v: ChildInput) => Promise<unknown>>(async () => undefined);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ChildForm initial={childFormValues(child)} submitLabel="Guardar ficha" pending={false} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect((screen.getByLabelText(/Historia corta/) as HTMLTextAreaElement).value).toBe(STORY);
    const school = screen.getByLabelText(/Escuela/);
    await user.clear(school);
    await user.type(school, 'INEB Sololá');
    await user.click(screen.getByRole('button', { name: 'Guardar ficha' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ story: STORY, storyApproved: true, school: 'INEB Sololá', community: 'Panajachel' });
  });

  it('says why a stored story is not public yet, and nothing once it is', () => {
    const detail = (over: Partial<StaffChild>, consents: Partial<StaffChildDetail['consents'][number]>[] = []) =>
      ({ child: { ...child, ...over }, consents }) as unknown as StaffChildDetail;
    expect(storyNote(detail({}))).toBe(m.storyNotPublic([m.storyNoConsent]));
    expect(storyNote(detail({ storyApproved: false }, [{ current: true, scope: 'story' }]))).toBe(m.storyNotPublic([m.storyNotApproved]));
    expect(storyNote(detail({ storyApproved: false }, [{ current: true, scope: 'photos' }]))).toBe(m.storyNotPublic([m.storyNotApproved, m.storyNoConsent]));
    expect(storyNote(detail({ story: STORY }, [{ current: true, scope: 'photos_and_story' }]))).toBeUndefined();
    expect(storyNote(detail({ storedStory: '' }))).toBeUndefined();
    // Edited since approved: the public still reads the approved version (decision 0072).
    expect(storyNote(detail({ storyApproved: false, story: 'La versión aprobada.' }, [{ current: true, scope: 'story' }]))).toBe(m.storyPendingKeepsApproved);
  });

  it('reads "Pendiente de aprobación" on a pending story, and says an edit of an approved one will wait for approval', async () => {
    api.defaults.adapter = fakeAdapter(() => ({ status: 404, data: { detail: 'Recurso no encontrado' } })).adapter;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <ChildForm initial={childFormValues(child)} submitLabel="Guardar ficha" pending={false} onSubmit={async () => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(m.storyPending)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Historia corta/), ' Y cantar.');
    expect(screen.getByText(m.storyEditNeedsApproval)).toBeTruthy();
    // Saved: the record comes back pending, and the form follows it (the box no longer ticked).
    const saved = { ...child, storedStory: `${STORY} Y cantar.`, storyApproved: false } as StaffChild;
    rerender(
      <QueryClientProvider client={client}>
        <ChildForm initial={childFormValues(saved)} storyPending submitLabel="Guardar ficha" pending={false} onSubmit={async () => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(m.storyPending)).toBeTruthy();
    await vi.waitFor(() => expect((screen.getByRole('checkbox', { name: 'Historia aprobada para publicar' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText(m.storyEditNeedsApproval)).toBeNull();
  });
});
