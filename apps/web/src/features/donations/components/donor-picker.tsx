// The donor of a gift staff enter, picked from Donantes by name, email, NIT or phone: each match shows
// its name with what tells namesakes apart (masked email, the phone's last digits, the last gift's day),
// and choosing one keeps its id (docs/product.md#staff-gift-entry).
import { useId, useState } from 'react';
import { Search, UserCheck } from 'lucide-react';
import { giftEntryMessages as g } from '@donaciones/shared/messages/gift-entry';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { useDonorChoices } from '../api/gift-entry-options';

export interface ChosenDonor {
  id: number;
  name: string;
}

interface DonorPickerProps {
  chosen: ChosenDonor | null;
  onChoose: (donor: ChosenDonor | null) => void;
  error?: string;
}

export function DonorPicker({ chosen, onChoose, error }: DonorPickerProps) {
  const [q, setQ] = useState('');
  const choices = useDonorChoices(q);
  const listId = useId();
  if (chosen) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-ink-900">
          <UserCheck aria-hidden="true" className="size-5 text-brand-700" />
          {g.donorChosen(chosen.name)}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => onChoose(null)}>
          {g.donorChange}
        </Button>
      </div>
    );
  }
  const items = q.trim().length >= 2 ? (choices.data?.items ?? []) : [];
  return (
    <div className="flex flex-col gap-3">
      <TextInput
        label={g.donorSearch}
        type="search"
        hint={g.donorSearchHint}
        error={error}
        value={q}
        onChange={(event) => setQ(event.target.value)}
        prefix={<Search aria-hidden="true" className="size-4" />}
        aria-controls={listId}
      />
      <ul id={listId} className="flex flex-col gap-2" aria-live="polite">
        {items.map((donor) => (
          <li key={donor.id}>
            <button
              type="button"
              onClick={() => onChoose({ id: donor.id, name: donor.name })}
              aria-label={g.donorPick(donor.name, donor.hint)}
              className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-sand-200 bg-white px-4 py-3 text-left text-sm hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="font-semibold text-ink-900">{donor.name}</span>
              <span className="text-ink-600">{donor.hint}</span>
            </button>
          </li>
        ))}
        {q.trim().length >= 2 && choices.isSuccess && items.length === 0 && <li className="text-sm text-ink-600">{g.donorSearchEmpty}</li>}
      </ul>
    </div>
  );
}
