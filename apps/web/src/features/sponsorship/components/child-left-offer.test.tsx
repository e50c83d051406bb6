// The choice of a sponsor whose child left, in "Mi ahijado/a" (docs/product.md#sponsorship, decision
// 0051): the waiting children with one button each (the same gift, no payment), keep giving, cancel
// only after confirming, the deadline, and the server's refusal shown.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sponsorshipLifecycleMessages as lm } from '@donaciones/shared/messages/sponsorship-lifecycle';
import type { ChildLeftOffer, OfferChoiceResponse } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { api } from '@/lib/api-client';
import { fakeAdapter, type FakeAnswer, type RecordedRequest } from '@/test/http';
import { ChildLeftOffers } from './child-left-offer';

const OFFER: ChildLeftOffer = { sponsorshipId: 11, childFirstName: 'Kevin', offerUntil: '2027-01-26T15:00:00.000Z', amountCents: 25_000, currency: 'GTQ' };
const ROSA = { id: 5, firstName: 'Rosa', age: 8, department: 'Sololá', programName: null, story: '', photoUrl: null, monthlyAmount: 250 };
const LUIS = { id: 6, firstName: 'Luis', age: 11, department: 'Quiché', programName: null, story: '', photoUrl: null, monthlyAmount: 250 };

function serve(options: { waiting?: (typeof ROSA)[] | (() => (typeof ROSA)[]); choice?: (req: RecordedRequest) => FakeAnswer } = {}) {
  let open = true;
  const { adapter, requests } = fakeAdapter((req) => {
    if (req.url === '/member/sponsorship-offers') return { status: 200, data: { offers: open ? [OFFER] : [] } };
    if (req.url === '/sponsorship/children') return { status: 200, data: { children: (typeof options.waiting === 'function' ? options.waiting() : options.waiting) ?? [ROSA, LUIS], monthlyAmount: 250, programs: [] } };
    if (req.method === 'POST') {
      const answer = options.choice?.(req) ?? { status: 200, data: answerTo(req.data as { choice: string }) };
      if (answer.status === 200) open = false;
      return answer;
    }
    return { status: 404, data: { detail: 'Recurso no encontrado' } };
  });
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ChildLeftOffers />
    </QueryClientProvider>,
  );
  return requests;
}

function answerTo(body: { choice: string }): OfferChoiceResponse {
  if (body.choice === 'another_child') return { choice: 'another_child', sponsorshipId: 12, childFirstName: 'Rosa' };
  return { choice: body.choice as 'keep_giving' | 'cancel', sponsorshipId: null, childFirstName: null };
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST');

describe('the choice after a sponsored child left', () => {
  it('shows the waiting children and the deadline, and moves the same gift to the one chosen in one click', async () => {
    const requests = serve();
    expect(await screen.findByRole('heading', { name: lm.offerTitle('Kevin') })).toBeTruthy();
    expect(screen.getByText(lm.offerDeadline('26 de enero de 2027'))).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: lm.chooseChild('Rosa') }));
    expect(await screen.findByText(lm.chosenAnother('Rosa'))).toBeTruthy();
    expect(posts(requests)).toHaveLength(1);
    expect(posts(requests)[0].url).toBe('/member/sponsorship-offers/11/choice');
    expect(posts(requests)[0].data).toEqual({ choice: 'another_child', childId: 5 });
    // The offer is gone once chosen; the message stays.
    expect(await screen.findByText(lm.chosenAnother('Rosa'))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: lm.offerTitle('Kevin') })).toBeNull();
  });

  it('lets the choice fall on the child waiting longest', async () => {
    const requests = serve();
    await userEvent.setup().click(await screen.findByRole('button', { name: lm.chooseLongestWaiting }));
    expect(await screen.findByText(lm.chosenAnother('Rosa'))).toBeTruthy();
    expect(posts(requests)[0].data).toEqual({ choice: 'another_child', childId: null });
  });

  it('keeps giving where most needed', async () => {
    const requests = serve();
    await userEvent.setup().click(await screen.findByRole('button', { name: lm.keepGiving }));
    expect(await screen.findByText(lm.chosenKeep)).toBeTruthy();
    expect(posts(requests)[0].data).toEqual({ choice: 'keep_giving' });
  });

  it('cancels only after the sponsor confirms, and can go back', async () => {
    const requests = serve();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: lm.cancel }));
    expect(posts(requests)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: lm.cancelBack }));
    await user.click(screen.getByRole('button', { name: lm.cancel }));
    await user.click(screen.getByRole('button', { name: lm.cancelConfirm }));
    expect(await screen.findByText(lm.chosenCancel)).toBeTruthy();
    expect(posts(requests).map((r) => r.data)).toEqual([{ choice: 'cancel' }]);
  });

  it('names the child who could not be sponsored, says the gift did not change, and reads the list again without that child', async () => {
    let taken = false;
    const requests = serve({
      // The list as the server answers it: Luis is gone once someone else took his place.
      waiting: () => (taken ? [ROSA] : [ROSA, LUIS]),
      choice: () => {
        taken = true;
        return { status: 409, data: { detail: 'Otra persona acaba de elegir ese lugar. Elige a otra niña u otro niño de la lista.' } };
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: lm.chooseChild('Luis') }));
    expect(await screen.findByText(lm.anotherChildUnavailable('Luis'))).toBeTruthy();
    expect(screen.queryByText(lm.failed)).toBeNull();
    expect(screen.getByRole('heading', { name: lm.offerTitle('Kevin') })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: lm.chooseChild('Luis') })).toBeNull());
    expect(screen.getByRole('button', { name: lm.chooseChild('Rosa') })).toBeTruthy();
    expect(requests.filter((r) => r.url === '/sponsorship/children').length).toBeGreaterThan(1);
  });

  it("keeps the API's words for any other refusal", async () => {
    serve({ choice: () => ({ status: 502, data: { detail: 'El proveedor de pagos no respondió.' } }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: lm.keepGiving }));
    expect(await screen.findByText(lm.failed)).toBeTruthy();
    expect(screen.getByText('El proveedor de pagos no respondió.')).toBeTruthy();
  });

  it('shows six waiting children at first, and more on "Ver más"', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...ROSA, id: 100 + i, firstName: `Niña${i + 1}` }));
    serve({ waiting: many });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: lm.chooseChild('Niña6') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: lm.chooseChild('Niña7') })).toBeNull();
    await user.click(screen.getByRole('button', { name: lm.showMore }));
    expect(screen.getByRole('button', { name: lm.chooseChild('Niña8') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: lm.showMore })).toBeNull();
  });

  it('says when nobody is waiting, leaving keep giving and cancel', async () => {
    serve({ waiting: [] });
    expect(await screen.findByText(lm.nobodyWaiting)).toBeTruthy();
    expect(screen.getByRole('button', { name: lm.keepGiving })).toBeTruthy();
    expect(screen.queryByRole('button', { name: lm.chooseLongestWaiting })).toBeNull();
  });
});
