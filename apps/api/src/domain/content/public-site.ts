// What the public pages show (docs/product.md#figures): organisation and system settings, the home figures,
// programs, supporters and upcoming events, all read from the database on every call.
import { and, asc, eq, gte } from 'drizzle-orm';
import { figurePeriod, progressPercentage } from '@donaciones/shared/figures';
import { fromCents } from '@donaciones/shared/format';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import type { CardProviderName } from '@donaciones/shared/schemas/payments';
import { publicBankAccounts } from '@donaciones/shared/schemas/deposits';
import type { Db } from '../../db/client';
import { events, programs, supporters } from '../../db/schema';
import { donatedWithin } from '../ledger/figures';
import { getSettings } from '../../platform/settings';
import { SIMULATED_PROVIDER } from '../payments/providers';
import { publicRaisedCents } from './designation';

export const UPCOMING_EVENTS_SHOWN = 4;

/**
 * "Donado este mes": the completed donations made in the calendar month in course (Guatemala),
 * defined in packages/shared/src/figures.ts; a range on `created_at` (indexed with the status), so
 * the cost grows with the month's donations, never with the whole ledger.
 */
export async function donatedThisMonthCents(db: Db, now: Date = new Date()): Promise<number> {
  return (await donatedWithin(db, figurePeriod('month', now).current)).cents;
}

export async function getPublicSite(db: Db, now: Date = new Date(), provider: CardProviderName = SIMULATED_PROVIDER): Promise<PublicSite> {
  const [organization, system, impact, donatedCents, programRows, supporterRows, eventRows, payments, bankAccounts] = await Promise.all([
    getSettings(db, 'organization'),
    getSettings(db, 'system'),
    getSettings(db, 'impact'),
    donatedThisMonthCents(db, now),
    db
      .select()
      .from(programs)
      .where(eq(programs.isActive, true))
      .orderBy(asc(programs.sortOrder), asc(programs.id)),
    db.select({ id: supporters.id, name: supporters.name }).from(supporters).orderBy(asc(supporters.sortOrder), asc(supporters.id)),
    db
      .select()
      .from(events)
      .where(and(eq(events.isPublished, true), gte(events.date, now)))
      .orderBy(asc(events.date), asc(events.id))
      .limit(UPCOMING_EVENTS_SHOWN),
    getSettings(db, 'payments'),
    getSettings(db, 'bankAccounts'),
  ]);

  return {
    organization: {
      name: organization.name,
      description: organization.description,
      phone: organization.phone,
      email: organization.email,
      address: organization.address,
    },
    system: {
      system_name: system.system_name,
      contact_email: system.contact_email,
      maintenance_mode: system.maintenance_mode,
      min_donation_amount: system.min_donation_amount,
      max_donation_amount: system.max_donation_amount,
      checkout_programs: system.checkout_programs,
    },
    stats: {
      donated_this_month: fromCents(donatedCents),
      children_per_year: organization.children_per_year,
      schools_benefited: organization.schools_benefited,
      scholarships: organization.scholarships,
    },
    impact: {
      quetzales_per_child: impact.quetzales_per_child,
      quetzales_per_meal: impact.quetzales_per_meal,
      quetzales_per_scholarship: impact.quetzales_per_scholarship,
      quetzales_per_evangelism_hour: impact.quetzales_per_evangelism_hour,
    },
    payments: {
      provider,
      fee_percent: payments.fee_percent,
      fee_vat_percent: payments.fee_vat_percent,
      usd_exchange_rate: payments.usd_exchange_rate,
      usd_exchange_rate_date: payments.usd_exchange_rate_date,
    },
    bank_accounts: publicBankAccounts(bankAccounts),
    programs: programRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      highlight_value: p.highlightValue,
      highlight_label: p.highlightLabel,
      coming_soon: p.comingSoon,
      goal_amount: fromCents(p.goalCents),
      current_amount: fromCents(publicRaisedCents(p)),
      progress_percentage: progressPercentage(publicRaisedCents(p), p.goalCents),
    })),
    supporters: supporterRows,
    upcoming_events: eventRows.map((e) => ({
      id: e.id,
      type: e.type,
      title: e.title,
      description: e.description,
      date: e.date.toISOString(),
      location: e.location,
    })),
  };
}
