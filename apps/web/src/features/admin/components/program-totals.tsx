// The period's completed gifts by designation (docs/product.md#designation): each programme and
// "Donde más se necesite", from the same rows as the report's total, so they add up to it.
import { useId } from 'react';
import { formatMoney, formatNumber } from '@donaciones/shared/format';
import { designationMessages as dm } from '@donaciones/shared/messages/designation';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { type Column, ResponsiveTable } from '@/components/responsive-table';

type ProgramRow = Analytics['by_program'][number];

export function ProgramTotals({ analytics }: { analytics: Analytics }) {
  const id = useId();
  const columns: Column<ProgramRow>[] = [
    { key: 'name', header: dm.program, primary: true, cell: (p) => <span className="font-semibold">{p.name}</span> },
    { key: 'donations', header: dm.donations, className: 'text-right', cell: (p) => <span className="tabular-nums">{formatNumber(p.donations)}</span> },
    { key: 'amount', header: dm.amount, className: 'text-right', cell: (p) => <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span> },
  ];
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 font-display text-lg font-semibold text-ink-900">
        {dm.byProgram}
      </h2>
      {analytics.by_program.length === 0 ? (
        <p className="text-sm text-ink-600">{dm.noDesignated}</p>
      ) : (
        <ResponsiveTable caption={dm.byProgram} columns={columns} rows={analytics.by_program} getRowKey={(p) => String(p.program_id ?? 'general')} />
      )}
    </section>
  );
}
