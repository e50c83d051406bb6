// Register a gift the office received (/donations/new, docs/product.md#staff-gift-entry): cash, cheque,
// transfer, deposit or in kind, for a donor from Donantes or a new one, with the day it arrived.
// Staff who may enter gifts (gifts.enter: ADMIN, FINANCE, VOLUNTEER) only: donors have one flow,
// /donate, and anyone else who opens this address is taken there. It is recorded pending, or completed
// with its receipt by staff who hold gifts.complete. It opens inside the staff console, and a saved gift
// opens on its review page there.
import { Navigate } from 'react-router';
import { giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { can } from '@donaciones/shared/permissions';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { GiftEntryForm } from '../components/gift-entry-form';

export default function NewDonationPage() {
  const session = useSession();
  if (!can(session.roles, 'gifts.enter')) return <Navigate to={paths.donate} replace />;
  return <GiftEntryPage />;
}

function GiftEntryPage() {
  useDocumentTitle(g.title);
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader eyebrow={g.eyebrow} title={g.title} description={g.subtitle} />
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <GiftEntryForm />
        </Card>
        <aside className="rounded-card bg-brand-800 p-6 text-brand-50 shadow-card">
          <h2 className="font-display text-lg font-semibold text-white">{g.asideTitle}</h2>
          <ol className="mt-4 flex flex-col gap-4">
            {g.asideSteps.map((step, i) => (
              <li key={step} className="flex gap-3 text-sm leading-relaxed">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-ink-900">{i + 1}</span>
                {step}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}
