// The sponsors of a child on the staff's record (docs/product.md#sponsorship): each place's status, who
// holds it, since or until when, and how they pay: card, or monthly transfer with its permanent
// reference (decision 0054); and the sponsorship's number, which staff type to upload a child's reply, or
// which «Subir respuesta» carries to Cartas.
import { Link } from 'react-router';
import { formatLongDate } from '@donaciones/shared/format';
import { letterScreenText } from '@donaciones/shared/messages/letters';
import { sponsorshipTransferMessages as m } from '@donaciones/shared/messages/sponsorship-transfer';
import type { StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';
import { Badge } from '@/components/badge';
import { adminReplyPath } from '@/lib/paths';

/** A held place until when; a started one since when; a place let go before it started, until when it was held. */
function when(s: StaffChildDetail['sponsorships'][number]): string {
  if (s.status === 'held') return m.staffHeldUntil(formatLongDate(s.heldUntil));
  if (s.startedAt) return m.staffSince(formatLongDate(s.startedAt));
  return s.status === 'released' ? m.staffHoldReleased(formatLongDate(s.heldUntil)) : '';
}

export function ChildSponsors({ sponsorships }: { sponsorships: StaffChildDetail['sponsorships'] }) {
  if (sponsorships.length === 0) return <p className="text-ink-700">{m.staffNoSponsors}</p>;
  return (
    <ul className="space-y-2" data-testid="child-sponsors">
      {sponsorships.map((s) => (
        <li key={s.id} className="flex flex-wrap items-center gap-2">
          <Badge tone={s.status === 'active' ? 'success' : s.status === 'held' ? 'warning' : 'neutral'}>{m.staffStatus[s.status] ?? s.status}</Badge>
          <span className="font-mono text-sm" title={m.staffNumberHint}>{m.staffNumber(s.id)}</span>
          <span className="font-semibold">{s.sponsorName ?? m.staffNoName}</span>
          {s.paymentMethod && <Badge tone={s.paymentMethod === 'transfer' ? 'accent' : 'brand'}>{s.paymentMethod === 'transfer' ? m.staffMark : m.staffCard}</Badge>}
          {s.transferReference && <span className="font-mono text-sm">{m.staffReference(s.transferReference)}</span>}
          <span className="text-sm text-ink-600">{when(s)}</span>
          {/* The sponsorships a child's reply may answer (the API takes active and ended ones). */}
          {(s.status === 'active' || s.status === 'ended') && (
            <Link to={adminReplyPath(s.id)} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
              {letterScreenText.replyFromRecord}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
