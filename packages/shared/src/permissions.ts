// What each staff role may do (docs/product.md#roles-and-permissions): named permissions, granted to
// roles by one table that the API enforces on every staff route and the web app reads for its
// navigation. ADMIN holds every permission; DONOR and USER hold none (their own data is reached by
// ownership, not by permission). An account with several roles holds the union of theirs.
import { normalizeRoles } from './roles';
import type { Role } from './constants';

export const PERMISSIONS = [
  /** The review queue and the lists of donations. */
  'donations.read',
  /** Approve, reject or process a donation; review deposits. */
  'donations.decide',
  /** Enter a gift received by the office, as pending. */
  'gifts.enter',
  /** Enter a gift as received (it completes with its receipt). */
  'gifts.complete',
  /** Refunds, voids, corrections, reopening, a deposit's amount adjusted. */
  'corrections.manage',
  /** The organisation's bank accounts and the bank statements. */
  'bank.manage',
  /** The register (Contabilidad) and its exports. */
  'register.read',
  /** Closing a month. */
  'close.manage',
  /** Fiscal settings and electronic invoicing (FEL). */
  'fiscal.manage',
  /** Donor records with contact details (address, NIT, phone, email), receipts of others. */
  'donors.read',
  /** Editing, merging and importing donor records; exports with contact details. */
  'donors.manage',
  /** Donors' names only (never contact details). */
  'donors.names',
  /** Reports and figures without donor contact details. */
  'reports.read',
  /** The organisation's public content: programmes, events, pages. */
  'content.manage',
  /** Children's sponsorship: child records and letters. */
  'sponsorship.manage',
  /** Children's lists exported with their staff-level fields (full name, birth date, community, school, guardian); decision 0053. */
  'sponsorship.export_staff_fields',
  /** Staff accounts, their roles, sessions and second step. */
  'users.manage',
  /** System settings (limits, payments, email, security). */
  'settings.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const FINANCE: readonly Permission[] = [
  'donations.read',
  'donations.decide',
  'gifts.enter',
  'gifts.complete',
  'corrections.manage',
  'bank.manage',
  'register.read',
  'close.manage',
  'fiscal.manage',
  'donors.read',
  'donors.manage',
  'reports.read',
];

/** The permissions of each role. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  FINANCE,
  COMMUNICATIONS: ['content.manage', 'reports.read'],
  SPONSORSHIP: ['sponsorship.manage', 'donors.names'],
  VOLUNTEER: ['donations.read', 'gifts.enter'],
  DONOR: [],
  USER: [],
};

/** Every permission the roles grant together. */
export function permissionsOf(roles: readonly string[] | null | undefined): Set<Permission> {
  return new Set(normalizeRoles(roles).flatMap((role) => ROLE_PERMISSIONS[role]));
}

/** Whether an account with these roles may do what `permission` names. */
export function can(roles: readonly string[] | null | undefined, permission: Permission): boolean {
  return normalizeRoles(roles).some((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** Whether the roles hold any staff permission at all (the staff console is theirs). */
export function isStaffMember(roles: readonly string[] | null | undefined): boolean {
  return permissionsOf(roles).size > 0;
}
