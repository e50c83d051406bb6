// The donation list's search box and its status (members and staff only) and type filters.
import { Search } from 'lucide-react';
import { DONATION_STATUSES, DONATION_TYPES } from '@donaciones/shared/constants';
import { donationStatusLabel, donationTypeLabel, donationsMessages } from '@donaciones/shared/messages/donations';
import { Select, TextInput } from '@/components/form-fields';
import { cn } from '@/lib/cn';
import type { ListAddress } from './use-list-address';

const l = donationsMessages.list;
const STATUS_OPTIONS = DONATION_STATUSES.map((s) => ({ value: s, label: donationStatusLabel(s) }));
const TYPE_OPTIONS = DONATION_TYPES.map((t) => ({ value: t, label: donationTypeLabel(t) }));

export function DonationFilters({ address, canFilterStatus }: { address: ListAddress; canFilterStatus: boolean }) {
  return (
    <div
      role="search"
      className={cn(
        'mt-8 grid grid-cols-1 gap-3 rounded-card border border-sand-200 bg-white/70 p-3 shadow-card sm:p-4',
        canFilterStatus ? 'sm:grid-cols-[minmax(0,1fr)_12rem_12rem]' : 'sm:grid-cols-[minmax(0,1fr)_12rem]',
      )}
    >
      <TextInput
        label={<span className="sr-only">{l.searchLabel}</span>}
        type="search"
        name="q"
        placeholder={l.searchPlaceholder}
        prefix={<Search aria-hidden="true" className="size-4" />}
        value={address.search}
        onChange={(e) => address.onSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') address.submitSearch();
        }}
      />
      {canFilterStatus && (
        <Select
          label={<span className="sr-only">{l.statusLabel}</span>}
          name="status"
          options={STATUS_OPTIONS}
          placeholder={l.allStatuses}
          value={address.status}
          onChange={(e) => address.update({ status: e.target.value })}
        />
      )}
      <Select
        label={<span className="sr-only">{l.typeLabel}</span>}
        name="type"
        options={TYPE_OPTIONS}
        placeholder={l.allTypes}
        value={address.type}
        onChange={(e) => address.update({ type: e.target.value })}
      />
    </div>
  );
}
