// The organisation's fiscal identity printed on receipts (docs/product.md#receipts, decision 0019):
// the settings entry `fiscal`, its rules and the demo organisation's defaults.
import { z } from 'zod';
import { fiscalMessages as f } from '../messages/fiscal';
import { TAX_ID_KINDS, parseNit } from '../tax-id';

export const SIGNATURE_MAX_BYTES = 100 * 1024;
/** Base64 of SIGNATURE_MAX_BYTES: four characters per three bytes. */
const SIGNATURE_MAX_BASE64 = Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;
export const SIGNATURE_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `MM-DD` of a day every year has (no 02-29). */
export function isAnnualDate(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
}

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(max, { error: f.tooLong(max) });

export const signatureImageSchema = z.object({
  contentType: z.enum(SIGNATURE_CONTENT_TYPES, { error: f.signatureType }),
  base64: z
    .string({ error: f.signatureMismatch })
    .max(SIGNATURE_MAX_BASE64, { error: f.signatureTooLarge, abort: true })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: f.signatureMismatch }),
});
export type SignatureImage = z.infer<typeof signatureImageSchema>;

export const fiscalSettingsSchema = z
  .object({
    legalName: requiredText(f.legalNameRequired, 200),
    /** Normalised `1234567-8`, checked with its check digit. */
    nit: z
      .string({ error: f.nitRequired })
      .trim()
      .min(1, { error: f.nitRequired, abort: true })
      .transform((value, ctx) => {
        const parsed = parseNit(value);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),
    fiscalAddress: requiredText(f.fiscalAddressRequired, 255),
    registration: requiredText(f.registrationRequired, 500),
    deductibilityText: requiredText(f.deductibilityTextRequired, 1000),
    signerName: requiredText(f.signerNameRequired, 120),
    signerTitle: requiredText(f.signerTitleRequired, 120),
    signatureImage: signatureImageSchema.nullable(),
    receiptSeries: z
      .string({ error: f.seriesInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{1,10}$/, { error: f.seriesInvalid }),
    annualStatementDate: z.string({ error: f.dateInvalid }).trim().refine(isAnnualDate, { error: f.dateInvalid }),
  })
  .meta({ id: 'FiscalSettings' });
/** The settings as the API answers them (already normalised: no transforms to run on the way out). */
export const fiscalSettingsAnswerSchema = z
  .object({
    legalName: z.string(),
    nit: z.string(),
    fiscalAddress: z.string(),
    registration: z.string(),
    deductibilityText: z.string(),
    signerName: z.string(),
    signerTitle: z.string(),
    signatureImage: z.object({ contentType: z.enum(SIGNATURE_CONTENT_TYPES), base64: z.string() }).nullable(),
    receiptSeries: z.string(),
    annualStatementDate: z.string(),
  })
  .meta({ id: 'FiscalSettingsAnswer' });
export type FiscalSettings = z.output<typeof fiscalSettingsSchema>;
export type FiscalSettingsInput = z.input<typeof fiscalSettingsSchema>;

/** Decreto 10-2012, artículo 21, numeral 22: deductible up to 5% of gross income and Q500,000 a year. */
export const DEFAULT_DEDUCTIBILITY_TEXT =
  'Donación deducible del Impuesto Sobre la Renta conforme al artículo 21, numeral 22, del Decreto 10-2012 ' +
  '(Ley de Actualización Tributaria), hasta el cinco por ciento (5%) de la renta bruta del donante y sin exceder ' +
  'Q500,000.00 al año.';

/** The demo organisation's fiscal identity, so the demo prints complete receipts; staff replace it. */
export const DEFAULT_FISCAL_SETTINGS: FiscalSettings = {
  legalName: 'Fundación Manos de Guatemala',
  nit: '9876543-4',
  fiscalAddress: 'Ciudad de Guatemala, Guatemala',
  registration: 'Inscrita en el Registro de las Personas Jurídicas del Ministerio de Gobernación (datos de demostración)',
  deductibilityText: DEFAULT_DEDUCTIBILITY_TEXT,
  signerName: 'Ana Lucía Pérez',
  signerTitle: 'Representante legal',
  signatureImage: null,
  receiptSeries: 'A',
  annualStatementDate: '01-15',
};

/** `GET /admin/donations/{id}/donor`: the donor's phone and tax id, for staff only. */
export const adminDonationDonorSchema = z
  .object({
    phone: z.string().nullable(),
    /** As stored: NIT `1234567-8`, CUI of 13 digits, `CF`; an old id that passed no check keeps its text. */
    tax_id: z.string().nullable(),
    tax_id_kind: z.enum(TAX_ID_KINDS).nullable(),
  })
  .meta({ id: 'AdminDonationDonor' });
export type AdminDonationDonor = z.infer<typeof adminDonationDonorSchema>;
