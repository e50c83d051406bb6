// Role helpers of the web app: roles compared in upper case, unknown roles treated as USER
// (SPEC.md §2), Spanish labels (SPEC.md §6).
import { ROLES, type Role } from '@donaciones/shared/constants';
import { rolesMessages } from '@donaciones/shared/messages/shell';

/** Upper-cases, maps unknown roles to USER, drops duplicates; keeps the order (main role first). */
export function normalizeRoles(roles: readonly string[] | null | undefined): Role[] {
  const out: Role[] = [];
  for (const raw of roles ?? []) {
    const upper = String(raw).trim().toUpperCase();
    const role: Role = (ROLES as readonly string[]).includes(upper) ? (upper as Role) : 'USER';
    if (!out.includes(role)) out.push(role);
  }
  return out;
}

/** The first role (main role), USER when there is none. */
export function primaryRole(roles: readonly string[] | null | undefined): Role {
  return normalizeRoles(roles)[0] ?? 'USER';
}

export function hasAnyRole(roles: readonly string[] | null | undefined, required: readonly string[]): boolean {
  const mine = normalizeRoles(roles);
  return required.some((r) => mine.includes(String(r).toUpperCase() as Role));
}

export function roleLabel(role: string): string {
  return rolesMessages[primaryRole([role])];
}
