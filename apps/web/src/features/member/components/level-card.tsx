import { Award, Flag } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { formatMoney, formatPercent } from '@donaciones/shared/format';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { useLevels } from '../api/get-levels';
import { CardError } from './card-error';
import { ProgressBar } from './progress-bar';

const t = memberMessages.dashboard;

/** The donor's level and the next milestone with a progress bar (docs/product.md#figures). */
export function LevelCard({ favoriteProgram, className }: { favoriteProgram?: string | null; className?: string }) {
  const levels = useLevels();
  return (
    <Card title={t.levelTitle} className={className} data-testid="level-card">
      {levels.isPending ? (
        <div className="space-y-4" aria-hidden="true">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : levels.isError ? (
        <CardError onRetry={() => levels.refetch()} retrying={levels.isFetching} />
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
              <Award aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="font-display text-2xl font-semibold text-ink-900">{levels.data.current_level ?? t.noLevel}</p>
              <p className="text-sm text-ink-600">{formatMoney(levels.data.total_donated)}</p>
            </div>
          </div>

          {levels.data.next_level && levels.data.next_level_threshold !== null ? (
            <div className="space-y-2">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="inline-flex items-center gap-1.5 font-semibold text-ink-700">
                  <Flag aria-hidden="true" className="size-4 text-brand-600" />
                  {t.nextMilestone}: {levels.data.next_level}
                </span>
                <span className="font-semibold text-brand-800 tabular-nums">{formatPercent(levels.data.progress_percentage)}</span>
              </div>
              <ProgressBar
                value={levels.data.progress_percentage}
                label={t.progressLabel(levels.data.next_level)}
                valueText={t.progressOf(formatMoney(levels.data.total_donated), formatMoney(levels.data.next_level_threshold))}
              />
              <p className="flex justify-between gap-3 text-xs text-ink-500 tabular-nums">
                <span>{formatMoney(levels.data.total_donated)}</span>
                <span>{formatMoney(levels.data.next_level_threshold)}</span>
              </p>
              <p className="text-sm text-ink-700">{t.toNextLevel(formatMoney(levels.data.amount_to_next_level), levels.data.next_level)}</p>
            </div>
          ) : (
            <div className="space-y-2">
              <ProgressBar value={100} label={t.levelTitle} tone="accent" />
              <p className="text-sm text-ink-700">{t.topLevel}</p>
            </div>
          )}

          {favoriteProgram !== undefined && (
            <div className="flex flex-wrap items-center gap-2 border-t border-sand-200 pt-4 text-sm">
              <span className="text-ink-600">{t.favoriteProgram}:</span>
              {favoriteProgram ? <Badge tone="brand">{favoriteProgram}</Badge> : <span className="text-ink-500">{t.noFavorite}</span>}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
