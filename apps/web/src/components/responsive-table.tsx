// A data table on wide screens that becomes a list of cards under 640 px (Tailwind's `sm`).
import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { cn } from '@/lib/cn';

export interface Column<T> {
  /** Unique id of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Header and cell class (alignment, width) in the table. */
  className?: string;
  /** Shown as the card's title on phones instead of a label/value line. */
  primary?: boolean;
  /** Left out of the phone card (e.g. a column already in the title). */
  hideOnMobile?: boolean;
  /** On the phone card, the cell takes the card's whole width under its label (a block, not a value). */
  stacked?: boolean;
}

export interface ResponsiveTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => Key;
  /** Visually hidden caption read by screen readers. */
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  className?: string;
}

/** Whether the element is narrower than its content, i.e. scrolls sideways; kept current as either resizes. */
function useScrollsSideways<E extends HTMLElement>(mounted: boolean) {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(el.scrollWidth > el.clientWidth));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [mounted]);
  return [ref, scrolls] as const;
}

export function ResponsiveTable<T>({ columns, rows, getRowKey, caption, empty, className }: ResponsiveTableProps<T>) {
  const [scroller, scrolls] = useScrollsSideways<HTMLDivElement>(rows.length > 0);
  if (rows.length === 0) {
    return <>{empty ?? <p className="rounded-card bg-sand-100/60 px-4 py-8 text-center text-sm text-ink-600">{shellMessages.tableEmpty}</p>}</>;
  }
  const primary = columns.find((c) => c.primary);
  const rest = columns.filter((c) => c !== primary && !c.hideOnMobile);

  return (
    <div className={className}>
      {/* relative: the sr-only texts of the cells are absolutely positioned, and would otherwise widen the page. */}
      {/* A table wider than its column scrolls sideways: it is then a named region a keyboard can reach and scroll. */}
      <div
        ref={scroller}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? caption : undefined}
        tabIndex={scrolls ? 0 : undefined}
        className="relative hidden overflow-x-auto rounded-card border border-sand-200 bg-white shadow-card focus-visible:outline-2 focus-visible:outline-brand-500 sm:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-sand-100/70 text-xs font-bold tracking-wide text-ink-600 uppercase">
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cn('px-4 py-3 whitespace-nowrap', c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {rows.map((row) => (
              <tr key={getRowKey(row)} className="transition-colors hover:bg-brand-50/40">
                {columns.map((c) => (
                  <td key={c.key} className={cn('px-4 py-3 align-middle text-ink-800', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 sm:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={getRowKey(row)} className="rounded-card border border-sand-200 bg-white p-4 shadow-card">
            {primary && <div className="mb-2 font-semibold text-ink-900">{primary.cell(row)}</div>}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {rest.map((c) => (
                <div key={c.key} className="contents">
                  <dt className={cn('font-medium text-ink-500', c.stacked && 'col-span-2')}>{c.header}</dt>
                  <dd className={cn('min-w-0 text-ink-800', c.stacked ? 'col-span-2' : 'text-right [&>*]:justify-end')}>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
