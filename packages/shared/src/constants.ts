// Business constants of docs/product.md#limits-and-constants, shared by the API and the web app.

export const APP_VERSION = '1.0.0';
export const API_BASE_PATH = '/api/v1';
export const HTTP_TIMEOUT_MS = 15_000;
export const CURRENCY = 'GTQ';
export const CURRENCY_SYMBOL = 'Q';
export const LOCALE = 'es-GT';
export const TIME_ZONE = 'America/Guatemala';

/** Ranked, highest first: ADMIN, the staff roles of docs/product.md#roles-and-permissions, DONOR, USER. */
export const ROLES = ['ADMIN', 'FINANCE', 'COMMUNICATIONS', 'SPONSORSHIP', 'VOLUNTEER', 'DONOR', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const DONATION_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded', 'voided'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

export const DONATION_TYPES = ['monetary', 'goods', 'services'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

/** docs/product.md#the-donation-ledger: the admin view of the single ledger. */
export const ADMIN_DONATION_STATUS = {
  pending: 'PENDING',
  completed: 'APPROVED',
  failed: 'DECLINED',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
  refunded: 'REFUNDED',
  voided: 'VOIDED',
} as const satisfies Record<DonationStatus, string>;
export type AdminDonationStatus = (typeof ADMIN_DONATION_STATUS)[DonationStatus];
export const ADMIN_DONATION_STATUSES = Object.values(ADMIN_DONATION_STATUS);

export const PRESET_AMOUNTS = [185, 75, 35, 15] as const;
export const DONATE_PROCESSING_MS = 2000;
export const REFERENCE_PREFIX = '#MG';

/** docs/product.md#validation-rules service-side bounds for POST /donations. */
export const SERVICE_MIN_AMOUNT = 1;
export const SERVICE_MAX_AMOUNT = 10_000;
/** docs/product.md#limits-and-constants defaults of the admin-configured bounds of the public flow. */
export const DEFAULT_MIN_DONATION = 1;
export const DEFAULT_MAX_DONATION = 50_000;
export const DEFAULT_NEXT_LEVEL_THRESHOLD = 3000;
export const DEFAULT_SYSTEM_HEALTH = 98;
export const DEFAULT_PENDING_EXPIRY_DAYS = 30;

/**
 * The opening of the home's placeholder for the organisation's description in the prerendered
 * first screen: the server puts the description itself before it when it sends the page, so that
 * the largest text of the first screen is in the HTML (docs/decisions/0027-prerendered-first-screen.md).
 */
export const PRERENDERED_DESCRIPTION_SLOT = '<div data-slot="organization-description"';
/**
 * The organisation's name in the prerendered first screens (header, footer, labels), which the
 * server replaces with the name when it sends them: no neutral brand first, then the name.
 */
export const PRERENDERED_NAME_MARK = '{{NOMBRE_DE_LA_ORGANIZACION}}';
/** The copyright's year in the prerendered pages, which the server replaces with the year in Guatemala when it sends them, not the build's. */
export const PRERENDERED_YEAR_MARK = '{{AÑO}}';

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
/** A search counts its matches up to here and then says "más de 1,000": an exact count of a frequent word reads the whole ledger. */
export const SEARCH_COUNT_CAP = 1_000;
export const RECENT_DONATIONS_SHOWN = 5;

export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
/** A name's length at most, one rule for registration (the full name), the profile and the users screen (first and last name). */
export const NAME_MAX_LENGTH = 100;

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const EVENT_TYPES = ['campaign', 'event', 'program'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Names of the cookie and header of the double-submit CSRF protection (docs/product.md#accounts-and-sessions). */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const REFRESH_COOKIE = 'refresh_token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** docs/product.md#accounts-and-sessions: stored tokens with this prefix come from an old mock login and are discarded. */
export const MOCK_TOKEN_PREFIX = 'mock';
