// A monthly gift's status with its Spanish label (docs/product.md#monthly-giving): active green, past due
// amber, cancelled red, incomplete and paused neutral. The same badge for the donor and for staff.
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import type { MonthlyGiftStatus } from '@donaciones/shared/schemas/monthly';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<MonthlyGiftStatus, BadgeTone> = {
  incomplete: 'neutral',
  active: 'success',
  past_due: 'warning',
  paused: 'neutral',
  cancelled: 'danger',
};

export function MonthlyStatusBadge({ status }: { status: MonthlyGiftStatus }) {
  return (
    <Badge tone={TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {monthlyMessages.statuses[status]}
    </Badge>
  );
}
