// The donation list's search, filters and page as the address holds them (?q=&status=&type=&page=),
// so a search can be shared and survives a reload, and the search box that writes to it after a pause.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DONATION_STATUSES, DONATION_TYPES, type DonationStatus, type DonationType } from '@donaciones/shared/constants';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (value && (values as readonly string[]).includes(value) ? (value as T) : '');

/** The list's state as the address holds it; anything unknown reads as "no filter" and page 1. */
export function readListParams(params: URLSearchParams) {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    status: oneOf<DonationStatus>(DONATION_STATUSES, params.get('status')),
    type: oneOf<DonationType>(DONATION_TYPES, params.get('type')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** `canFilterStatus` false: the status in the address is ignored (a visitor sees completed donations only). */
export function useListAddress(canFilterStatus: boolean) {
  const [params, setParams] = useSearchParams();
  const read = readListParams(params);
  const { q, type, page } = read;
  const status = canFilterStatus ? read.status : '';

  // The box follows the address (back, forward, a shared link) and writes to it after a pause; its
  // own writes do not reset it, so letters typed meanwhile are kept.
  const [search, setSearch] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  const [written, setWritten] = useState<string | null>(null);
  if (lastQ !== q) {
    setLastQ(q);
    if (q !== written) setSearch(q);
  }
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);

  /** A new search or filter starts again at page 1; typing replaces the entry, choices add one. */
  const update = (changes: Record<string, string>, options: { replace?: boolean } = {}) => {
    window.clearTimeout(typing.current);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: options.replace },
    );
  };
  const writeSearch = (value: string) => {
    setWritten(value);
    update({ q: value }, { replace: true });
  };
  const onSearch = (value: string) => {
    setSearch(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      if (value.trim() === q) return;
      writeSearch(value.trim());
    }, 300);
  };
  /** Enter writes the search at once. */
  const submitSearch = () => {
    if (search.trim() === q) return;
    writeSearch(search.trim());
  };
  const clear = () => {
    window.clearTimeout(typing.current);
    setSearch('');
    setParams(new URLSearchParams());
  };
  return { q, status, type, page, search, onSearch, submitSearch, update, clear };
}
export type ListAddress = ReturnType<typeof useListAddress>;
