// The donor's phone and tax id in the admin donation detail (docs/product.md#receipts): rows of the
// donor card's list, from the staff-only answer.
import type { ReactNode } from 'react';
import { fiscalMessages as m } from '@donaciones/shared/messages/fiscal';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import { useDonationDonor } from '../api/donation-donor';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function DonationDonorRows({ id }: { id: number }) {
  const query = useDonationDonor(id);
  const donor = query.data;
  const pending = query.isError ? m.donorLoadError : '…';
  return (
    <>
      <Row label={m.donorPhone}>{donor ? (donor.phone ?? <span className="text-ink-500">{m.notGiven}</span>) : pending}</Row>
      <Row label={m.donorTaxId}>
        {donor ? (
          donor.tax_id ? (
            <span data-testid="donor-tax-id">
              <span className="font-semibold tabular-nums">{donor.tax_id}</span>
              {donor.tax_id_kind && <span className="text-ink-600">{` · ${taxIdMessages.kinds[donor.tax_id_kind]}`}</span>}
            </span>
          ) : (
            <span className="text-ink-500">{m.notGiven}</span>
          )
        ) : (
          pending
        )}
      </Row>
    </>
  );
}
