import { describe, expect, it } from 'vitest';
import type { Donation } from '@donaciones/shared/schemas/donations';
import { filterDonations } from './filter-donations';
import { formatAmount } from './donation-labels';

const base: Donation = {
  id: 1,
  donor_name: 'Lucía Pérez',
  donor_email: 'lucia.perez@gmail.com',
  amount: 185,
  currency: 'GTQ',
  donation_type: 'monetary',
  status: 'pending',
  description: null,
  reference_code: '#MG00000001',
  receipt_number: null,
  failure_reason: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  completed_at: null,
  donor_masked: false,
  can_process: false,
  can_cancel: false,
};
const rows: Donation[] = [
  base,
  { ...base, id: 2, donor_name: 'José R.', donor_email: 'j***@yahoo.com', status: 'completed', donation_type: 'goods' },
  { ...base, id: 3, donor_name: 'Ana Morales', donor_email: 'ana@correo.gt', status: 'failed', donation_type: 'services' },
];
const ids = (list: Donation[]) => list.map((d) => d.id);

describe('filterDonations', () => {
  it('finds by name ignoring case and accents, and by email', () => {
    expect(ids(filterDonations(rows, { search: 'LUCIA', status: '', type: '' }))).toEqual([1]);
    expect(ids(filterDonations(rows, { search: 'jose', status: '', type: '' }))).toEqual([2]);
    expect(ids(filterDonations(rows, { search: 'correo.gt', status: '', type: '' }))).toEqual([3]);
    expect(ids(filterDonations(rows, { search: '  ', status: '', type: '' }))).toEqual([1, 2, 3]);
  });

  it('combines the status and type filters with the search', () => {
    expect(ids(filterDonations(rows, { search: '', status: 'completed', type: '' }))).toEqual([2]);
    expect(ids(filterDonations(rows, { search: '', status: '', type: 'services' }))).toEqual([3]);
    expect(ids(filterDonations(rows, { search: 'ana', status: 'completed', type: '' }))).toEqual([]);
  });
});

describe('formatAmount', () => {
  it('uses the quetzal format for GTQ and the code otherwise', () => {
    expect(formatAmount(185, 'GTQ').replace(/\s/g, '')).toBe('Q185.00');
    expect(formatAmount(25, 'USD')).toBe('25.00 USD');
  });
});
