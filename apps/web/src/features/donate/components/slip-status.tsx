// What the donor sees of a deposit's slips: "Recibimos tu boleta, la estamos verificando" while staff
// check it, the slips sent, and the outcome once decided (docs/product.md#bank-deposits).
import { CircleCheck, FileText, Hourglass } from 'lucide-react';
import { formatCents } from '@donaciones/shared/format';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';

const m = depositMessages.upload;

/** `2026-11-20` -> `20/11/2026`: a calendar day, not an instant (no time zone may move it). */
const calendarDay = (iso: string) => iso.split('-').reverse().join('/');

export function SlipStatus({ status }: { status: DepositStatus }) {
  const { donation, slips } = status;
  if (donation.status === 'completed') {
    return (
      <p className="flex items-start gap-2.5 rounded-2xl bg-brand-50 p-4 font-semibold text-brand-900 ring-1 ring-brand-100" role="status">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {m.completed}
      </p>
    );
  }
  if (!status.accepts_slips) {
    return (
      <p className="rounded-2xl bg-sand-100 p-4 text-sm text-ink-700" role="status">
        {m.donationClosed}
      </p>
    );
  }
  if (slips.length === 0) return null;
  return (
    <div className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100" role="status" data-testid="slip-status">
      <p className="flex items-start gap-2.5 font-semibold text-brand-900">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {m.received}
      </p>
      <p className="mt-1 pl-7.5 text-sm text-brand-900">{m.receivedHint}</p>
      <ul className="mt-3 space-y-1.5 pl-7.5 text-sm text-ink-700">
        {slips.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-x-2">
            <FileText aria-hidden="true" className="size-4 text-ink-500" />
            <span className="font-semibold break-all">{s.file_name}</span>
            <span className="text-ink-500">
              {[s.bank, s.slip_number, s.deposit_date ? calendarDay(s.deposit_date) : null, s.declared_amount_cents != null ? formatCents(s.declared_amount_cents, donation.currency) : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
