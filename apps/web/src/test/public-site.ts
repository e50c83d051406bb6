// A whole GET /public/site answer for tests that render the layouts, with the parts a test cares
// about overridden. The layouts read it through its typed contract, so a partial answer would not do.
import type { PublicSite } from '@donaciones/shared/schemas/public-site';

export interface PublicSiteOverrides {
  organization?: Partial<PublicSite['organization']>;
  system?: Partial<PublicSite['system']>;
  stats?: Partial<PublicSite['stats']>;
  impact?: Partial<PublicSite['impact']>;
  payments?: Partial<PublicSite['payments']>;
  bank_accounts?: PublicSite['bank_accounts'];
}

export function publicSite({ organization, system, stats, impact, payments, bank_accounts = [] }: PublicSiteOverrides = {}): PublicSite {
  return {
    organization: { name: 'Fundación', description: '', phone: '', email: '', address: '', ...organization },
    system: { system_name: '', contact_email: '', maintenance_mode: false, min_donation_amount: 1, max_donation_amount: 50_000, checkout_programs: false, ...system },
    stats: { donated_this_month: 0, children_per_year: 0, schools_benefited: 0, scholarships: 0, ...stats },
    impact: { quetzales_per_child: 150, quetzales_per_meal: 5, quetzales_per_scholarship: 1000, quetzales_per_evangelism_hour: 10, ...impact },
    payments: { provider: 'simulated', fee_percent: 0, fee_vat_percent: 0, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-01-01', ...payments },
    bank_accounts,
    programs: [],
    supporters: [],
    upcoming_events: [],
  };
}
