import { memberMessages } from '@donaciones/shared/messages/member';
import type { ActiveProgram } from '@donaciones/shared/schemas/member';
import { formatMoney, formatPercent } from '@donaciones/shared/format';
import { Badge } from '@/components/badge';
import { cn } from '@/lib/cn';
import { ProgressBar } from './progress-bar';

const t = memberMessages.programs;

/** A program with its progress towards the goal (docs/product.md#figures). */
export function ProgramCard({ program, className }: { program: ActiveProgram; className?: string }) {
  return (
    <article className={cn('flex flex-col gap-4 rounded-card border border-sand-200 bg-white p-5 shadow-card', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold">{program.name}</h3>
        {program.coming_soon && <Badge tone="accent">{t.comingSoon}</Badge>}
      </div>
      <p className="line-clamp-3 flex-1 text-sm leading-relaxed text-ink-600">{program.description}</p>
      {/* A program still to come shows no money: its figures would read as a campaign under way. */}
      {!program.coming_soon && (
        <div className="space-y-2">
          <ProgressBar
            value={program.progress_percentage}
            label={program.name}
            valueText={`${formatMoney(program.current_amount)} / ${formatMoney(program.goal_amount)}`}
            tone="brand"
            size="sm"
          />
          <div className="flex items-end justify-between gap-3 text-sm">
            <div>
              <p className="text-xs text-ink-500">{t.raised}</p>
              <p className="font-semibold text-ink-900 tabular-nums">{formatMoney(program.current_amount)}</p>
            </div>
            <p className="text-xs font-semibold text-brand-800 tabular-nums">{t.progress(formatPercent(program.progress_percentage))}</p>
            <div className="text-right">
              <p className="text-xs text-ink-500">{t.goal}</p>
              <p className="font-semibold text-ink-900 tabular-nums">{formatMoney(program.goal_amount)}</p>
            </div>
          </div>
        </div>
      )}
    </article>
  );
}
