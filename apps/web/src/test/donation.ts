// A whole donation as GET /donations/:id answers it (a pending monetary gift the viewer may process),
// with the parts a test cares about overridden; and what POST /donate answers.
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import type { Donation } from '@donaciones/shared/schemas/donations';
import type { MemberDonation } from '@donaciones/shared/schemas/member';

export const donationAnswer = (over: Partial<Donation> = {}): Donation => ({
  id: 5,
  donor_name: 'Rosa Tzul',
  donor_email: 'rosa.tzul@correo.gt',
  donor_anonymous: false,
  amount: 150,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'pending',
  description: 'Útiles escolares',
  reference_code: '#MG00000005',
  receipt_number: null,
  receipt_series: null,
  failure_reason: null,
  created_at: '2026-11-20T15:00:00Z',
  dated_by_day: false,
  updated_at: '2026-11-20T15:00:00Z',
  completed_at: null,
  donor_masked: false,
  can_process: true,
  can_cancel: true,
  ...over,
});

/** One row of the public list as a visitor sees it: a completed gift, its donor masked. */
export const publicListRow = (id: number, over: Partial<Donation> = {}): Donation =>
  donationAnswer({
    id,
    donor_name: `Persona ${id}`,
    donor_email: 'p***@correo.gt',
    amount: 100,
    status: 'completed',
    description: null,
    reference_code: null,
    created_at: '2026-10-01T15:00:00Z',
    updated_at: '2026-10-01T15:00:00Z',
    completed_at: '2026-10-01T15:00:00Z',
    donor_masked: true,
    can_process: false,
    can_cancel: false,
    ...over,
  });

/** POST /donate's answer with the simulated provider: a card gift of Q185 recorded, no page to go to. */
export const publicDonationAnswer = (over: Partial<PublicDonationResponse> = {}): PublicDonationResponse => ({
  id: 9,
  reference_code: '#MG00000009',
  amount: 185,
  currency: 'GTQ',
  covered_fee: 0,
  status: 'pending',
  card_last4: '4242',
  card_brand: 'visa',
  payment_provider: 'simulated',
  checkout_url: null,
  recurring_gift_id: null,
  created_at: '2026-11-23T00:00:00Z',
  ...over,
});

/** One gift of the donor's own list (Mis donaciones, the dashboard's recent donations): completed, with its receipt. */
export const memberDonation = (over: Partial<MemberDonation> = {}): MemberDonation => {
  const now = new Date().toISOString();
  return {
    id: 41,
    reference_code: '#MG12345678',
    donor_name: 'Ana López',
    donor_email: 'ana@prueba.gt',
    amount: 185.5,
    currency: 'GTQ',
    donation_type: 'monetary',
    status: 'completed',
    description: null,
    program_name: 'Programa de alimentación',
    receipt_number: 12,
    receipt_series: 'A',
    created_at: now,
    updated_at: now,
    completed_at: now,
    ...over,
  };
};
