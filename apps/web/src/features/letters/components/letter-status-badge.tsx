// A letter's status as a badge, one colour per status wherever it is shown (the sponsor's letters and
// the staff queue): "En revisión" amber, "Devuelta" red, "Aprobada" brand, "Entregada" green.
import { letterStatusLabels } from '@donaciones/shared/messages/letters';
import type { LetterStatus } from '@donaciones/shared/schemas/letter-codes';
import { Badge } from '@/components/badge';

const TONE = { in_review: 'warning', returned: 'danger', approved: 'brand', delivered: 'success' } as const satisfies Record<LetterStatus, string>;

export function LetterStatusBadge({ status }: { status: LetterStatus }) {
  return <Badge tone={TONE[status]}>{letterStatusLabels[status]}</Badge>;
}
