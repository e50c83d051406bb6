// The filters of the "Donantes" list (docs/product.md#donors): first and last gift between dates, the
// lifetime total in quetzales, monthly giving, tag and programme, each with the API's Spanish message.
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { donorFiltersSchema } from '@donaciones/shared/schemas/donors';
import { Select, TextInput } from '@/components/form-fields';
import type { DonorListFilters } from '../api/donors';
import { useDonorPrograms } from '../api/donors';

const l = donorsMessages.list;
type FilterKey = keyof DonorListFilters;
export type FilterErrors = Partial<Record<FilterKey, string>>;

/** The same rules as the API: each field's Spanish message, or nothing. */
export function donorFilterErrors(f: DonorListFilters): FilterErrors {
  const given = Object.fromEntries(Object.entries(f).filter(([, value]) => value.trim() !== ''));
  const parsed = donorFiltersSchema.safeParse(given);
  const errors: FilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FilterKey;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

const MONTHLY_OPTIONS = [
  { value: 'yes', label: l.monthlyYes },
  { value: 'no', label: l.monthlyNo },
];

export interface DonorFiltersProps {
  /** What the address holds (dates and choices). */
  filters: DonorListFilters;
  /** What is being typed (amounts and tag), written to the address after a pause. */
  typed: Pick<DonorListFilters, 'minTotal' | 'maxTotal' | 'tag'>;
  errors: FilterErrors;
  onChange: (changes: Partial<DonorListFilters>) => void;
  onType: (changes: Partial<Pick<DonorListFilters, 'minTotal' | 'maxTotal' | 'tag'>>) => void;
}

export function DonorFilters({ filters, typed, errors, onChange, onType }: DonorFiltersProps) {
  const programs = useDonorPrograms();
  const programOptions = (programs.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const date = (key: 'firstFrom' | 'firstTo' | 'lastFrom' | 'lastTo', label: string) => (
    <TextInput label={label} type="date" value={filters[key]} error={errors[key]} onChange={(e) => onChange({ [key]: e.target.value })} />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {date('firstFrom', l.firstFrom)}
      {date('firstTo', l.firstTo)}
      {date('lastFrom', l.lastFrom)}
      {date('lastTo', l.lastTo)}
      <TextInput label={l.minTotal} inputMode="decimal" value={typed.minTotal} error={errors.minTotal} onChange={(e) => onType({ minTotal: e.target.value })} />
      <TextInput label={l.maxTotal} inputMode="decimal" value={typed.maxTotal} error={errors.maxTotal} onChange={(e) => onType({ maxTotal: e.target.value })} />
      <Select label={l.monthly} options={MONTHLY_OPTIONS} placeholder={l.monthlyAny} value={filters.monthly} onChange={(e) => onChange({ monthly: e.target.value })} />
      <TextInput label={l.tag} value={typed.tag} error={errors.tag} onChange={(e) => onType({ tag: e.target.value })} />
      {programOptions.length > 0 && (
        <Select label={l.program} options={programOptions} placeholder={l.programAny} value={filters.programId} onChange={(e) => onChange({ programId: e.target.value })} />
      )}
    </div>
  );
}
