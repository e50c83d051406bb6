// "Apadrinamientos anteriores" in Mi ahijado/a (docs/product.md#sponsorship, decision 0073): the
// sponsorships that ended, each with the child's first name, its dates, how it ended and the way to
// its letters. Nothing else of the child: a former sponsor no longer sees them as a sponsor does.
import { Link } from 'react-router';
import { formatLongDate } from '@donaciones/shared/format';
import { sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import type { MySponsorships } from '@donaciones/shared/schemas/sponsorship';
import { Card } from '@/components/card';
import { sponsorLettersPath } from '@/lib/paths';

type Past = MySponsorships['past'][number];

function howItEnded(item: Past): string {
  if (item.endReason === 'child_left') return t.pastEndedChildLeft(item.childFirstName);
  if (item.endReason === 'sponsor_stopped') return t.pastEndedSponsorStopped;
  return t.pastEnded;
}

export function PastSponsorships({ past }: { past: MySponsorships['past'] }) {
  if (past.length === 0) return null;
  return (
    <Card title={t.pastTitle} description={t.pastHint}>
      <ul className="divide-y divide-sand-200">
        {past.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <div>
              <h3 className="font-semibold text-ink-900">{item.childFirstName}</h3>
              {item.startedAt && item.endedAt && <p className="text-sm text-ink-600">{t.pastDates(formatLongDate(item.startedAt), formatLongDate(item.endedAt))}</p>}
              <p className="text-sm text-ink-700">{howItEnded(item)}</p>
            </div>
            <Link className="font-semibold text-brand-700 underline" to={sponsorLettersPath(item.id)}>
              {t.pastLetters(item.childFirstName)}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
