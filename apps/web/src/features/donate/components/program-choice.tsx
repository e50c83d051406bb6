// "¿A qué programa va tu donación?" (docs/product.md#designation): the active programmes that are not
// "Próximamente", and "Donde más se necesite" first, chosen by default. Loaded only when the
// settings offer the programmes (routes/donate.tsx).
import { useId } from 'react';
import { designationChoiceMessages as m } from '@donaciones/shared/messages/designation-choice';
import type { PublicProgram } from '@donaciones/shared/schemas/public-site';
import { cn } from '@/lib/cn';

export interface ProgramChoiceProps {
  programs: PublicProgram[];
  programId: number | null;
  onProgram: (id: number | null) => void;
  /** The server's refusal (a programme closed meanwhile), shown next to the choice. */
  error: string | null;
}

export default function ProgramChoice({ programs, programId, onProgram, error }: ProgramChoiceProps) {
  const errorId = useId();
  const options = [{ id: null, name: m.whereMostNeeded, hint: m.whereMostNeededHint }, ...programs.map((p) => ({ id: p.id, name: p.name, hint: p.description }))];
  return (
    <fieldset className="mt-6" aria-describedby={error ? errorId : undefined}>
      <legend className="text-lg font-semibold text-ink-900">{m.question}</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const selected = programId === o.id;
          return (
            <label
              key={o.id ?? 'general'}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-2xl border-2 p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                selected ? 'border-brand-700 bg-brand-50' : 'border-sand-200 bg-white hover:border-brand-300',
              )}
            >
              <input type="radio" name="programa" checked={selected} onChange={() => onProgram(o.id)} className="mt-1 size-4 shrink-0 accent-brand-700" />
              <span className="min-w-0">
                <span className="block font-semibold text-ink-900">{o.name}</span>
                {o.hint && <span className="mt-0.5 line-clamp-2 block text-sm text-ink-600">{o.hint}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
