// The mark beside the name of a donor who gave anonymously (docs/product.md#donor-privacy): staff who see
// the name (donors.read) are reminded not to name them in public. The others are shown "Anónimo" by the
// API instead of the name, and need no mark.
import { EyeOff } from 'lucide-react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { Badge } from '@/components/badge';

const c = adminMessages.common;

export function AnonymousMark({ name, anonymous }: { name: string; anonymous: boolean }) {
  if (!anonymous || name === donateMessages.anonymousDonor) return null;
  return (
    <Badge tone="neutral" className="ml-2 align-middle" icon={<EyeOff aria-hidden="true" className="size-3" />}>
      <span title={c.anonymousMarkHint}>{c.anonymousMark}</span>
      <span className="sr-only">: {c.anonymousMarkHint}</span>
    </Badge>
  );
}
