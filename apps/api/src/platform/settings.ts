// Settings stored as data (docs/product.md#figures): read with defaults, validated on write.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_SETTINGS,
  impactSettingsSchema,
  levelSettingsSchema,
  organizationSettingsSchema,
  systemSettingsSchema,
} from '@donaciones/shared/schemas/settings';
import { DEFAULT_PAYMENT_SETTINGS, paymentSettingsSchema } from '@donaciones/shared/schemas/payments';
import { DEFAULT_FISCAL_SETTINGS, type FiscalSettings, fiscalSettingsSchema } from '@donaciones/shared/schemas/fiscal';
import { DEFAULT_BANK_ACCOUNTS, DEFAULT_SLIP_STORAGE, bankAccountsSettingsSchema, slipStorageSettingsSchema } from '@donaciones/shared/schemas/deposits';
import { DEFAULT_SPONSORSHIP_SETTINGS, sponsorshipSettingsSchema } from '@donaciones/shared/schemas/sponsorship';
import { DEFAULT_EMAIL_DELIVERY, emailDeliverySettingsSchema } from '@donaciones/shared/schemas/email-delivery';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const schemas = {
  system: systemSettingsSchema,
  organization: organizationSettingsSchema,
  impact: impactSettingsSchema,
  levels: levelSettingsSchema,
  payments: paymentSettingsSchema,
  fiscal: fiscalSettingsSchema,
  bankAccounts: bankAccountsSettingsSchema,
  slipStorage: slipStorageSettingsSchema,
  sponsorship: sponsorshipSettingsSchema,
  emailDelivery: emailDeliverySettingsSchema,
} as const;

const DEFAULTS = { ...DEFAULT_SETTINGS, payments: DEFAULT_PAYMENT_SETTINGS, fiscal: DEFAULT_FISCAL_SETTINGS, bankAccounts: DEFAULT_BANK_ACCOUNTS, slipStorage: DEFAULT_SLIP_STORAGE, sponsorship: DEFAULT_SPONSORSHIP_SETTINGS, emailDelivery: DEFAULT_EMAIL_DELIVERY };

export type SettingsKey = keyof typeof schemas;
export type SettingsValue<K extends SettingsKey> = z.infer<(typeof schemas)[K]>;

export async function getSettings<K extends SettingsKey>(db: Db, key: K): Promise<SettingsValue<K>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const merged = { ...DEFAULTS[key], ...(row?.value ?? {}) };
  const parsed = schemas[key].safeParse(merged);
  return (parsed.success ? parsed.data : DEFAULTS[key]) as SettingsValue<K>;
}

/** The organisation's fiscal identity printed on receipts (docs/product.md#receipts), with the demo defaults. */
export async function getFiscalSettings(db: Db): Promise<FiscalSettings> {
  return getSettings(db, 'fiscal');
}

export async function putSettings<K extends SettingsKey>(db: Db, key: K, value: SettingsValue<K>, userId?: number): Promise<SettingsValue<K>> {
  const parsed = schemas[key].parse(value) as SettingsValue<K>;
  await db
    .insert(settings)
    .values({ key, value: parsed as Record<string, unknown>, updatedBy: userId ?? null })
    .onConflictDoUpdate({ target: settings.key, set: { value: parsed as Record<string, unknown>, updatedAt: sql`now()`, updatedBy: userId ?? null } });
  return parsed;
}

/** Writes the defaults of any missing key; never overwrites what an admin saved. */
export async function ensureDefaultSettings(db: Db): Promise<void> {
  for (const key of Object.keys(schemas) as SettingsKey[]) {
    await db.insert(settings).values({ key, value: DEFAULTS[key] as Record<string, unknown> }).onConflictDoNothing();
  }
}
