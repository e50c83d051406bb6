// One import of "Conciliación bancaria" (docs/product.md#bank-deposits): its proposed matches (confirmed after a
// dialog asks), near-misses, unmatched credits (each can be recorded as a donation), the pending deposits no
// line pays, and what is confirmed; each section a page at a time.
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatDay, formatGiftDate, formatMoney } from '@donaciones/shared/format';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import type { PendingDeposit, StatementCandidate, StatementImport, StatementLine } from '@donaciones/shared/schemas/bank-statements';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { adminDonationDetailPath } from '@/lib/paths';
import { useConfirmStatementLine, useStatementImport } from '../api/bank-statements';
import { ConfirmStatementLineDialog, type PendingConfirmation } from './confirm-statement-line-dialog';
import { LineDonationDialog } from './line-donation-dialog';
import { type SectionPage, SectionPager, useSectionPage } from './statement-section-pager';

const m = bankStatementsMessages.screen;

const referenceLabel = (deposit: PendingDeposit) =>
  deposit.payment_method === 'bank_transfer' ? bankStatementsMessages.review.transferReference : bankStatementsMessages.review.declaredSlip;

function DepositLine({ deposit }: { deposit: PendingDeposit }) {
  return (
    <span className="min-w-0">
      <Link to={adminDonationDetailPath(deposit.donation_id)} className="font-mono font-semibold text-brand-800 underline">
        {deposit.reference_code}
      </Link>{' '}
      <span className="text-ink-800">{deposit.donor_name}</span> · <span className="font-semibold tabular-nums">{formatMoney(deposit.amount, deposit.currency)}</span>
      <span className="block text-xs text-ink-600">
        {deposit.declared_date ? m.declared(formatDay(deposit.declared_date)) : m.created(formatGiftDate(deposit.created_at, deposit.dated_by_day))}
        {deposit.slip_number ? ` · ${referenceLabel(deposit)} ${deposit.slip_number}` : ''}
      </span>
    </span>
  );
}

function CandidateRow({ candidate, action }: { candidate: StatementCandidate; action?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <div className="min-w-0 flex-1">
        <DepositLine deposit={candidate} />
        <span className="mt-1 flex flex-wrap gap-1.5">
          <Badge tone={candidate.kind === 'match' ? 'success' : 'warning'}>{m.kind[candidate.kind]}</Badge>
          <Badge tone="neutral">{m.days(candidate.day_distance)}</Badge>
          {/* The longest badge may wrap on a narrow phone rather than widen the page. */}
          {candidate.reference_found && (
            <Badge tone="brand" className="whitespace-normal!">
              {m.referenceFound}
            </Badge>
          )}
        </span>
      </div>
      {action}
    </li>
  );
}

/** A line's date, text and amount; and, in any section, why a sponsorship's short first transfer did not start it. */
function LineHeading({ line }: { line: StatementLine }) {
  return (
    <>
      <LineFacts line={line} />
      {line.short_transfer && <p className="mt-1 text-sm text-amber-900">{m.shortTransfer(line.short_transfer.reference, formatMoney(line.short_transfer.monthly_amount))}</p>}
    </>
  );
}

function LineFacts({ line }: { line: StatementLine }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <p className="min-w-0">
        <span className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{m.line(line.line_number)}</span>{' '}
        <span className="text-sm text-ink-700">{formatDay(line.posted_on)}</span>
        <span className="block font-medium text-ink-900 [overflow-wrap:anywhere]">
          {line.description || '—'}
          {line.reference ? <span className="text-ink-600"> · {line.reference}</span> : null}
        </span>
      </p>
      <span className="font-semibold tabular-nums">{formatMoney(line.amount)}</span>
    </div>
  );
}

function Section({ title, empty, paging, pageSize, children }: { title: string; empty: string; paging: SectionPage; pageSize: number; children: ReactNode }) {
  return (
    <Card title={`${title} (${paging.total})`}>
      {paging.total === 0 ? <p className="text-sm text-ink-600">{empty}</p> : <ul className="divide-y divide-sand-200">{children}</ul>}
      <SectionPager title={title} paging={paging} pageSize={pageSize} />
    </Card>
  );
}

/**
 * A proposed line: its best candidate and the other matches, each with Confirmar (which asks first); the alternatives
 * that only nearly match are shown without it.
 */
function ProposedLine({ line, pending, confirmingDonationId, onAsk }: { line: StatementLine; pending: boolean; confirmingDonationId: number | undefined; onAsk: (confirmation: PendingConfirmation) => void }) {
  const [best, ...others] = line.candidates;
  const button = (candidate: StatementCandidate) => (
    <Button
      size="sm"
      variant="secondary"
      loading={confirmingDonationId === candidate.donation_id}
      disabled={pending}
      aria-label={m.confirmLabel(line.line_number, candidate.reference_code)}
      onClick={() => onAsk({ line, candidate })}
      icon={<CheckCircle2 aria-hidden="true" className="size-4" />}
    >
      {m.confirm}
    </Button>
  );
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <LineHeading line={line} />
      <ul className="mt-2 rounded-xl bg-brand-50/40 px-3">{best && <CandidateRow candidate={best} action={button(best)} />}</ul>
      {others.length > 0 && (
        <div className="mt-2">
          <p className="text-xs font-semibold text-ink-600">{m.alternatives}</p>
          <ul className="divide-y divide-sand-200 px-3">
            {others.map((c) => (
              <CandidateRow key={c.donation_id} candidate={c} action={c.kind === 'match' ? button(c) : undefined} />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** A line that nearly matches: its candidates, without a way to confirm them. */
function NearMissLine({ line }: { line: StatementLine }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <LineHeading line={line} />
      <ul className="mt-2 divide-y divide-sand-200 rounded-xl bg-amber-50/50 px-3">
        {line.candidates.map((c) => (
          <CandidateRow key={c.donation_id} candidate={c} />
        ))}
      </ul>
    </li>
  );
}

/** An unmatched credit, with the button that records it as a donation. */
function UnmatchedLine({ line, onRecord }: { line: StatementLine; onRecord: (line: StatementLine) => void }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <LineHeading line={line} />
      <Button size="sm" variant="outline" className="mt-2" aria-label={m.lineDonationLabel(line.line_number)} onClick={() => onRecord(line)}>
        {m.lineDonation}
      </Button>
    </li>
  );
}

/** A confirmed line and the donation it paid. */
function ConfirmedLine({ line }: { line: StatementLine }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <LineHeading line={line} />
      {line.confirmed_donation && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-green-800">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          <Link to={adminDonationDetailPath(line.confirmed_donation.id)} className="font-mono underline">
            {line.confirmed_donation.reference_code}
          </Link>{' '}
          {line.confirmed_donation.donor_name}
        </p>
      )}
    </li>
  );
}

export function ImportDetail({ id }: { id: number }) {
  const query = useStatementImport(id);
  if (query.isError) return <ErrorState message={m.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (!query.data) return <Skeleton className="h-64" />;
  return <ImportSections data={query.data} />;
}

/** The import's sections, each a page at a time. */
function ImportSections({ data }: { data: StatementImport }) {
  const confirm = useConfirmStatementLine();
  const [asking, setAsking] = useState<PendingConfirmation | null>(null);
  const [recording, setRecording] = useState<StatementLine | null>(null);
  const proposed = useSectionPage(data, 'proposed');
  const near = useSectionPage(data, 'near_miss');
  const unmatched = useSectionPage(data, 'unmatched');
  const confirmed = useSectionPage(data, 'confirmed');
  const deposits = useSectionPage(data, 'deposits');
  const linesOf = (paging: SectionPage, state: StatementLine['state']) => paging.shown.lines.filter((l) => l.state === state);

  const confirmLine = async ({ line, candidate }: PendingConfirmation) => {
    try {
      await confirm.mutateAsync({ importId: data.id, lineId: line.id, donationId: candidate.donation_id });
      toast.success(m.confirmed(candidate.reference_code, candidate.payment_method === 'bank_transfer', candidate.donor_has_email));
    } catch (error) {
      toast.error(getErrorMessage(error, m.loadError));
    } finally {
      setAsking(null);
    }
  };
  const busy = (line: StatementLine) => confirm.isPending && confirm.variables?.lineId === line.id;
  const size = data.page_size;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-ink-700">
        <span className="font-semibold text-ink-900">{m.importSummary(data.bank, data.file_name)}</span> ·{' '}
        {m.counts(data.credit_lines, data.counts.proposed, data.counts.confirmed)}
        {data.repeated_lines > 0 && <> · {m.repeated(data.repeated_lines)}</>}
      </p>
      <LineDonationDialog importId={data.id} line={recording} onClose={() => setRecording(null)} />
      <ConfirmStatementLineDialog pending={asking} busy={confirm.isPending} onCancel={() => setAsking(null)} onConfirm={(p) => void confirmLine(p)} />
      <Section title={m.proposedTitle} empty={m.proposedEmpty} paging={proposed} pageSize={size}>
        {linesOf(proposed, 'proposed').map((line) => (
          <ProposedLine
            key={line.id}
            line={line}
            pending={confirm.isPending}
            confirmingDonationId={busy(line) ? confirm.variables?.donationId : undefined}
            onAsk={setAsking}
          />
        ))}
      </Section>
      <Section title={m.nearTitle} empty={m.nearEmpty} paging={near} pageSize={size}>
        {linesOf(near, 'near_miss').map((line) => (
          <NearMissLine key={line.id} line={line} />
        ))}
      </Section>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Section title={m.unmatchedLinesTitle} empty={m.unmatchedLinesEmpty} paging={unmatched} pageSize={size}>
          {linesOf(unmatched, 'unmatched').map((line) => (
            <UnmatchedLine key={line.id} line={line} onRecord={setRecording} />
          ))}
        </Section>
        <Section title={m.unmatchedDepositsTitle} empty={m.unmatchedDepositsEmpty} paging={deposits} pageSize={size}>
          {deposits.shown.unmatched_deposits.map((d) => (
            <li key={d.donation_id} className="py-3 first:pt-0 last:pb-0">
              <DepositLine deposit={d} />
            </li>
          ))}
        </Section>
      </div>
      {confirmed.total > 0 && (
        <Section title={m.confirmedTitle} empty="" paging={confirmed} pageSize={size}>
          {linesOf(confirmed, 'confirmed').map((line) => (
            <ConfirmedLine key={line.id} line={line} />
          ))}
        </Section>
      )}
    </div>
  );
}
