// The role rules, written once for the API and the web app (docs/product.md#roles-and-permissions):
// an account's roles are ordered, main role first; roles compare in upper case and an unknown role
// counts as USER; roles rank ADMIN > DONOR > USER.
import { ROLES, type Role } from './constants';

const rank = (role: Role) => ROLES.indexOf(role);

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

/** The first role (the main role), USER when there is none. */
export function mainRole(roles: readonly string[] | null | undefined): Role {
  return normalizeRoles(roles)[0] ?? 'USER';
}

export function hasRole(roles: readonly string[] | null | undefined, wanted: Role): boolean {
  return normalizeRoles(roles).includes(wanted);
}

export function hasAnyRole(roles: readonly string[] | null | undefined, wanted: readonly string[]): boolean {
  const mine = normalizeRoles(roles);
  return wanted.some((r) => mine.includes(String(r).toUpperCase() as Role));
}

/**
 * The roles an account gets when an admin picks `role` as its main role: the chosen role first,
 * then the roles it already had that rank below it. Demoting an admin therefore removes ADMIN;
 * promoting a donor to ADMIN keeps DONOR, so their receipts stay theirs.
 */
export function rolesWithMain(role: Role, previous: readonly string[] = []): Role[] {
  const had = normalizeRoles(previous);
  return [role, ...ROLES.filter((r) => rank(r) > rank(role) && had.includes(r))];
}

/**
 * The roles an admin gives a staff member: `main` first, then the other staff roles chosen in `also`
 * (in rank order), then the donor and account roles the person already had below `main`. A staff role
 * not chosen again is removed, so roles can be taken away as well as given.
 */
export function rolesFromChoice(main: Role, also: readonly Role[], previous: readonly string[] = []): Role[] {
  const staffAlso = ROLES.filter((r) => r !== main && !NON_STAFF_ROLES.includes(r) && also.includes(r));
  const kept = normalizeRoles(previous).filter((r) => NON_STAFF_ROLES.includes(r) && r !== main && rank(r) > rank(main));
  return [main, ...staffAlso, ...kept];
}

/** Adds `role` in rank order: before the first role that ranks below it (ADMIN stays first for staff). */
export function withRole(roles: readonly string[], role: Role): Role[] {
  const had = normalizeRoles(roles);
  if (had.includes(role)) return had;
  const at = had.findIndex((r) => rank(r) > rank(role));
  return at < 0 ? [...had, role] : [...had.slice(0, at), role, ...had.slice(at)];
}

/** Roles that are not staff: a donor and a plain account. Every other role is a staff role. */
export const NON_STAFF_ROLES: readonly string[] = ['DONOR', 'USER'];

/** Staff: an account holding any role except DONOR and USER (two-step sign-in may be required of it). */
export function isStaff(roles: readonly string[] | null | undefined): boolean {
  return (roles ?? []).some((r) => !NON_STAFF_ROLES.includes(String(r).trim().toUpperCase()));
}
