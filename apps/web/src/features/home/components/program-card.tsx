// One program of the home page: its headline figure, description and progress towards its goal.
import { BookHeart, GraduationCap, HandHeart, Utensils, type LucideIcon } from 'lucide-react';
import { formatMoney, formatPercent } from '@donaciones/shared/format';
import { homeMessages } from '@donaciones/shared/messages/home';
import type { PublicProgram } from '@donaciones/shared/schemas/public-site';
import { Badge } from '@/components/badge';
import { cn } from '@/lib/cn';

const m = homeMessages;

/** Each program's look, by the words of its slug; unknown programs get the generic one. */
function look(slug: string): { icon: LucideIcon; band: string; iconTone: string } {
  if (/evangel|fe|valores/.test(slug)) return { icon: BookHeart, band: 'from-brand-100 to-brand-50', iconTone: 'bg-brand-700 text-white' };
  if (/aliment|comida|nutri/.test(slug)) return { icon: Utensils, band: 'from-accent-100 to-accent-50', iconTone: 'bg-accent-500 text-ink-900' };
  if (/beca|escol|educa/.test(slug)) return { icon: GraduationCap, band: 'from-sand-200 to-sand-100', iconTone: 'bg-ink-800 text-white' };
  return { icon: HandHeart, band: 'from-brand-50 to-sand-50', iconTone: 'bg-brand-600 text-white' };
}

export function ProgramCard({ program }: { program: PublicProgram }) {
  const { icon: Icon, band, iconTone } = look(program.slug);
  const pct = formatPercent(program.progress_percentage);
  return (
    <article className="flex flex-col overflow-hidden rounded-card border border-sand-200 bg-white shadow-card transition-shadow hover:shadow-lift">
      <div className={cn('relative flex items-end justify-between gap-3 bg-gradient-to-br px-6 pt-6 pb-5', band)}>
        <span className={cn('flex size-12 items-center justify-center rounded-2xl shadow-sm', iconTone)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {program.coming_soon && <Badge tone="accent">{m.comingSoon}</Badge>}
      </div>
      <div className="flex flex-1 flex-col px-6 pt-5 pb-6">
        <h3 className="text-xl font-semibold">{program.name}</h3>
        {program.highlight_value && (
          <p className="mt-2 flex flex-wrap items-baseline gap-x-2">
            <span className={cn('font-display font-semibold text-brand-700', /\d/.test(program.highlight_value) ? 'text-3xl' : 'text-2xl')}>
              {program.highlight_value}
            </span>
            <span className="text-sm font-semibold text-ink-600">{program.highlight_label}</span>
          </p>
        )}
        <p className="mt-3 flex-1 text-[0.95rem] leading-relaxed text-ink-600">{program.description}</p>
        {/* A program still to come shows no money: its figures would read as a campaign under way. */}
        {program.goal_amount > 0 && !program.coming_soon && (
          <div className="mt-5">
            <div
              role="progressbar"
              aria-label={m.programProgressLabel(program.name)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={program.progress_percentage}
              aria-valuetext={m.programProgress(pct)}
              className="h-2.5 overflow-hidden rounded-full bg-sand-100"
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${Math.max(2, program.progress_percentage)}%` }}
              />
            </div>
            <p className="mt-2 flex flex-wrap items-center justify-between gap-x-3 text-sm text-ink-600">
              <span>{m.programRaised(formatMoney(program.current_amount), formatMoney(program.goal_amount))}</span>
              <span className="font-semibold text-ink-800">{m.programProgress(pct)}</span>
            </p>
          </div>
        )}
      </div>
    </article>
  );
}
