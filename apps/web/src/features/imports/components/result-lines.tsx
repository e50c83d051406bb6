// Steps 3 and 4 of "Importar": what the dry run found (or the import did), line by line, refused lines first
// with their reason next to the line.
import { importsMessages } from '@donaciones/shared/messages/imports';
import type { ImportLineResult, ImportOutcome, ImportResult } from '@donaciones/shared/schemas/imports';
import { Badge, type BadgeTone } from '@/components/badge';
import { type Column, ResponsiveTable } from '@/components/responsive-table';

const s = importsMessages.screen;
const TONES: Record<ImportOutcome, BadgeTone> = { created: 'success', matched: 'brand', repeated: 'neutral', refused: 'danger' };

const columns: Column<ImportLineResult>[] = [
  { key: 'line', header: s.lineHeader, primary: true, cell: (l) => <span className="tabular-nums">{l.line}</span> },
  { key: 'outcome', header: s.outcomeHeader, cell: (l) => <Badge tone={TONES[l.outcome]}>{importsMessages.outcomes[l.outcome]}</Badge> },
  { key: 'detail', header: s.detailHeader, cell: (l) => <span className="text-ink-800">{l.detail}</span> },
  { key: 'reason', header: s.reasonHeader, cell: (l) => (l.reason ? <span className="font-semibold text-red-800">{l.reason}</span> : <span aria-hidden="true">—</span>) },
];

export function ResultSummary({ result }: { result: ImportResult }) {
  const c = result.counts;
  return (
    <p className="rounded-xl bg-sand-100/70 px-4 py-3 text-sm font-semibold text-ink-800" aria-live="polite">
      {s.summary(c.created, c.matched, c.repeated, c.refused)}
    </p>
  );
}

export function ResultLines({ result }: { result: ImportResult }) {
  const title = result.dry_run ? s.linesTitle : s.importedTitle;
  const refused = result.lines.filter((l) => l.outcome === 'refused');
  const others = result.lines.filter((l) => l.outcome !== 'refused');
  return (
    <div className="flex flex-col gap-4">
      {refused.length > 0 && (
        <section aria-labelledby="import-refused">
          <h3 id="import-refused" className="mb-2 font-semibold text-ink-900">
            {s.refusedTitle}
          </h3>
          <ResponsiveTable caption={s.refusedTitle} columns={columns} rows={refused} getRowKey={(l) => l.line} />
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="import-lines">
          <h3 id="import-lines" className="mb-2 font-semibold text-ink-900">
            {title}
          </h3>
          <ResponsiveTable caption={title} columns={columns.slice(0, 3)} rows={others} getRowKey={(l) => l.line} />
        </section>
      )}
    </div>
  );
}
