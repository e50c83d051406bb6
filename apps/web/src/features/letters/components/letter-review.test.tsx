// A sponsor's letter to a child who left the programme, in "Cartas" (docs/product.md#sponsorship-letters):
// it is marked "Salió del programa", offers no "Aprobar" (nor "Marcar como entregada" once approved) and
// only "Devolver con motivo" with a suggested reason, which is what it sends. A letter whose child is in
// the programme keeps "Aprobar"; the child's own reply after leaving is marked but still approvable.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { letterMessages as m, letterScreenText as t } from '@donaciones/shared/messages/letters';
import type { StaffLetter } from '@donaciones/shared/schemas/letters';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { LetterReview } from './letter-review';

const letter = (over: Partial<StaffLetter> = {}): StaffLetter => ({
  id: 7, sponsorshipId: 3, childId: 5, childFirstName: 'Rosa', community: 'Comunidad Ida', childLeft: false, sponsorName: 'Roberto Padrino',
  direction: 'to_child', status: 'in_review', body: 'Hola Rosa, ¿cómo te fue en la escuela?', flags: [], sharedBody: null, translation: null,
  overrideReason: null, returnReason: null, hasPhoto: false, hasScan: false, imageBoxes: 0, imageVersion: null, imageReview: null,
  createdAt: '2026-11-20T15:00:00.000Z', reviewedAt: null, deliveredAt: null, serviceHours: 4, ...over,
});

function show(l: StaffLetter) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LetterReview letter={l} />
    </QueryClientProvider>,
  );
  return within(screen.getByTestId(`letter-${l.id}`));
}

describe('a letter in the staff queue', () => {
  it('keeps Aprobar while the child is in the programme, without the mark', () => {
    const card = show(letter());
    expect(card.getByRole('button', { name: t.approve })).toBeTruthy();
    expect(card.queryByText(t.childLeftBadge)).toBeNull();
  });

  it('marks a letter to a child who left, offers no Aprobar and returns it with the suggested reason', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 200, data: letter({ status: 'returned', childLeft: true }) }));
    api.defaults.adapter = adapter;
    const card = show(letter({ childLeft: true }));
    expect(card.getByText(t.childLeftBadge)).toBeTruthy();
    expect(card.getByText(m.childLeft)).toBeTruthy();
    expect(card.queryByRole('button', { name: t.approve })).toBeNull();
    expect((card.getByLabelText(new RegExp(t.returnLetter)) as HTMLTextAreaElement).value).toBe(t.childLeftReturnReason);
    await userEvent.setup().click(card.getByRole('button', { name: t.returnLetter }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ method: 'POST', url: expect.stringContaining('/admin/letters/7/return') }));
    expect(requests.at(-1)?.data).toEqual({ reason: t.childLeftReturnReason });
  });

  it('offers no Marcar como entregada on an approved letter to a child who left, only Devolver', () => {
    const card = show(letter({ childLeft: true, status: 'approved', sharedBody: 'Hola Rosa' }));
    expect(card.queryByRole('button', { name: t.markDelivered })).toBeNull();
    expect(card.getByRole('button', { name: t.returnLetter })).toBeTruthy();
  });

  it("marks the child's reply after leaving but keeps it approvable for the sponsor", () => {
    const card = show(letter({ childLeft: true, direction: 'to_sponsor' }));
    expect(card.getByText(t.childLeftBadge)).toBeTruthy();
    expect(card.getByRole('button', { name: t.approve })).toBeTruthy();
  });
});
