// The root query key of each area of server state. A feature builds its own keys under its root
// (features/<name>/api/keys.ts); a mutation that changes another area's data invalidates that
// area by its root from here, never by a retyped literal.
export const queryRoots = {
  /** The admin console's lists, dashboard and reports. */
  admin: ['admin'],
  /** The admin's system settings and organisation content. */
  system: ['system'],
  /** The donation screens (lists, details, statistics). */
  donations: ['donations'],
  /** The signed-in person's dashboard, donations, history and receipts. */
  member: ['member'],
  /** The signed-in person's profile and preferences. */
  settings: ['settings'],
  /** A monthly gift opened by the signed link of its emails, without signing in (/donacion-mensual). */
  managedMonthlyGift: ['monthly-gift-link'],
  /** A bank deposit and its slips, by its signed link or its owner (/boleta). */
  deposit: ['deposit'],
  /** GET /public/site, shared by the layouts, the home page and the checkout. */
  publicSite: ['public', 'site'],
  auth: ['auth'],
} as const;
