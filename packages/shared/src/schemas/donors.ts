// The donors' API contract (docs/product.md#donors): list with search and filters, the donor's page,
// edit, duplicates, merge with preview and undo, and the segment export.
import { z } from 'zod';
import { DONATION_STATUSES } from '../constants';
import { donorsMessages as m } from '../messages/donors';
import { taxIdMessages } from '../messages/tax-id';
import { TAX_ID_TYPED_MAX_LENGTH } from '../tax-id';
import { errorResponseSchema } from './common';
import { amountFilter, boundedDate, decimalId, emailField } from './fields';

export const DONOR_KINDS = ['person', 'company'] as const;
export const DONOR_EXPORT_COLUMNS = [
  'id', 'kind', 'name', 'contactPerson', 'taxId', 'emails', 'phones', 'address', 'consentEmail',
  'consentWhatsapp', 'tags', 'giftCount', 'lifetime', 'firstGiftAt', 'lastGiftAt', 'createdAt',
] as const;
export type DonorExportColumn = (typeof DONOR_EXPORT_COLUMNS)[number];
export const DONOR_PAGE_SIZE = 50;

/** A calendar day (`2026-02-28`); one that does not exist (`2026-02-30`, year 0000) is refused here, not by the database. */
const day = boundedDate(m.dateInvalid).optional();
const quetzales = amountFilter(m.amountInvalid, 1e12);

/** The filters of the list and of the export. */
export const donorFiltersSchema = z.object({
  q: z.string().trim().max(200, { error: m.textTooLong }).optional(),
  firstFrom: day,
  firstTo: day,
  lastFrom: day,
  lastTo: day,
  minTotal: quetzales,
  maxTotal: quetzales,
  monthly: z.enum(['yes', 'no']).optional(),
  tag: z.string().trim().max(40, { error: m.tagInvalid }).optional(),
  programId: decimalId.optional(),
});
export type DonorFilters = z.infer<typeof donorFiltersSchema>;

export const donorListQuerySchema = donorFiltersSchema.extend({
  cursor: z.string().max(400, { error: m.cursorInvalid }).optional(),
});

export const donorSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(DONOR_KINDS),
  name: z.string(),
  taxId: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tags: z.array(z.string()),
  giftCount: z.number(),
  lifetimeCents: z.number(),
  firstGiftAt: z.string().nullable(),
  lastGiftAt: z.string().nullable(),
});
export type DonorSummary = z.infer<typeof donorSummarySchema>;

export const donorListSchema = z.object({
  items: z.array(donorSummarySchema),
  nextCursor: z.string().nullable(),
  /** How many match, counted up to `countCap`; `countCapped` when there are more. */
  total: z.number(),
  countCapped: z.boolean(),
});
export type DonorList = z.infer<typeof donorListSchema>;

/** A phone as people write it ('+502 5123-4567', '+1 (555) 123-4567'): 7 to 20 digits. */
const phone = z
  .string()
  .trim()
  .refine((p) => /^\+?[0-9 ()-]+$/.test(p) && p.replace(/\D/g, '').length >= 7 && p.replace(/\D/g, '').length <= 20, {
    error: (issue) => m.phoneInvalid(String(issue.input ?? '')),
  });
/**
 * One of a donor's emails, one a line in the form: a refused one is named, as a refused phone is (with three
 * emails, "Ingresa un correo electrónico válido" did not say which). Stored in lower case, as every email.
 */
const listedEmail = z
  .string()
  .trim()
  .refine((e) => e.length <= 254 && emailField.safeParse(e).success, { error: (issue) => m.emailInvalid(String(issue.input ?? '')) })
  .transform((e) => e.toLowerCase());
const tag = z.string().trim().min(1, { error: m.tagInvalid }).max(40, { error: m.tagInvalid });

export const donorUpdateSchema = z.object({
  kind: z.enum(DONOR_KINDS, { error: m.kindInvalid }),
  name: z.string().trim().min(1, { error: m.nameRequired }).max(200, { error: m.nameTooLong }),
  contactPerson: z.string().trim().max(200, { error: m.nameTooLong }).nullable(),
  taxId: z.string().trim().max(TAX_ID_TYPED_MAX_LENGTH, { error: taxIdMessages.tooLong }).nullable(),
  emails: z.array(listedEmail).max(10, { error: m.tooManyEmails }),
  phones: z.array(phone).max(10, { error: m.tooManyPhones }),
  address: z.string().trim().max(500, { error: m.addressTooLong }).nullable(),
  consentEmail: z.boolean(),
  consentWhatsapp: z.boolean(),
  notes: z.string().max(5000, { error: m.notesTooLong }).nullable(),
  tags: z.array(tag).max(30, { error: m.tooManyTags }),
});
export type DonorUpdate = z.infer<typeof donorUpdateSchema>;

/**
 * An edit refused: every field's message at once; when an email is another donor's, that donor's id and
 * name (only for staff who may read donors, donors.read) so the form can offer to merge the two.
 */
export const donorEditRefusalSchema = errorResponseSchema.extend({
  otherDonor: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type DonorEditRefusal = z.infer<typeof donorEditRefusalSchema>;

export const donorSchema = donorSummarySchema.extend({
  contactPerson: z.string().nullable(),
  taxIdKind: z.string().nullable(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  address: z.string().nullable(),
  consentEmail: z.boolean(),
  consentEmailAt: z.string().nullable(),
  consentEmailSource: z.string().nullable(),
  consentWhatsapp: z.boolean(),
  consentWhatsappAt: z.string().nullable(),
  consentWhatsappSource: z.string().nullable(),
  notes: z.string().nullable(),
  userId: z.number().nullable(),
  mergedIntoId: z.number().nullable(),
  createdAt: z.string(),
});
export type Donor = z.infer<typeof donorSchema>;

export const donorGiftSchema = z.object({
  id: z.number(),
  referenceCode: z.string(),
  status: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  donationType: z.string(),
  paymentProvider: z.string().nullable(),
  programName: z.string().nullable(),
  receiptNumber: z.number().nullable(),
  receiptSeries: z.string().nullable(),
  recurringGiftId: z.number().nullable(),
  createdAt: z.string(),
  /** True for a gift known by its day alone (entered by the office, or imported): show its date without an hour. */
  datedByDay: z.boolean(),
});
export const donorTimelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(['gift', 'email', 'change']),
  text: z.string(),
});
export const donorPageSchema = z.object({
  donor: donorSchema,
  /** The linked account turned off the thank-you and receipt emails in Mi perfil (decision 0081). */
  receiptEmailsOff: z.boolean(),
  years: z.array(z.object({ year: z.number(), totalCents: z.number(), count: z.number() })),
  gifts: z.array(donorGiftSchema),
  /** `overdue`: a gift by transfer whose expected transfer has not arrived ("Atrasado", decision 0045). */
  monthlyGifts: z.array(z.object({ id: z.number(), status: z.string(), amountCents: z.number(), currency: z.string(), transferReference: z.string().nullable(), overdue: z.boolean() })),
  receipts: z.array(z.object({ id: z.number(), series: z.string(), number: z.number(), issuedAt: z.string(), voided: z.boolean() })),
  deposits: z.array(donorGiftSchema),
  timeline: z.array(donorTimelineEntrySchema),
  merges: z.array(z.object({ id: z.number(), survivorId: z.number(), mergedId: z.number(), createdAt: z.string(), undoneAt: z.string().nullable() })),
});
export type DonorPage = z.infer<typeof donorPageSchema>;

export const duplicateProposalSchema = z.object({
  reason: z.enum(['taxId', 'email', 'namePhone']),
  a: donorSummarySchema,
  b: donorSummarySchema,
});
export const duplicateListSchema = z.object({ items: z.array(duplicateProposalSchema) });
export type DuplicateProposal = z.infer<typeof duplicateProposalSchema>;

/** A donor's id in a body: a positive integer the database's integer column can hold. */
const donorRef = z.number({ error: m.notFound }).int({ error: m.notFound }).positive({ error: m.notFound }).max(2_147_483_647, { error: m.notFound });
export const mergeRequestSchema = z.object({ survivorId: donorRef, mergedId: donorRef });
export const mergePreviewSchema = z.object({
  survivor: donorSchema,
  merged: donorSchema,
  result: donorSchema,
  /**
   * What the merge moves: every donation of the merged donor, whatever its status. `gifts` counts the
   * completed ones, as a donor's figures and "N donaciones" count them; `others` the rest by status
   * (pending, failed, cancelled...), so the preview names them apart instead of counting them as gifts.
   * `receipts` counts the receipts in force; `voidedReceipts` those voided (a refund or "Anular"), apart.
   */
  moves: z.object({
    gifts: z.number(),
    receipts: z.number(),
    voidedReceipts: z.number(),
    monthlyGifts: z.number(),
    others: z.array(z.object({ status: z.enum(DONATION_STATUSES), count: z.number() })),
  }),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;
export const mergeResultSchema = z.object({ mergeId: z.number(), donor: donorSchema });

export const donorExportSchema = donorFiltersSchema.extend({
  format: z.enum(['csv', 'xlsx'], { error: m.formatInvalid }),
  columns: z.array(z.enum(DONOR_EXPORT_COLUMNS, { error: m.columnInvalid })).min(1, { error: m.columnsRequired }),
});
export type DonorExportRequest = z.infer<typeof donorExportSchema>;
