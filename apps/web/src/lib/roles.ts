// The Spanish label of a role; the role rules themselves live in @donaciones/shared/roles.
import { rolesMessages } from '@donaciones/shared/messages/shell';
import { mainRole } from '@donaciones/shared/roles';

export function roleLabel(role: string): string {
  return rolesMessages[mainRole([role])];
}
