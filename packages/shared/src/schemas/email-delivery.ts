// How the email outbox delivers (docs/product.md#email): the rate the mail relay accepts, and how long
// sent emails are kept before the outbox prunes them.
import { z } from 'zod';

const perMinuteRange = 'Indica entre 1 y 10,000 correos por minuto';
const retentionRange = 'Indica entre 7 y 3,650 días';

export const emailDeliverySettingsSchema = z
  .object({
    /** Emails sent per minute at most, over every API process together. */
    per_minute: z.number({ error: perMinuteRange }).int({ error: perMinuteRange }).min(1, { error: perMinuteRange }).max(10_000, { error: perMinuteRange }),
    /** Sent emails older than this are deleted from the outbox (failed ones are kept). */
    sent_retention_days: z.number({ error: retentionRange }).int({ error: retentionRange }).min(7, { error: retentionRange }).max(3650, { error: retentionRange }),
  })
  .meta({ id: 'EmailDeliverySettings' });
export type EmailDeliverySettings = z.infer<typeof emailDeliverySettingsSchema>;

/** 600 a minute is what the outbox sent before the rate was a setting (20 every 2 seconds). */
export const DEFAULT_EMAIL_DELIVERY: EmailDeliverySettings = { per_minute: 600, sent_retention_days: 180 };
