// A whole donation as GET /donations/:id answers it (a pending monetary gift the viewer may process),
// with the parts a test cares about overridden.
import type { Donation } from '@donaciones/shared/schemas/donations';

export const donationAnswer = (over: Partial<Donation> = {}): Donation => ({
  id: 5,
  donor_name: 'Rosa Tzul',
  donor_email: 'rosa.tzul@correo.gt',
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
