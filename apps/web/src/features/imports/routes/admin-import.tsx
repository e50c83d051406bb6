// "Importar" (/admin/donantes/importar, docs/product.md#imports): staff with donors.manage bring donors, past
// gifts and monthly donors by transfer from a CSV or XLSX file: the file, its columns with a preview, a dry
// run listing every line (refused ones with their reason), then the import.
import { CheckCircle2 } from 'lucide-react';
import { importsMessages } from '@donaciones/shared/messages/imports';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FileStep } from '../components/file-step';
import { MappingStep } from '../components/mapping-step';
import { ResultLines, ResultSummary } from '../components/result-lines';
import { type ImportFlow, type ImportStep, useImportFlow } from '../components/use-import-flow';

const s = importsMessages.screen;
const STEPS: { step: ImportStep; label: string }[] = [
  { step: 'file', label: s.stepFile },
  { step: 'mapping', label: s.stepMapping },
  { step: 'review', label: s.stepDryRun },
  { step: 'done', label: s.stepDone },
];

function Steps({ current }: { current: ImportStep }) {
  return (
    <ol className="mb-4 flex flex-wrap gap-2 text-sm">
      {STEPS.map(({ step, label }) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={step === current ? 'rounded-full bg-brand-700 px-3 py-1 font-semibold text-white' : 'rounded-full bg-sand-100 px-3 py-1 text-ink-700'}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}

function ReviewStep({ flow }: { flow: ImportFlow }) {
  const review = flow.review;
  if (!review) return null;
  const nothing = review.counts.created + review.counts.matched === 0;
  return (
    <div className="flex flex-col gap-4">
      <ResultSummary result={review} />
      {nothing && <p className="text-sm text-ink-700">{s.nothingToImport}</p>}
      <ResultLines result={review} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={flow.importNow} disabled={nothing} loading={flow.running} loadingText={s.importing}>
          {s.importNow}
        </Button>
        <Button variant="ghost" onClick={flow.back}>
          {s.back}
        </Button>
      </div>
    </div>
  );
}

function DoneStep({ flow }: { flow: ImportFlow }) {
  const done = flow.done;
  if (!done) return null;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-900">
        <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700" />
        {s.doneTitle}
      </h2>
      <p className="text-ink-800">{s.doneText(done.counts.created, done.counts.matched)}</p>
      <ResultSummary result={done} />
      <ResultLines result={done} />
      <Button variant="outline" className="self-start" onClick={flow.reset}>
        {s.another}
      </Button>
    </div>
  );
}

export default function AdminImportPage() {
  useDocumentTitle(s.title);
  const flow = useImportFlow();
  return (
    <div>
      <PageHeader className="mb-6" title={s.title} description={s.intro} />
      <Steps current={flow.step} />
      <Card>
        {flow.formError && (
          <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {flow.formError}
          </p>
        )}
        {flow.step === 'file' && <FileStep flow={flow} />}
        {flow.step === 'mapping' && flow.preview && <MappingStep flow={flow} preview={flow.preview} />}
        {flow.step === 'review' && <ReviewStep flow={flow} />}
        {flow.step === 'done' && <DoneStep flow={flow} />}
      </Card>
    </div>
  );
}
