// Authorization matrix: every route the app registers x {anonymous, USER, DONOR, ADMIN, a
// different user's resource}, asserted with real requests and real tokens from a real sign-in. The
// table below is the contract: a new route without an entry, or an entry whose route is gone, fails.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import type { Role } from '@donaciones/shared/constants';
import { eventInputSchema, programInputSchema } from '@donaciones/shared/schemas/admin';
import { DEFAULT_FISCAL_SETTINGS } from '@donaciones/shared/schemas/fiscal';
import { DEFAULT_PAYMENT_SETTINGS } from '@donaciones/shared/schemas/payments';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { DEFAULT_SPONSORSHIP_SETTINGS } from '@donaciones/shared/schemas/sponsorship';
import { guatemalaDay } from '@donaciones/shared/format';
import { authTokens, bankStatementImports, bankStatementLines, donations, sessions, sponsorships, userPreferences, users } from '../../src/db/schema';
import { createEvent, createProgram } from '../../src/domain/content/content';
import { guatemalaYearMonth } from '../../src/domain/giving/own-donations';
import { hashToken, newOpaqueToken } from '../../src/domain/accounts/sessions';
import { signedLinks } from '../../src/platform/signed-links';
import { addDepositSlip } from '../../src/domain/deposits/deposits';
import { freshIp, loginAs, validRegistration } from '../support/auth';
import { createTestApp, createUser, type TestContext } from '../support/helpers';
import { aMonthlyGift } from '../support/monthly';
import * as make from '../support/factory';
import * as sponsor from '../support/sponsorship';
import { aLetter, aPng, aSponsorshipOf } from '../support/letters';
import { aProgressReportOf } from '../support/progress-reports';
import { aBirthdaySponsorship, aPaidBirthdayGift } from '../support/birthday-gifts';

type Column = 'anonymous' | 'USER' | 'DONOR' | 'ADMIN' | 'other';
const ROLE_COLUMNS = ['anonymous', 'USER', 'DONOR', 'ADMIN'] as const;

interface Account {
  id: number;
  email: string;
  password: string;
  roles: Role[];
  token: string;
}

interface Call {
  /** Who sends the request (null: no credentials at all). */
  actor: Account | null;
  /** Whose resource the request is about: the actor's own in the role columns, another user's in "other". */
  owner: Account;
}

type Request = Omit<InjectOptions, 'method'> & { url: string };

interface Entry {
  anonymous: number;
  USER: number;
  DONOR: number;
  ADMIN: number;
  /**
   * A USER's request for another user's resource. `me` routes take no id: the request then carries
   * the other user's id in the query (`?user_id=`), which must be ignored (the answer is about the
   * caller). Absent: the route has no owned resource (public, or ADMIN only).
   */
  other?: number;
  /** Builds the request; by default the route's url as is, no body. */
  request?: (call: Call) => Request | Promise<Request>;
}

let ctx: TestContext;
const registered = new Set<string>();
const accounts = {} as Record<'USER' | 'DONOR' | 'ADMIN' | 'victim', Account>;
const currentYear = guatemalaYearMonth(new Date()).year;
let counter = 0;
const unique = (label: string) => `${label}.${Date.now().toString(36)}.${++counter}@matriz.gt`;

/** A donor record: a gift with a new email gets one of its own. */
async function aDonor(tag: string): Promise<number> {
  const gift = await make.donation(ctx.db, { donorEmail: unique(tag), status: 'completed' });
  const [row] = await ctx.db.select({ donorId: donations.donorId }).from(donations).where(eq(donations.id, gift.id));
  return row.donorId!;
}

const DONOR_EDIT = {
  kind: 'person',
  name: 'Rosa Xicará',
  contactPerson: null,
  taxId: null,
  emails: ['rosa.xicara@correo.gt'],
  phones: [],
  address: null,
  consentEmail: true,
  consentWhatsapp: false,
  notes: null,
  tags: [],
};

/** The columns' accounts are signed in through the real login route, so their tokens are real. */
async function account(roles: Role[]): Promise<Account> {
  const created = await createUser(ctx.db, { roles });
  const tokens = await loginAs(ctx.app, created.email, created.password);
  return { ...created, roles, token: tokens.access_token };
}

/** A fresh session of the account (for logout and refresh, which end or rotate the session they use). */
async function freshTokens(who: Account) {
  return loginAs(ctx.app, who.email, who.password);
}

/** The no-login link's token of a fresh monthly gift. */
async function monthlyLink(values: Parameters<typeof aMonthlyGift>[1] = {}) {
  const gift = await aMonthlyGift(ctx.db, values);
  return signedLinks(ctx.config.jwtSecret).sign({ purpose: 'monthly-gift', subject: gift.id });
}

async function completedDonationOf(owner: Account) {
  return make.donation(ctx.db, { userId: owner.id, donorEmail: owner.email, amount: 250, status: 'completed' });
}

/** A sponsorship of `userId` whose child left, its choice still open, its monthly gift running (decision 0051). */
async function anOpenOffer(userId: number): Promise<number> {
  const gift = await aMonthlyGift(ctx.db, { userId });
  const id = await aSponsorshipOf(ctx.db, userId);
  await ctx.db
    .update(sponsorships)
    .set({ status: 'ended', endReason: 'child_left', endedAt: new Date(), offerUntil: new Date(Date.now() + 30 * 86_400_000), recurringGiftId: gift.id })
    .where(eq(sponsorships.id, id));
  return id;
}

/** The signed link of the child-left email of a sponsor without an account, to an open offer. */
async function offerLink(): Promise<string> {
  return signedLinks(ctx.config.jwtSecret).sign({ purpose: 'sponsorship-offer', subject: await anOpenOffer(accounts.victim.id) });
}

const adminOnly = (ok: number): Pick<Entry, (typeof ROLE_COLUMNS)[number]> => ({ anonymous: 401, USER: 403, DONOR: 403, ADMIN: ok });
const signedIn = (ok: number): Pick<Entry, (typeof ROLE_COLUMNS)[number]> => ({ anonymous: 401, USER: ok, DONOR: ok, ADMIN: ok });
const everyone = (ok: number): Pick<Entry, (typeof ROLE_COLUMNS)[number]> => ({ anonymous: ok, USER: ok, DONOR: ok, ADMIN: ok });
/** A `me` route: the other user's id in the query changes nothing. */
const meQuery = (url: string, extra: Omit<Request, 'url'> = {}) => (call: Call): Request => ({
  url: call.owner === call.actor || !call.actor ? url : `${url}?user_id=${call.owner.id}`,
  ...extra,
});

const V1 = '/api/v1';

const STATEMENT_MAPPING = { date: 'Fecha', description: 'Descripción', reference: null, credit: 'Crédito', debit: null };
const statementFile = () => ({
  bank: `Banco ${unique('matriz')}`,
  file_name: 'movimientos.csv',
  content_base64: Buffer.from('Fecha;Descripción;Crédito\n02/03/2026;DEPOSITO;100,00\n').toString('base64'),
});
/** An imported credit line and a pending bank deposit of the same amount, made today (or, unmatched, a credit no deposit fits). */
async function statementLine(options: { unmatched?: boolean } = {}) {
  const deposit = await make.donation(ctx.db, { status: 'pending', donorEmail: unique('conciliar'), paymentMethod: 'bank_deposit', amountCents: 4_321 });
  const [imported] = await ctx.db
    .insert(bankStatementImports)
    .values({ bank: 'Banco matriz', fileName: 'm.csv', sha256: 'f'.repeat(64), delimiter: ';', creditLines: 1, skippedLines: 0 })
    .returning();
  const [line] = await ctx.db
    .insert(bankStatementLines)
    .values({ importId: imported.id, lineNumber: 2, postedOn: guatemalaDay(new Date()), description: 'DEPOSITO', creditCents: options.unmatched ? 9_876_543 : 4_321, movementKey: `authz-${deposit.id}`, matchState: options.unmatched ? 'unmatched' : 'proposed' })
    .returning();
  return { importId: imported.id, lineId: line.id, donationId: deposit.id };
}

const BANK_ACCOUNT = { id: 'banrural', bank: 'Banrural', accountType: 'monetaria' as const, number: '3-033-01234-5', holder: 'Fundación', hidden: false, sortOrder: 0 };

/** A small real PNG, as a phone would send a slip. */
const slipImage = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();

/** A pending bank deposit of the account (anonymous callers get one of the victim's). */
async function depositOf(owner: Account) {
  return make.donation(ctx.db, { status: 'pending', donorEmail: owner.email, userId: owner.id, paymentMethod: 'bank_deposit' });
}

/** A slip of a fresh deposit of the account, stored as the upload stores it. */
async function slipOf(owner: Account): Promise<number> {
  const donation = await depositOf(owner);
  const status = await addDepositSlip(ctx.db, {
    donationId: donation.id,
    access: { user: { id: owner.id, email: owner.email, roles: owner.roles }, linkDonationId: null, tokenGiven: false },
    file: await slipImage(),
    fields: { bank: 'Banrural', depositDate: '2026-11-20', slipNumber: 'M-2', amount: '100' },
  });
  return status.slips[0].id;
}

const matrix: Record<string, Entry> = {
  // ---------------------------------------------------------------- system and public site
  [`GET ${V1}/health`]: everyone(200),
  [`GET ${V1}/public/site`]: everyone(200),
  // ---------------------------------------------------------------- children's sponsorship (public, sponsor, staff)
  [`GET ${V1}/sponsorship/children`]: everyone(200),
  [`GET ${V1}/sponsorship/children/:id`]: { ...everyone(200), request: async () => ({ url: `${V1}/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}` }) },
  [`GET ${V1}/sponsorship/photos/:id`]: {
    ...everyone(200),
    request: async () => {
      const child = await sponsor.aChild(ctx.db);
      await sponsor.aConsent(ctx.db, child.id);
      return { url: `${V1}/sponsorship/photos/${(await sponsor.aPhoto(ctx.db, child.id)).id}` };
    },
  },
  [`POST ${V1}/sponsorship/holds`]: { ...everyone(201), request: async () => ({ url: `${V1}/sponsorship/holds`, payload: { childId: (await sponsor.aChild(ctx.db)).id } }) },
  [`POST ${V1}/sponsorship/holds/:token/start`]: {
    ...everyone(201),
    request: async () => {
      const hold = await ctx.app.inject({ method: 'POST', url: `${V1}/sponsorship/holds`, payload: { childId: (await sponsor.aChild(ctx.db)).id } });
      return {
        url: `${V1}/sponsorship/holds/${hold.json().holdToken}/start`,
        payload: { donorName: 'Padrino Matriz', email: unique('padrino'), cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
      };
    },
  },
  [`GET ${V1}/member/sponsorships`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/member/sponsorships`) },
  [`GET ${V1}/admin/sponsorship/children`]: adminOnly(200),
  [`POST ${V1}/admin/sponsorship/children`]: {
    ...adminOnly(201),
    request: () => ({ url: `${V1}/admin/sponsorship/children`, payload: { firstName: 'Ana', fullName: 'Ana Matriz', birthDate: '2015-01-01', department: 'Sololá' } }),
  },
  [`GET ${V1}/admin/sponsorship/children/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}` }) },
  [`PUT ${V1}/admin/sponsorship/children/:id`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}`,
      payload: { firstName: 'Ana', fullName: 'Ana Matriz', birthDate: '2015-01-01', department: 'Sololá' },
    }),
  },
  [`POST ${V1}/admin/sponsorship/children/:id/status`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}/status`, payload: { status: 'paused' } }),
  },
  [`POST ${V1}/admin/sponsorship/children/:id/consents`]: {
    ...adminOnly(201),
    request: async () => ({
      url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}/consents`,
      payload: { givenBy: 'Encargada', relationship: 'madre', givenOn: '2026-01-10', scope: 'photos', expiresOn: '2099-01-10' },
    }),
  },
  [`POST ${V1}/admin/sponsorship/consents/:id/revoke`]: {
    ...adminOnly(204),
    request: async () => ({ url: `${V1}/admin/sponsorship/consents/${(await sponsor.aConsent(ctx.db, (await sponsor.aChild(ctx.db)).id)).id}/revoke` }),
  },
  [`GET ${V1}/admin/sponsorship/photos/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/sponsorship/photos/${(await sponsor.aPhoto(ctx.db, (await sponsor.aChild(ctx.db)).id)).id}` }) },
  [`POST ${V1}/admin/sponsorship/children/:id/photos`]: {
    ...adminOnly(201),
    request: async () => {
      const child = await sponsor.aChild(ctx.db);
      await sponsor.aConsent(ctx.db, child.id);
      return { url: `${V1}/admin/sponsorship/children/${child.id}/photos`, payload: await sponsor.aDrawing(), headers: { 'content-type': 'application/octet-stream' } };
    },
  },
  [`POST ${V1}/donate`]: {
    ...everyone(201),
    request: () => ({
      url: `${V1}/donate`,
      headers: { 'idempotency-key': randomUUID() },
      remoteAddress: freshIp(),
      payload: { donorName: 'Lucía Ramírez', email: unique('donar'), amount: 75, cardLast4: '4242', cardBrand: 'visa', acceptTerms: true },
    }),
  },

  // ---------------------------------------------------------------- card payments (simulated provider here)
  [`GET ${V1}/donate/status`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/donate/status`, query: { ref: (await make.donation(ctx.db, { status: 'pending', donorEmail: unique('estado') })).referenceCode } }),
  },
  // No provider is configured in this matrix: nothing to retry.
  [`POST ${V1}/donate/retry`]: {
    ...everyone(409),
    request: async () => ({ url: `${V1}/donate/retry`, payload: { ref: (await make.donation(ctx.db, { status: 'pending', donorEmail: unique('reintento') })).referenceCode } }),
  },
  // Signed by the provider, never by a session: unsigned is 400 for everyone.
  [`POST ${V1}/payments/recurrente/webhook`]: { ...everyone(400), request: () => ({ url: `${V1}/payments/recurrente/webhook`, payload: { id: 'pa_x' } }) },
  [`GET ${V1}/admin/donations/:id/review`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('revision') })).id}/review` }),
  },
  [`GET ${V1}/admin/donations/:id/payment`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('pago') })).id}/payment` }),
  },
  // A pending donation cannot be refunded: ADMIN gets past the role check to the state's 409.
  [`POST ${V1}/admin/donations/:id/refund`]: {
    ...adminOnly(409),
    request: async () => ({
      url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('reembolso') })).id}/refund`,
      payload: { reason: 'Pedido del donante' },
    }),
  },
  [`GET ${V1}/admin/payments/problems`]: adminOnly(200),
  // No gateway here: ADMIN gets past the role check to the missing provider's 409.
  [`POST ${V1}/admin/payment-events/:id/refund`]: { ...adminOnly(409), request: () => ({ url: `${V1}/admin/payment-events/1/refund` }) },
  // ---------------------------------------------------------------- receipt certification (FEL off here)
  [`GET ${V1}/admin/donations/:id/fel`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('fel') })).id}/fel` }),
  },
  // With FEL off there is nothing to certify: ADMIN gets past the role check to 409.
  [`POST ${V1}/admin/donations/:id/fel/retry`]: {
    ...adminOnly(409),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('fel-reintento') })).id}/fel/retry` }),
  },
  // ---------------------------------------------------------------- fiscal receipts (staff side)
  [`GET ${V1}/admin/donations/:id/receipt.pdf`]: {
    ...adminOnly(200),
    request: async ({ owner }) => ({ url: `${V1}/admin/donations/${(await completedDonationOf(owner)).id}/receipt.pdf` }),
  },
  [`POST ${V1}/admin/donations/:id/receipt/resend`]: {
    ...adminOnly(200),
    request: async ({ owner }) => ({ url: `${V1}/admin/donations/${(await completedDonationOf(owner)).id}/receipt/resend` }),
  },
  [`POST ${V1}/admin/donations/:id/statement/resend`]: {
    ...adminOnly(200),
    request: async ({ owner }) => ({ url: `${V1}/admin/donations/${(await completedDonationOf(owner)).id}/statement/resend`, payload: {} }),
  },
  // ---------------------------------------------------------------- fiscal identity
  [`GET ${V1}/admin/settings/fiscal`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/fiscal`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/settings/fiscal`, payload: DEFAULT_FISCAL_SETTINGS }) },
  [`GET ${V1}/admin/donations/:id/donor`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('nit') })).id}/donor` }),
  },
  // ---------------------------------------------------------------- bank deposits, donor side
  [`GET ${V1}/admin/settings/bank-accounts`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/bank-accounts`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/settings/bank-accounts`, payload: { accounts: [BANK_ACCOUNT] } }),
  },
  [`GET ${V1}/admin/settings/slip-storage`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/slip-storage`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/settings/slip-storage`, payload: { per_donation_mb: 25, total_mb: 2048, retention_days: 90 } }),
  },
  [`GET ${V1}/admin/settings/email-delivery`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/email-delivery`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/settings/email-delivery`, payload: { per_minute: 600, sent_retention_days: 180 } }),
  },
  [`GET ${V1}/admin/settings/sponsorship`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/sponsorship`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/settings/sponsorship`, payload: DEFAULT_SPONSORSHIP_SETTINGS }),
  },
  // The owner's deposit (signed in); a stranger's answer is 403, anonymous without the link 401.
  [`POST ${V1}/donations/:id/slip`]: {
    ...signedIn(201),
    other: 403,
    request: async ({ owner }) => ({
      url: `${V1}/donations/${(await depositOf(owner)).id}/slip`,
      query: { bank: 'Banrural', depositDate: '2026-11-20', slipNumber: 'M-1', amount: '100.00', fileName: 'boleta.png' },
      headers: { 'content-type': 'application/octet-stream' },
      payload: await slipImage(),
    }),
  },
  [`GET ${V1}/deposit`]: {
    ...everyone(200),
    request: async ({ owner }) => ({ url: `${V1}/deposit`, query: { token: await signedLinks(ctx.config.jwtSecret).sign({ purpose: 'deposit-slip', subject: (await depositOf(owner)).id }) } }),
  },
  [`GET ${V1}/donations/:id/deposit`]: { ...signedIn(200), other: 403, request: async ({ owner }) => ({ url: `${V1}/donations/${(await depositOf(owner)).id}/deposit` }) },
  [`GET ${V1}/attachments/:id`]: { ...signedIn(200), other: 403, request: async ({ owner }) => ({ url: `${V1}/attachments/${await slipOf(owner)}` }) },
  [`GET ${V1}/attachments/:id/preview`]: { ...signedIn(200), other: 403, request: async ({ owner }) => ({ url: `${V1}/attachments/${await slipOf(owner)}/preview` }) },

  [`GET ${V1}/admin/settings/payments`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/payments`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/settings/payments`, payload: DEFAULT_PAYMENT_SETTINGS }),
  },

  // ---------------------------------------------------------------- bank deposits, staff side
  [`GET ${V1}/admin/donations/:id/deposit`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('boleta'), paymentMethod: 'bank_deposit' })).id}/deposit` }),
  },
  // ---------------------------------------------------------------- imports from spreadsheets
  [`POST ${V1}/admin/imports/preview`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/imports/preview`, payload: { kind: 'donors', file_name: 'donantes.csv', content_base64: Buffer.from('Nombre;Correo\nAna;ana@prueba.gt\n').toString('base64') } }),
  },
  [`POST ${V1}/admin/imports`]: {
    ...adminOnly(200),
    request: () => ({
      url: `${V1}/admin/imports`,
      payload: { kind: 'donors', file_name: 'donantes.csv', content_base64: Buffer.from('Nombre;Correo\nAna;ana@prueba.gt\n').toString('base64'), mapping: { name: 'Nombre', email: 'Correo' }, dry_run: true },
    }),
  },
  [`GET ${V1}/admin/bank-statements`]: adminOnly(200),
  [`POST ${V1}/admin/bank-statements/preview`]: {
    ...adminOnly(200),
    request: () => ({ url: `${V1}/admin/bank-statements/preview`, payload: statementFile() }),
  },
  [`POST ${V1}/admin/bank-statements`]: {
    ...adminOnly(201),
    request: () => ({ url: `${V1}/admin/bank-statements`, payload: { ...statementFile(), mapping: STATEMENT_MAPPING } }),
  },
  [`GET ${V1}/admin/bank-statements/:id`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/bank-statements/${(await statementLine()).importId}` }),
  },
  // The line pays a pending deposit of the same amount today: ADMIN confirms it (and approves the donation).
  [`POST ${V1}/admin/bank-statements/:id/lines/:lineId/confirm`]: {
    ...adminOnly(200),
    request: async () => {
      const { importId, lineId, donationId } = await statementLine();
      return { url: `${V1}/admin/bank-statements/${importId}/lines/${lineId}/confirm`, payload: { donation_id: donationId } };
    },
  },
  // A credit no deposit explains: ADMIN records it as a donation.
  [`POST ${V1}/admin/bank-statements/:id/lines/:lineId/donation`]: {
    ...adminOnly(201),
    request: async () => {
      const { importId, lineId } = await statementLine({ unmatched: true });
      return { url: `${V1}/admin/bank-statements/${importId}/lines/${lineId}/donation`, payload: { donor_name: 'Ana Depósito', donor_email: unique('sin-registro'), donor_nit: '7766554-6' } };
    },
  },

  // ---------------------------------------------------------------- accounts and sessions
  [`POST ${V1}/auth/register`]: {
    ...everyone(201),
    request: () => ({ url: `${V1}/auth/register`, payload: validRegistration(unique('registro')), remoteAddress: freshIp() }),
  },
  [`POST ${V1}/auth/login`]: {
    ...everyone(200),
    request: ({ actor }) => {
      const who = actor ?? accounts.USER;
      return { url: `${V1}/auth/login`, payload: { email: who.email, password: who.password }, remoteAddress: freshIp() };
    },
  },
  [`GET ${V1}/auth/me`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/auth/me`) },
  [`POST ${V1}/auth/refresh`]: {
    // The refresh token is the credential: without one, 401; each account rotates its own.
    ...signedIn(200),
    request: async ({ actor }) => ({
      url: `${V1}/auth/refresh`,
      payload: actor ? { refresh_token: (await freshTokens(actor)).refresh_token } : {},
    }),
  },
  [`POST ${V1}/auth/logout`]: {
    // Harmless without credentials; with a bearer token it ends that (fresh) session only.
    ...everyone(200),
    request: async ({ actor }) => ({
      url: `${V1}/auth/logout`,
      headers: actor ? { authorization: `Bearer ${(await freshTokens(actor)).access_token}` } : {},
    }),
  },
  [`POST ${V1}/auth/forgot-password`]: {
    ...everyone(200),
    request: ({ actor }) => ({ url: `${V1}/auth/forgot-password`, payload: { email: actor?.email ?? unique('olvido') }, remoteAddress: freshIp() }),
  },
  [`POST ${V1}/auth/reset-password`]: {
    // The one-time link is the credential, whoever sends it.
    ...everyone(200),
    request: async () => {
      const target = await createUser(ctx.db);
      const token = newOpaqueToken();
      await ctx.db
        .insert(authTokens)
        .values({ userId: target.id, purpose: 'reset_password', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { url: `${V1}/auth/reset-password`, payload: { token, password: 'NuevaClave9', confirmPassword: 'NuevaClave9' }, remoteAddress: freshIp() };
    },
  },
  [`GET ${V1}/auth/password-link`]: {
    // Answers whether a link still works, to whoever holds it; it names no account.
    ...everyone(200),
    request: () => ({ url: `${V1}/auth/password-link`, query: { token: newOpaqueToken() }, remoteAddress: freshIp() }),
  },
  [`GET ${V1}/auth/verify-email`]: {
    ...everyone(200),
    request: async () => {
      const target = await createUser(ctx.db, { verified: false });
      const token = newOpaqueToken();
      await ctx.db
        .insert(authTokens)
        .values({ userId: target.id, purpose: 'verify_email', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { url: `${V1}/auth/verify-email`, query: { token }, remoteAddress: freshIp() };
    },
  },
  [`POST ${V1}/auth/resend-verification`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/auth/resend-verification`) },

  // ---------------------------------------------------------------- the member area ("me" routes)
  [`GET ${V1}/user/levels`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/user/levels`) },
  [`POST ${V1}/user/change-password`]: {
    ...signedIn(200),
    other: 200,
    request: async (call) => {
      // Each call changes the password of its own throwaway account with the caller's roles, so the
      // column accounts keep their credentials; "other" still names the victim in the query.
      if (!call.actor) return { url: `${V1}/user/change-password`, payload: { current_password: 'Secreta123', new_password: 'Cambiada123' } };
      const own = await account(call.actor.roles);
      return {
        ...meQuery(`${V1}/user/change-password`)({ actor: own, owner: call.owner === call.actor ? own : call.owner }),
        headers: { authorization: `Bearer ${own.token}` },
        payload: { current_password: own.password, new_password: 'Cambiada123' },
      };
    },
  },
  [`GET ${V1}/users/me/profile`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/profile`) },
  // ---------------------------------------------------------------- two-step sign-in and sessions
  // The step token (or WebAuthn challenge) is the credential: a made-up one is refused for everyone.
  [`POST ${V1}/auth/login/code`]: { ...everyone(401), request: () => ({ url: `${V1}/auth/login/code`, payload: { token: 'x'.repeat(43), code: '123456' }, remoteAddress: freshIp() }) },
  [`POST ${V1}/auth/passkey/options`]: { ...everyone(200), request: () => ({ url: `${V1}/auth/passkey/options`, payload: {} }) },
  [`POST ${V1}/auth/passkey/verify`]: {
    ...everyone(401),
    request: () => ({ url: `${V1}/auth/passkey/verify`, payload: { challenge_id: '00000000-0000-4000-8000-000000000000', response: { id: 'x' } } }),
  },
  [`POST ${V1}/auth/enrol/totp`]: { ...everyone(401), request: () => ({ url: `${V1}/auth/enrol/totp`, payload: { token: 'x'.repeat(43) } }) },
  [`POST ${V1}/auth/enrol/totp/confirm`]: {
    ...everyone(401),
    request: () => ({ url: `${V1}/auth/enrol/totp/confirm`, payload: { token: 'x'.repeat(43), code: '123456' }, remoteAddress: freshIp() }),
  },
  [`GET ${V1}/users/me/security`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/security`) },
  [`POST ${V1}/users/me/totp`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/totp`) },
  // A wrong first code or a wrong password: the caller's own account answers 400, nobody else's is touched.
  [`POST ${V1}/users/me/totp/confirm`]: { ...signedIn(400), other: 400, request: meQuery(`${V1}/users/me/totp/confirm`, { payload: { code: '000000' } }) },
  [`POST ${V1}/users/me/totp/remove`]: { ...signedIn(400), other: 400, request: meQuery(`${V1}/users/me/totp/remove`, { payload: { password: 'NoEsLaClave1' } }) },
  [`POST ${V1}/users/me/recovery-codes`]: { ...signedIn(400), other: 400, request: meQuery(`${V1}/users/me/recovery-codes`, { payload: { password: 'NoEsLaClave1' } }) },
  [`POST ${V1}/users/me/passkeys/options`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/passkeys/options`) },
  [`POST ${V1}/users/me/passkeys`]: {
    ...signedIn(401),
    request: () => ({ url: `${V1}/users/me/passkeys`, payload: { challenge_id: '00000000-0000-4000-8000-000000000000', response: { id: 'x' }, name: 'Llave' } }),
  },
  [`DELETE ${V1}/users/me/passkeys/:id`]: { ...signedIn(404), request: () => ({ url: `${V1}/users/me/passkeys/999999` }) },
  [`GET ${V1}/users/me/sessions`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/sessions`) },
  // Another person's session id is not found: only one's own sessions can be ended.
  [`DELETE ${V1}/users/me/sessions/:id`]: {
    ...signedIn(404),
    other: 404,
    request: async ({ owner }) => {
      const [open] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.id)).limit(1);
      return { url: `${V1}/users/me/sessions/${owner === accounts.victim ? open.id : '00000000-0000-4000-8000-000000000000'}` };
    },
  },
  [`POST ${V1}/users/me/sessions/end-others`]: signedIn(200),
  [`GET ${V1}/admin/staff/security`]: adminOnly(200),
  [`POST ${V1}/admin/users/:id/sessions/end`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/users/${(await createUser(ctx.db)).id}/sessions/end` }) },
  [`POST ${V1}/admin/users/:id/second-step/reset`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/users/${(await createUser(ctx.db, { roles: ['ADMIN'] })).id}/second-step/reset` }),
  },
  [`GET ${V1}/admin/settings/security`]: adminOnly(200),
  [`PUT ${V1}/admin/settings/security`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/settings/security`, payload: { staff_second_step_required: false } }) },
  [`PUT ${V1}/users/me/profile`]: {
    ...signedIn(200),
    other: 200,
    request: meQuery(`${V1}/users/me/profile`, { payload: { first_name: 'Nombre', last_name: 'Cambiado', phone: '+502 5555 1234', address: 'Zona 1' } }),
  },
  [`GET ${V1}/users/me/preferences`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/preferences`) },
  [`PUT ${V1}/users/me/preferences`]: {
    ...signedIn(200),
    other: 200,
    request: meQuery(`${V1}/users/me/preferences`, {
      payload: { favorite_cause: 'Alimentación', privacy_settings: { show_donations_publicly: true, allow_contact: true } },
    }),
  },
  [`GET ${V1}/users/me/donations`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/donations`) },
  [`GET ${V1}/users/me/donations/:id`]: {
    // The donor area's gift page: the caller's own gift only; another's answers 404 as an unknown id, even completed.
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/users/me/donations/${(await completedDonationOf(owner)).id}` }),
  },
  [`GET ${V1}/users/me/history`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/history`) },
  [`GET ${V1}/users/me/receipts`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/users/me/receipts`) },
  [`GET ${V1}/dashboard/stats`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/dashboard/stats`) },
  [`GET ${V1}/dashboard/impact`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/dashboard/impact`) },
  [`GET ${V1}/dashboard/programs/active`]: signedIn(200),
  [`GET ${V1}/dashboard/events/upcoming`]: signedIn(200),
  [`GET ${V1}/receipts/:donationId.pdf`]: {
    // Someone else's receipt answers 404, exactly as an unknown id (nothing to learn by probing ids).
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/receipts/${(await completedDonationOf(owner)).id}.pdf` }),
  },
  // ---------------------------------------------------------------- monthly gifts (the donor's own)
  [`GET ${V1}/member/monthly-gifts`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/member/monthly-gifts`) },
  // Someone else's monthly gift answers 404, as an unknown id.
  [`POST ${V1}/member/monthly-gifts/:id/cancel`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/member/monthly-gifts/${(await aMonthlyGift(ctx.db, { userId: owner.id })).id}/cancel`, payload: {} }),
  },
  [`POST ${V1}/member/monthly-gifts/:id/change-amount`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/member/monthly-gifts/${(await aMonthlyGift(ctx.db, { userId: owner.id })).id}/change-amount`, payload: { amount: 200 } }),
  },
  [`POST ${V1}/member/monthly-gifts/:id/pause`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/member/monthly-gifts/${(await aMonthlyGift(ctx.db, { userId: owner.id })).id}/pause`, payload: { months: 1 } }),
  },
  [`POST ${V1}/member/monthly-gifts/:id/resume`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => {
      // Paused for two more months after a charge due tomorrow: "Reanudar ahora" brings that charge back.
      const until = new Date(Date.now() + 62 * 86_400_000);
      const gift = await aMonthlyGift(ctx.db, { userId: owner.id, status: 'paused', pausedUntil: until, nextChargeAt: until });
      return { url: `${V1}/member/monthly-gifts/${gift.id}/resume` };
    },
  },
  // The emailed link: no session needed, the signed token is the only key (and opens one gift).
  [`GET ${V1}/monthly-gifts/manage`]: { ...everyone(200), request: async () => ({ url: `${V1}/monthly-gifts/manage`, query: { token: await monthlyLink() } }) },
  [`POST ${V1}/monthly-gifts/manage/cancel`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/monthly-gifts/manage/cancel`, payload: { token: await monthlyLink() } }),
  },
  [`POST ${V1}/monthly-gifts/manage/update-card`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/monthly-gifts/manage/update-card`, payload: { token: await monthlyLink({ status: 'past_due' }) } }),
  },
  [`POST ${V1}/monthly-gifts/manage/change-amount`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/monthly-gifts/manage/change-amount`, payload: { token: await monthlyLink(), amount: 210 } }),
  },
  [`POST ${V1}/monthly-gifts/manage/pause`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/monthly-gifts/manage/pause`, payload: { token: await monthlyLink(), months: 2 } }),
  },
  [`POST ${V1}/monthly-gifts/manage/resume`]: {
    ...everyone(200),
    request: async () => {
      const until = new Date(Date.now() + 62 * 86_400_000);
      return { url: `${V1}/monthly-gifts/manage/resume`, payload: { token: await monthlyLink({ status: 'paused', pausedUntil: until, nextChargeAt: until }) } };
    },
  },
  [`GET ${V1}/receipts/statement/:year.pdf`]: {
    ...signedIn(200),
    other: 403,
    request: meQuery(`${V1}/receipts/statement/${currentYear}.pdf`),
  },

  // ---------------------------------------------------------------- the donation ledger
  [`GET ${V1}/donations`]: everyone(200),
  [`GET ${V1}/donations/stats`]: everyone(200),
  [`POST ${V1}/donations`]: {
    ...signedIn(201),
    request: () => ({
      url: `${V1}/donations`,
      payload: { donor_name: 'Carlos Gómez', donor_email: unique('servicio'), amount: 100, currency: 'GTQ', donation_type: 'goods' },
    }),
  },
  [`GET ${V1}/donations/:id`]: {
    // Public (docs/product.md#donor-privacy); another user's donation is shown masked (checked for every "other" call).
    ...everyone(200),
    other: 200,
    request: async ({ owner }) => ({ url: `${V1}/donations/${(await completedDonationOf(owner)).id}` }),
  },
  [`POST ${V1}/donations/:id/process`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('bienes'), donationType: 'goods' })).id}/process` }),
  },
  [`POST ${V1}/donations/:id/cancel`]: {
    ...signedIn(200),
    other: 403,
    request: async ({ owner }) => ({
      url: `${V1}/donations/${(await make.donation(ctx.db, { status: 'pending', userId: owner.id, donorEmail: owner.email })).id}/cancel`,
    }),
  },

  // ---------------------------------------------------------------- the admin console
  [`GET ${V1}/admin/users`]: adminOnly(200),
  [`POST ${V1}/admin/users`]: {
    ...adminOnly(201),
    request: () => ({ url: `${V1}/admin/users`, payload: { email: unique('alta'), first_name: 'Ana', last_name: 'Soto', role: 'USER', is_active: true } }),
  },
  [`PUT ${V1}/admin/users/:id`]: {
    ...adminOnly(200),
    request: async () => {
      const target = await createUser(ctx.db);
      return { url: `${V1}/admin/users/${target.id}`, payload: { email: target.email, first_name: 'Editada', last_name: 'Soto', role: 'DONOR', is_active: true } };
    },
  },
  [`DELETE ${V1}/admin/users/:id`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/users/${(await createUser(ctx.db)).id}` }),
  },
  [`GET ${V1}/admin/donations`]: adminOnly(200),
  [`POST ${V1}/admin/donations/:id/approve`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('aprobar') })).id}/approve` }),
  },
  // Staff gift entry (gifts.enter; completing at once needs gifts.complete).
  [`POST ${V1}/admin/gifts`]: {
    ...adminOnly(201),
    request: () => ({
      url: `${V1}/admin/gifts`,
      payload: { donorName: 'Ana Soto', receivedOn: guatemalaDay(new Date()), method: 'cash', amount: 100, currency: 'GTQ' },
    }),
  },
  [`GET ${V1}/admin/gifts/options`]: adminOnly(200),
  [`GET ${V1}/admin/gifts/donor-choices`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/gifts/donor-choices?q=ana` }) },
  [`POST ${V1}/admin/donations/:id/reject`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', donorEmail: unique('rechazar') })).id}/reject`,
      payload: { reason: 'El depósito no aparece en el banco' },
    }),
  },
  // Corrections of the ledger (corrections.manage; the list is donations.read).
  [`GET ${V1}/admin/donations/:id/corrections`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donations/${(await make.donation(ctx.db, { paymentMethod: 'cash' })).id}/corrections` }),
  },
  [`POST ${V1}/admin/donations/:id/void`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/donations/${(await make.donation(ctx.db, { paymentMethod: 'cash', donorEmail: unique('anular') })).id}/void`,
      payload: { reason: 'Se registró dos veces' },
    }),
  },
  [`POST ${V1}/admin/donations/:id/adjust-amount`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'pending', paymentMethod: 'bank_deposit', amount: 200, donorEmail: unique('ajustar') })).id}/adjust-amount`,
      payload: { amount: 150, reason: 'Llegó menos al banco' },
    }),
  },
  [`POST ${V1}/admin/donations/:id/reopen`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/donations/${(await make.donation(ctx.db, { status: 'failed', paymentMethod: 'bank_deposit', donorEmail: unique('reabrir') })).id}/reopen`,
      payload: { reason: 'Trajo el comprobante' },
    }),
  },
  [`GET ${V1}/admin/analytics`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/analytics`, query: { period: 'year' } }) },
  [`GET ${V1}/admin/reports/export`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/reports/export`, query: { period: 'month', format: 'csv' } }) },
  // ---------------------------------------------------------------- donor records (Donantes)
  [`GET ${V1}/admin/donors`]: adminOnly(200),
  [`GET ${V1}/admin/donors/duplicates`]: adminOnly(200),
  [`GET ${V1}/admin/donors/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/donors/${await aDonor('ver')}` }) },
  [`PUT ${V1}/admin/donors/:id`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donors/${await aDonor('editar')}`, payload: DONOR_EDIT }),
  },
  [`POST ${V1}/admin/donors/merge-preview`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donors/merge-preview`, payload: { survivorId: await aDonor('queda'), mergedId: await aDonor('une') } }),
  },
  [`POST ${V1}/admin/donors/merge`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/donors/merge`, payload: { survivorId: await aDonor('queda'), mergedId: await aDonor('une') } }),
  },
  [`POST ${V1}/admin/donors/merges/:id/undo`]: {
    ...adminOnly(200),
    request: async () => {
      const merged = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/admin/donors/merge`,
        headers: { authorization: `Bearer ${accounts.ADMIN.token}` },
        payload: { survivorId: await aDonor('queda'), mergedId: await aDonor('une') },
      });
      return { url: `${V1}/admin/donors/merges/${merged.json().mergeId}/undo`, payload: {} };
    },
  },
  [`POST ${V1}/admin/donors/export`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/donors/export`, payload: { format: 'csv', columns: ['name'] } }) },
  // ---------------------------------------------------------------- register (Contabilidad) and the monthly close
  [`GET ${V1}/admin/register`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/register`, query: { from: '2026-01-01', to: '2026-01-31' } }) },
  [`GET ${V1}/admin/register/export`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/register/export`, query: { from: '2026-01-01', to: '2026-01-31', format: 'csv' } }) },
  [`GET ${V1}/admin/close/:month`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/close/2001-01` }) },
  // A month long past, so closing it freezes nothing the other rows of this matrix change.
  [`POST ${V1}/admin/close/:month`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/close/2001-01` }) },
  // ---------------------------------------------------------------- monthly giving, staff side
  [`GET ${V1}/admin/monthly-gifts`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/monthly-gifts`, query: { status: 'active', minAmount: '10' } }) },
  [`GET ${V1}/admin/monthly-gifts/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/monthly-gifts/${(await aMonthlyGift(ctx.db)).id}` }) },
  [`POST ${V1}/admin/monthly-gifts/:id/cancel`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/monthly-gifts/${(await aMonthlyGift(ctx.db)).id}/cancel`, payload: { reason: 'Lo pidió el donante por teléfono' } }),
  },
  [`GET ${V1}/admin/settings`]: adminOnly(200),
  [`PUT ${V1}/admin/settings`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/settings`, payload: DEFAULT_SETTINGS.system }) },
  [`GET ${V1}/admin/organization`]: adminOnly(200),
  [`PUT ${V1}/admin/organization`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/organization`, payload: DEFAULT_SETTINGS.organization }) },
  [`GET ${V1}/admin/impact`]: adminOnly(200),
  [`PUT ${V1}/admin/impact`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/impact`, payload: DEFAULT_SETTINGS.impact }) },
  [`GET ${V1}/admin/levels`]: adminOnly(200),
  [`PUT ${V1}/admin/levels`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/levels`, payload: DEFAULT_SETTINGS.levels }) },
  [`GET ${V1}/admin/programs`]: adminOnly(200),
  [`POST ${V1}/admin/programs`]: {
    ...adminOnly(201),
    request: () => ({ url: `${V1}/admin/programs`, payload: { name: `Programa ${++counter}`, goal_amount: 5000 } }),
  },
  [`PUT ${V1}/admin/programs/:id`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/programs/${(await aProgram()).id}`, payload: { name: `Programa ${++counter}`, goal_amount: 8000 } }),
  },
  [`DELETE ${V1}/admin/programs/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/programs/${(await aProgram()).id}` }) },
  [`GET ${V1}/admin/events`]: adminOnly(200),
  [`POST ${V1}/admin/events`]: { ...adminOnly(201), request: () => ({ url: `${V1}/admin/events`, payload: eventBody() }) },
  [`PUT ${V1}/admin/events/:id`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/events/${(await anEvent()).id}`, payload: eventBody() }),
  },
  [`DELETE ${V1}/admin/events/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/events/${(await anEvent()).id}` }) },
  // Sponsorship letters: a sponsor's own sponsorship and letters (another's: 404), and the staff queue.
  [`GET ${V1}/users/me/sponsorships/:sponsorshipId/letters`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/users/me/sponsorships/${await aSponsorshipOf(ctx.db, owner.id)}/letters` }),
  },
  [`POST ${V1}/users/me/sponsorships/:sponsorshipId/letters`]: {
    ...signedIn(201),
    other: 404,
    request: async ({ owner }) => ({
      url: `${V1}/users/me/sponsorships/${await aSponsorshipOf(ctx.db, owner.id)}/letters`,
      payload: { body: 'Hola, te mando muchos saludos desde lejos.' },
    }),
  },
  [`PUT ${V1}/users/me/letters/:id/photo`]: {
    ...signedIn(201),
    other: 404,
    request: async ({ owner }) => ({
      url: `${V1}/users/me/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, owner.id), { writtenBy: owner.id })}/photo`,
      payload: await aPng(),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  [`GET ${V1}/users/me/letters/:id/:purpose`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/users/me/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, owner.id), { writtenBy: owner.id, file: 'photo' })}/photo` }),
  },
  [`GET ${V1}/admin/letters`]: adminOnly(200),
  // Progress reports: a sponsor reads their own sponsorship's (another's: 404) and its photo; staff write them.
  [`GET ${V1}/users/me/sponsorships/:sponsorshipId/progress-reports`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/users/me/sponsorships/${await aSponsorshipOf(ctx.db, owner.id)}/progress-reports` }),
  },
  [`GET ${V1}/users/me/progress-reports/:id/photo`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/users/me/progress-reports/${await aProgressReportOf(ctx.db, await aSponsorshipOf(ctx.db, owner.id), { photo: true })}/photo` }),
  },
  [`GET ${V1}/admin/sponsorship/progress-reports/overdue`]: adminOnly(200),
  [`GET ${V1}/admin/sponsorship/children/:id/progress-reports`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}/progress-reports` }) },
  [`POST ${V1}/admin/sponsorship/children/:id/progress-reports`]: {
    ...adminOnly(201),
    request: async () => ({
      url: `${V1}/admin/sponsorship/children/${(await sponsor.aChild(ctx.db)).id}/progress-reports`,
      payload: { period: 'Primer semestre', reportDate: '2026-01-15', messageToSponsor: 'Un saludo grande desde la escuela.' },
    }),
  },
  [`GET ${V1}/admin/sponsorship/progress-reports/:id/photo`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/sponsorship/progress-reports/${await aProgressReportOf(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { photo: true })}/photo` }),
  },
  [`PUT ${V1}/admin/sponsorship/progress-reports/:id/photo`]: {
    ...adminOnly(201),
    request: async () => ({
      url: `${V1}/admin/sponsorship/progress-reports/${await aProgressReportOf(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { consent: true })}/photo`,
      payload: await aPng(),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  // Birthday gifts (decision 0055): only the child's active sponsor sends one (another's: 404); staff list and deliver.
  [`POST ${V1}/member/sponsorships/:sponsorshipId/birthday-gift`]: {
    ...signedIn(201),
    other: 404,
    request: async ({ owner }) => ({
      url: `${V1}/member/sponsorships/${(await aBirthdaySponsorship(ctx.db, owner.id)).sponsorship.id}/birthday-gift`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amount: 150, paymentMethod: 'card', donorName: 'Padrino Matriz', email: owner.email, cardLast4: '4242', cardBrand: 'visa' },
    }),
  },
  // The choice after a child left (decision 0051): only the sponsor's own open offer (another's: 404).
  [`GET ${V1}/member/sponsorship-offers`]: { ...signedIn(200), other: 200, request: meQuery(`${V1}/member/sponsorship-offers`) },
  [`POST ${V1}/member/sponsorship-offers/:sponsorshipId/choice`]: {
    ...signedIn(200),
    other: 404,
    request: async ({ owner }) => ({ url: `${V1}/member/sponsorship-offers/${await anOpenOffer(owner.id)}/choice`, payload: { choice: 'keep_giving' } }),
  },
  // The same choice from the email's signed link (no account): the token is the only key, to one offer.
  [`GET ${V1}/sponsorship/offer`]: { ...everyone(200), request: async () => ({ url: `${V1}/sponsorship/offer`, query: { token: await offerLink() } }) },
  [`POST ${V1}/sponsorship/offer/choice`]: {
    ...everyone(200),
    request: async () => ({ url: `${V1}/sponsorship/offer/choice`, query: { token: await offerLink() }, payload: { choice: 'keep_giving' } }),
  },
  // Sponsorship reports and the children's export (decision 0053): staff who manage sponsorship.
  [`GET ${V1}/admin/sponsorship/reports`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/sponsorship/reports`, query: { from: '2026-01-01', to: '2026-12-31' } }) },
  [`POST ${V1}/admin/sponsorship/children/export`]: { ...adminOnly(200), request: () => ({ url: `${V1}/admin/sponsorship/children/export`, payload: { format: 'csv', staffFields: false } }) },
  [`GET ${V1}/admin/sponsorship/birthday-gifts`]: adminOnly(200),
  [`POST ${V1}/admin/sponsorship/birthday-gifts/:id/delivered`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/sponsorship/birthday-gifts/${await aPaidBirthdayGift(ctx.db, accounts.victim.id)}/delivered` }),
  },
  [`GET ${V1}/admin/letters/print.pdf`]: {
    ...adminOnly(200),
    request: async () => {
      await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { status: 'approved' });
      return { url: `${V1}/admin/letters/print.pdf` };
    },
  },
  [`GET ${V1}/admin/letters/:id`]: { ...adminOnly(200), request: async () => ({ url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id))}` }) },
  [`POST ${V1}/admin/letters/:id/approve`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id))}/approve`, payload: {} }),
  },
  [`POST ${V1}/admin/letters/:id/image-redactions`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { file: 'photo' })}/image-redactions`,
      payload: { boxes: [{ x: 0, y: 0, width: 4, height: 4 }] },
    }),
  },
  [`POST ${V1}/admin/letters/:id/return`]: {
    ...adminOnly(200),
    request: async () => ({
      url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id))}/return`,
      payload: { reason: 'Pide datos de la casa' },
    }),
  },
  [`POST ${V1}/admin/letters/:id/deliver`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { status: 'approved' })}/deliver` }),
  },
  [`POST ${V1}/admin/letter-replies`]: {
    ...adminOnly(201),
    request: async () => ({ url: `${V1}/admin/letter-replies`, payload: { sponsorshipId: await aSponsorshipOf(ctx.db, accounts.victim.id), body: 'Gracias por tu carta.' } }),
  },
  [`PUT ${V1}/admin/letters/:id/scan`]: {
    ...adminOnly(201),
    request: async () => ({
      url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { direction: 'to_sponsor' })}/scan`,
      payload: await aPng(),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  [`GET ${V1}/admin/letters/:id/:purpose`]: {
    ...adminOnly(200),
    request: async () => ({ url: `${V1}/admin/letters/${await aLetter(ctx.db, await aSponsorshipOf(ctx.db, accounts.victim.id), { file: 'photo' })}/photo` }),
  },
};

function eventBody() {
  return { type: 'campaign', title: `Campaña ${++counter}`, date: new Date(Date.now() + 7 * 86_400_000).toISOString() };
}
const system = () => ({ id: accounts.ADMIN.id, email: accounts.ADMIN.email });
const aProgram = () => createProgram(ctx.db, { values: programInputSchema.parse({ name: `Programa ${++counter}`, goal_amount: 1000 }), actor: system() });
const anEvent = () => createEvent(ctx.db, { values: eventInputSchema.parse(eventBody()), actor: system() });

/** Routes outside the matrix, on purpose: the OpenAPI UI and the built web app's static files. */
function excluded(method: string, url: string): boolean {
  if (method === 'HEAD') return true; // Fastify answers HEAD with the GET handler (exposeHeadRoutes).
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  return !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url);
}

function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) {
    if (!excluded(method, route.url)) registered.add(`${method} ${route.url}`);
  }
}

/** What "the other user's resource" must never reveal or change: the victim's own rows. */
async function victimState() {
  const id = accounts.victim.id;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  const [prefs] = await ctx.db.select().from(userPreferences).where(eq(userPreferences.userId, id));
  const own = await ctx.db.select({ id: donations.id, status: donations.status }).from(donations).where(eq(donations.userId, id));
  return JSON.stringify({ user, prefs, own: own.sort((a, b) => a.id - b.id) });
}

beforeAll(async () => {
  ctx = await createTestApp({ onRoute: collect });
  accounts.USER = await account(['USER']);
  accounts.DONOR = await account(['DONOR', 'USER']);
  accounts.ADMIN = await account(['ADMIN']);
  accounts.victim = await account(['USER']);
  // Every account has a completed donation this year, so its receipts and statement exist.
  for (const who of Object.values(accounts)) await completedDonationOf(who);
});
afterAll(async () => ctx?.close());

describe('the route table and the matrix', () => {
  it('lists every registered route, and no route that is gone', () => {
    expect(registered.size).toBeGreaterThan(40);
    const missing = [...registered].filter((r) => !(r in matrix)).sort();
    const stale = Object.keys(matrix)
      .filter((r) => !registered.has(r))
      .sort();
    expect(missing, 'routes without an entry in the authorization matrix').toEqual([]);
    expect(stale, 'matrix entries whose route no longer exists').toEqual([]);
  });
});

let checked = 0;
describe.each(Object.entries(matrix))('%s', (key, entry) => {
  const method = key.split(' ')[0] as InjectOptions['method'];
  const columns: Column[] = [...ROLE_COLUMNS, ...(entry.other === undefined ? [] : (['other'] as const))];

  it.each(columns)('%s', async (column) => {
    const actor = column === 'anonymous' ? null : column === 'other' ? accounts.USER : accounts[column];
    const owner = column === 'other' ? accounts.victim : (actor ?? accounts.victim);
    const built = entry.request ? await entry.request({ actor, owner }) : { url: key.slice(key.indexOf(' ') + 1) };
    const before = column === 'other' ? await victimState() : '';
    const headers = { ...(actor ? { authorization: `Bearer ${actor.token}` } : {}), ...((built.headers as Record<string, string>) ?? {}) };
    const res = await ctx.app.inject({ ...built, method, headers });
    const expected = entry[column] as number;
    expect(res.statusCode, `${column} ${key} -> ${res.body.slice(0, 300)}`).toBe(expected);
    if (res.statusCode >= 400) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().detail).toEqual(expect.any(String));
    }
    if (column === 'other') {
      // Whatever the answer, it tells nothing of the victim's account and changes none of it.
      expect(res.body).not.toContain(accounts.victim.email);
      expect(await victimState()).toBe(before);
    }
    checked += 1;
  });
});

describe('coverage', () => {
  it('checked every cell of the matrix', () => {
    const cells = Object.values(matrix).reduce((n, e) => n + ROLE_COLUMNS.length + (e.other === undefined ? 0 : 1), 0);
    expect(checked).toBe(cells);
    process.stdout.write(`matriz de autorización: ${Object.keys(matrix).length} rutas × roles = ${cells} solicitudes verificadas\n`);
  });
});
