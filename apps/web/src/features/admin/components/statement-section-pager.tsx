// A section of one bank import a page at a time (docs/product.md#bank-deposits): the import's own answer
// holds the first page of every section; a later page is asked for that section alone.
import { useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { StatementImport, StatementSection } from '@donaciones/shared/schemas/bank-statements';
import { Button } from '@/components/button';
import { useStatementImportPage } from '../api/bank-statements';

const c = adminMessages.common;
const m = bankStatementsMessages.screen;

const totalOf = (data: StatementImport, section: StatementSection) => (section === 'deposits' ? data.counts.unmatched_deposits : data.counts[section]);

/** The page of `section` being shown: its answer (the import's own for page 1), the page and the way to move. */
export function useSectionPage(data: StatementImport, section: StatementSection) {
  const [wanted, setPage] = useState(1);
  const total = totalOf(data, section);
  const last = Math.max(1, Math.ceil(total / data.page_size));
  // Confirming can empty the last page: show the new last one instead.
  const page = Math.min(wanted, last);
  const later = useStatementImportPage(data.id, section, page);
  const shown = page === 1 ? data : (later.data ?? data);
  return { page, last, total, setPage, shown, loading: page > 1 && (later.isPlaceholderData || !later.data) };
}

export type SectionPage = ReturnType<typeof useSectionPage>;

/** Anterior / Siguiente under a section longer than one page. */
export function SectionPager({ title, paging, pageSize }: { title: string; paging: SectionPage; pageSize: number }) {
  if (paging.last <= 1) return null;
  const from = (paging.page - 1) * pageSize + 1;
  const to = Math.min(paging.page * pageSize, paging.total);
  return (
    <nav className="mt-4 flex flex-col items-center justify-between gap-3 border-t border-sand-200 pt-3 sm:flex-row" aria-label={m.pagerLabel(title)}>
      <p className="text-sm text-ink-600" aria-live="polite">
        {paging.loading ? m.pageLoading : c.showing(from, to, paging.total)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={paging.page === 1}
          onClick={() => paging.setPage(paging.page - 1)}
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        >
          {c.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={paging.page >= paging.last} onClick={() => paging.setPage(paging.page + 1)}>
          {c.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
