// The dashboard navigation of each role (docs/product.md#screens-and-routes, in this order and with these labels).
import type { LucideIcon } from 'lucide-react';
import { BarChart3, BookOpenCheck, CalendarSync, Contact, FileText, HandCoins, HeartHandshake, History, Landmark, LayoutDashboard, Baby, ListChecks, Mail, PlusCircle, Repeat, Settings, UserRound, Users } from 'lucide-react';
import type { Role } from '@donaciones/shared/constants';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { monthlyMessages } from '@donaciones/shared/messages/monthly';
import { navMessages } from '@donaciones/shared/messages/shell';
import { registerMessages } from '@donaciones/shared/messages/accounting';
import { paths } from '@/lib/paths';
import { can, isStaffMember, type Permission } from '@donaciones/shared/permissions';
import { normalizeRoles } from '@donaciones/shared/roles';

/** The three dashboards: the staff console, the donor's area and a plain account's. */
export type DashboardRole = Extract<Role, 'ADMIN' | 'DONOR' | 'USER'>;

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path. */
  end?: boolean;
  /** Pages outside the item's path that belong to it (shown as the current item there). */
  alsoActiveOn?: string[];
  /** Staff items: shown only to roles that hold this permission (packages/shared/src/permissions.ts). */
  permission?: Permission;
  /** Shown only to an account with a sponsorship (held, active or ended): a USER who sponsors without DONOR yet. */
  sponsorOnly?: boolean;
}

/** What the navigation knows beyond the roles. */
export interface NavigationContext {
  /** The account has a sponsorship to see in "Mi ahijado/a" (GET /member/sponsorships). */
  sponsor?: boolean;
}

/**
 * Which navigation a set of roles gets: any staff role (one that holds a permission) gets the staff
 * console's, filtered by permission; then DONOR, else USER.
 */
export function dashboardRole(roles: readonly string[] | null | undefined): DashboardRole {
  const mine = normalizeRoles(roles);
  if (isStaffMember(mine)) return 'ADMIN';
  if (mine.includes('DONOR')) return 'DONOR';
  return 'USER';
}

/**
 * Where each staff role starts (docs/product.md#screens-and-routes): the organisation's dashboard for
 * the roles that may read reports, and for the others the screen of their work, since the
 * organisation's figures are not theirs and their own giving is not why they sign in.
 */
const STAFF_START: Record<Exclude<Role, 'DONOR' | 'USER'>, string> = {
  ADMIN: paths.dashboard,
  FINANCE: paths.dashboard,
  COMMUNICATIONS: paths.dashboard,
  SPONSORSHIP: paths.adminSponsorship,
  VOLUNTEER: paths.adminDonations,
};

/**
 * A person's starting screen, where signing in and "Mi panel" take them: /dashboard for anyone who
 * may read reports (whatever their other roles) and for donors and plain accounts; else the start of
 * their first staff role in the account's order (main role first).
 */
export function startPathFor(roles: readonly string[] | null | undefined): string {
  if (can(roles, 'reports.read')) return paths.dashboard;
  const staff = normalizeRoles(roles).find((r): r is keyof typeof STAFF_START => r in STAFF_START);
  return staff ? STAFF_START[staff] : paths.dashboard;
}

const [adminHome, adminUsers, adminDonations, adminReports, adminSettings] = navMessages.admin;
const [donorHome, donorDonations, donorHistory, donorReceipts, donorNew, donorProfile] = navMessages.donor;
const [userHome, userOwnDonations, userDonations, userStats, userNew, userProfile] = navMessages.user;

const NAVIGATION: Record<DashboardRole, NavItem[]> = {
  ADMIN: [
    // The organisation's dashboard: other staff start on a screen of their own work (startPathFor).
    { label: adminHome, to: paths.dashboard, icon: LayoutDashboard, end: true, permission: 'reports.read' },
    { label: adminUsers, to: paths.adminUsers, icon: Users, permission: 'users.manage' },
    { label: adminDonations, to: paths.adminDonations, icon: HandCoins, permission: 'donations.read', alsoActiveOn: [paths.donationNew] },
    { label: monthlyAdminMessages.nav, to: paths.adminMonthlyGifts, icon: Repeat, permission: 'donations.read' },
    { label: donorsMessages.list.nav, to: paths.adminDonors, icon: Contact, permission: 'donors.read' },
    { label: bankStatementsMessages.screen.navLabel, to: paths.adminBankStatements, icon: Landmark, permission: 'bank.manage' },
    { label: adminReports, to: paths.adminReports, icon: BarChart3, permission: 'reports.read' },
    { label: registerMessages.title, to: paths.adminRegister, icon: BookOpenCheck, permission: 'register.read' },
    { label: navMessages.sponsorshipStaff, to: paths.adminSponsorship, icon: Baby, permission: 'sponsorship.manage' },
    { label: navMessages.letters, to: paths.adminLetters, icon: Mail, permission: 'sponsorship.manage' },
    { label: adminSettings, to: paths.adminSettings, icon: Settings },
  ],
  DONOR: [
    { label: donorHome, to: paths.dashboard, icon: LayoutDashboard, end: true },
    { label: donorDonations, to: paths.donorDonations, icon: HeartHandshake },
    { label: monthlyMessages.nav, to: paths.donorMonthlyGifts, icon: CalendarSync },
    { label: navMessages.myChild, to: paths.donorSponsorships, icon: Baby },
    { label: donorHistory, to: paths.donorHistory, icon: History },
    { label: donorReceipts, to: paths.donorReceipts, icon: FileText },
    { label: donorNew, to: paths.donate, icon: PlusCircle },
    { label: donorProfile, to: paths.donorProfile, icon: UserRound },
  ],
  USER: [
    { label: userHome, to: paths.dashboard, icon: LayoutDashboard, end: true },
    // Its own gifts even before one completes: a pending deposit, made signed in or brought in by confirming the address.
    { label: userOwnDonations, to: paths.donorDonations, icon: HeartHandshake },
    { label: userDonations, to: paths.donations, icon: ListChecks },
    { label: userStats, to: paths.stats, icon: BarChart3 },
    // A USER whose first sponsorship payment is on its way (or whose email is not confirmed yet, so no DONOR).
    { label: navMessages.myChild, to: paths.donorSponsorships, icon: Baby, sponsorOnly: true },
    { label: userNew, to: paths.donate, icon: PlusCircle },
    { label: userProfile, to: paths.donorProfile, icon: UserRound },
  ],
};

export function navigationFor(roles: readonly string[] | null | undefined, context: NavigationContext = {}): NavItem[] {
  return NAVIGATION[dashboardRole(roles)].filter((item) => (!item.permission || can(roles, item.permission)) && (!item.sponsorOnly || context.sponsor === true));
}
