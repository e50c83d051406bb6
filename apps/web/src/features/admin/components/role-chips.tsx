// Every role an account holds, as chips in the account's order (docs/product.md#roles-and-permissions):
// the main role first, in the colour of the top bar's badge, then the others in a quieter colour.
import { adminMessages } from '@donaciones/shared/messages/admin';
import { normalizeRoles } from '@donaciones/shared/roles';
import { Badge } from '@/components/badge';
import { cn } from '@/lib/cn';
import { roleLabel } from '@/lib/roles';

export function RoleChips({ roles, className }: { roles: readonly string[]; className?: string }) {
  const all = normalizeRoles(roles);
  const shown = all.length > 0 ? all : (['USER'] as const);
  return (
    <ul aria-label={adminMessages.users.rolesLabel} className={cn('flex flex-wrap gap-1', className)}>
      {shown.map((role, i) => (
        <li key={role}>
          <Badge tone={i > 0 ? 'neutral' : role === 'ADMIN' ? 'accent' : 'brand'}>
            {roleLabel(role)}
            {i === 0 && shown.length > 1 && <span className="sr-only"> ({adminMessages.users.mainRole})</span>}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
