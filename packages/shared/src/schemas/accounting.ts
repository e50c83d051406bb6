// The register (Contabilidad) and the monthly close (docs/product.md#the-register-and-the-close).
import { z } from 'zod';
import { accountingMessages, registerFieldMessages as f } from '../messages/accounting';

const day = z.string({ error: f.dayInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: f.dayInvalid });

const DAY_MS = 86_400_000;

export const registerQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.to >= q.from, { error: accountingMessages.invalidRange, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS <= 366, { error: accountingMessages.rangeTooLong, path: ['to'] });

export const registerExportQuerySchema = z
  .object({
    from: day,
    to: day,
    format: z.enum(['csv', 'xlsx'], { error: f.formatInvalid }),
    delimiter: z.enum([',', ';'], { error: f.delimiterInvalid }).default(','),
  })
  .refine((q) => q.to >= q.from, { error: accountingMessages.invalidRange, path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS <= 366, { error: accountingMessages.rangeTooLong, path: ['to'] });

export const movementSchema = z.object({
  at: z.string(),
  kind: z.enum(['gift', 'refund', 'void']),
  donation_id: z.number().int(),
  reference: z.string(),
  donor: z.string(),
  nit: z.string().nullable(),
  method: z.string(),
  currency: z.string(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  vat_cents: z.number().int(),
  net_cents: z.number().int(),
  gtq_net_cents: z.number().int().nullable(),
  designation: z.string(),
  receipt_series: z.string().nullable(),
  receipt_number: z.number().int().nullable(),
  fel_uuid: z.string().nullable(),
});
export type Movement = z.infer<typeof movementSchema>;

const totalSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  vat_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type RegisterTotal = z.infer<typeof totalSchema>;

export const REGISTER_PAGE_ROWS = 200;

export const registerSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The first REGISTER_PAGE_ROWS movements; the export carries them all. */
  movements: z.array(movementSchema),
  count: z.number().int(),
  totals: z.object({ by_currency: z.array(totalSchema), by_method: z.array(totalSchema), by_program: z.array(totalSchema) }),
});
export type Register = z.infer<typeof registerSchema>;

export const monthParamSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: accountingMessages.invalidMonth }),
});

export const closeCheckSchema = z.object({
  month: z.string(),
  received_cents: z.number().int(),
  received_count: z.number().int(),
  certified_cents: z.number().int(),
  certified_count: z.number().int(),
  /** The month's gifts imported from the earlier records, receipted there and so left out of the above (decision 0045). */
  imported_cents: z.number().int(),
  imported_count: z.number().int(),
  ties: z.boolean(),
  mismatches: z.array(
    z.object({
      kind: z.enum(['gift_without_receipt', 'receipt_without_money', 'deposit_without_statement', 'transfer_without_statement', 'deposit_pending', 'transfer_pending', 'office_gift_pending']),
      donation_id: z.number().int(),
      reference: z.string(),
      donor: z.string(),
      date: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      receipt: z.string().nullable(),
    }),
  ),
  closed: z.object({ at: z.string(), by: z.number().int().nullable() }).nullable(),
});
export type CloseCheck = z.infer<typeof closeCheckSchema>;
