// The side column of /donate: whom the gift supports, what it makes possible, and the card note on step 1.
import { Lock } from 'lucide-react';
import { donateMessages } from '@donaciones/shared/messages/donate';
import type { DonationFrequency } from '@donaciones/shared/schemas/monthly';
import type { PaymentCurrency } from '@donaciones/shared/schemas/payments';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { Skeleton } from '@/components/skeleton';
import { ImpactList } from './impact-list';

const d = donateMessages;

export interface DonateAsideProps {
  site: PublicSite | undefined;
  amount: number;
  currency: PaymentCurrency;
  frequency: DonationFrequency;
  showSecureNote: boolean;
}

export function DonateAside({ site, amount, currency, frequency, showSecureNote }: DonateAsideProps) {
  const organization = site?.organization;
  return (
    <aside className="space-y-6">
      <section aria-labelledby="donate-about" className="rounded-card bg-brand-800 p-6 text-brand-50 shadow-card">
        <h2 id="donate-about" className="font-display text-lg font-semibold text-white">
          {d.aboutTitle}
        </h2>
        {organization ? (
          <>
            <p className="mt-1 font-semibold text-accent-200">{organization.name}</p>
            <p className="mt-3 text-[0.95rem] leading-relaxed text-brand-100" data-testid="donate-org-description">
              {organization.description}
            </p>
          </>
        ) : (
          <div className="mt-3 space-y-2">
            <Skeleton className="h-4 w-full bg-white/20" />
            <Skeleton className="h-4 w-5/6 bg-white/20" />
          </div>
        )}
      </section>
      {site && (
        <section className="rounded-card border border-sand-200 bg-white p-6 shadow-card">
          <ImpactList amount={amount} currency={currency} usdRate={site.payments.usd_exchange_rate} impact={site.impact} frequency={frequency} />
        </section>
      )}
      {showSecureNote && (
        <p className="flex items-start gap-2.5 px-1 text-sm text-ink-600">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {d.secureNote}
        </p>
      )}
    </aside>
  );
}
