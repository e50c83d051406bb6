// Contabilidad (/admin/contabilidad, docs/product.md#the-register-and-the-close): the period's movements
// with their totals and the export for the accountant (register.read), and the monthly close
// (close.manage). A failed load shows the error with a retry, never sample data; a period the API
// would refuse (the end before the start, over 366 days) is refused at the dates with the API's
// message, and closing a month asks for confirmation first.
import { useId, useState } from 'react';
import { guatemalaDay, formatCents, formatDate, formatDateTime, formatDay, formatReceiptNumber } from '@donaciones/shared/format';
import { closeMessages, registerMessages, accountingScreenMessages as ui } from '@donaciones/shared/messages/accounting';
import { can } from '@donaciones/shared/permissions';
import { type CloseCheck, type Movement, type RegisterTotal, registerQuerySchema } from '@donaciones/shared/schemas/accounting';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Spinner } from '@/components/spinner';
import { ErrorState } from '@/components/states';
import { getErrorMessage, getErrorStatus, getFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/session';
import { useCloseCheck, useDownloadRegister, useRegister } from '../api/register';
import { CloseMonthButton } from '../components/close-month-dialog';

const col = registerMessages.columns;
const today = guatemalaDay(new Date());
const previousMonth = (() => {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();

const MOVEMENT_COLUMNS: Column<Movement>[] = [
  { key: 'date', header: col.date, cell: (m) => <span className="whitespace-nowrap">{formatDate(m.at)}</span> },
  { key: 'kind', header: col.kind, cell: (m) => registerMessages.kinds[m.kind] },
  { key: 'reference', header: col.reference, cell: (m) => m.reference, primary: true },
  { key: 'donor', header: col.donor, cell: (m) => m.donor },
  { key: 'method', header: col.method, cell: (m) => registerMessages.methods[m.method] ?? m.method },
  { key: 'gross', header: col.gross, cell: (m) => formatCents(m.gross_cents, m.currency), className: 'text-right' },
  { key: 'fee', header: col.fee, cell: (m) => formatCents(m.fee_cents, m.currency), className: 'text-right' },
  { key: 'net', header: col.net, cell: (m) => formatCents(m.net_cents, m.currency), className: 'text-right' },
  { key: 'designation', header: col.designation, cell: (m) => m.designation },
  { key: 'receipt', header: col.number, cell: (m) => (m.receipt_number === null ? '—' : formatReceiptNumber(m.receipt_number, m.receipt_series)) },
];

function totalColumns(currencyOf: (t: RegisterTotal) => string, first: string): Column<RegisterTotal>[] {
  return [
    { key: 'label', header: first, cell: (t) => t.label, primary: true },
    { key: 'count', header: col.count, cell: (t) => t.count, className: 'text-right' },
    { key: 'gross', header: col.gross, cell: (t) => formatCents(t.gross_cents, currencyOf(t)), className: 'text-right' },
    { key: 'fee', header: col.fee, cell: (t) => formatCents(t.fee_cents, currencyOf(t)), className: 'text-right' },
    { key: 'vat', header: col.vat, cell: (t) => formatCents(t.vat_cents, currencyOf(t)), className: 'text-right' },
    { key: 'net', header: col.net, cell: (t) => formatCents(t.net_cents, currencyOf(t)), className: 'text-right' },
  ];
}

/** Why the period is refused, by field, with the API's own rule and messages; null when it may be asked. */
function periodProblems(from: string, to: string): { from?: string; to?: string } | null {
  const parsed = registerQuerySchema.safeParse({ from, to });
  if (parsed.success) return null;
  const byField: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    byField[field] ??= issue.message;
  }
  return byField;
}

const TableTitle = ({ children }: { children: string }) => <h2 className="pt-2 text-lg font-semibold">{children}</h2>;

function RegisterSection() {
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [period, setPeriod] = useState({ from, to });
  const [problems, setProblems] = useState<{ from?: string; to?: string } | null>(null);
  const register = useRegister(period.from, period.to);
  const download = useDownloadRegister();
  const data = register.data;
  // A period the API refuses (400) says why at the dates; retrying it would fail again.
  const refused = register.isError && getErrorStatus(register.error) === 400;
  const refusedFields = refused ? getFieldErrors(register.error) : {};
  const fromError = problems?.from ?? refusedFields.from;
  const toError = problems?.to ?? refusedFields.to ?? (refused && !refusedFields.from ? getErrorMessage(register.error, ui.loadError) : undefined);
  const show = () => {
    const found = periodProblems(from, to);
    setProblems(found);
    if (!found) setPeriod({ from, to });
  };
  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-start gap-3 p-4">
        <TextInput label={ui.from} type="date" value={from} onChange={(e) => setFrom(e.target.value)} error={fromError} />
        <TextInput label={ui.to} type="date" value={to} onChange={(e) => setTo(e.target.value)} error={toError} />
        <Button className="sm:mt-[1.625rem]" onClick={show}>{ui.show}</Button>
        <Button className="sm:mt-[1.625rem]" variant="outline" disabled={refused} loading={download.isPending} onClick={() => download.mutate({ ...period, format: 'csv' })}>{ui.exportCsv}</Button>
        <Button className="sm:mt-[1.625rem]" variant="outline" disabled={refused} loading={download.isPending} onClick={() => download.mutate({ ...period, format: 'xlsx' })}>{ui.exportXlsx}</Button>
      </Card>
      {register.isError && !refused && <ErrorState message={ui.loadError} onRetry={() => void register.refetch()} retrying={register.isFetching} />}
      {register.isPending && <Spinner />}
      {data && (
        <>
          {/* Stacked, each under its visible title: side by side at 1280 px they hid IVA and Neto behind a
              scroll, and on a phone their cards ran together with nothing to say which total was which. */}
          <TableTitle>{registerMessages.byCurrency}</TableTitle>
          <ResponsiveTable caption={registerMessages.byCurrency} columns={totalColumns((t) => t.key, col.currency)} rows={data.totals.by_currency} getRowKey={(t) => t.key} empty={ui.noMovements} />
          <TableTitle>{`${registerMessages.byMethod} (Q)`}</TableTitle>
          <ResponsiveTable caption={`${registerMessages.byMethod} (Q)`} columns={totalColumns(() => 'GTQ', col.method)} rows={data.totals.by_method} getRowKey={(t) => t.key} empty={ui.noMovements} />
          <TableTitle>{`${registerMessages.byProgram} (Q)`}</TableTitle>
          <ResponsiveTable caption={`${registerMessages.byProgram} (Q)`} columns={totalColumns(() => 'GTQ', col.designation)} rows={data.totals.by_program} getRowKey={(t) => t.key || '-'} empty={ui.noMovements} />
          <TableTitle>{ui.movements}</TableTitle>
          {data.count > data.movements.length && <p className="text-sm text-muted-foreground">{ui.firstRows(data.movements.length, data.count)}</p>}
          <ResponsiveTable caption={ui.movements} columns={MOVEMENT_COLUMNS} rows={data.movements} getRowKey={(m) => `${m.kind}-${m.donation_id}`} empty={ui.noMovements} />
        </>
      )}
    </div>
  );
}

/** Whether the month ties; when only its listed items keep it from tying, the sums are not said to differ. */
function tieMessage(check: CloseCheck): string {
  if (check.ties) return closeMessages.ties;
  return check.received_cents === check.certified_cents ? closeMessages.sumsAgreeButItems : closeMessages.doesNotTie;
}

function CloseSection() {
  const id = useId();
  const [month, setMonth] = useState(previousMonth);
  const [asked, setAsked] = useState<string | null>(null);
  const check = useCloseCheck(asked ?? month, asked !== null);
  const data = check.data;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-lg font-semibold">{closeMessages.title}</h2>
      <Card className="flex flex-wrap items-end gap-3 p-4">
        <TextInput label={ui.month} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        <Button variant="outline" onClick={() => setAsked(month)}>{ui.check}</Button>
      </Card>
      {check.isError && <ErrorState message={ui.closeError} onRetry={() => void check.refetch()} retrying={check.isFetching} />}
      {data && (
        <Card className="space-y-3 p-4">
          <p>{ui.received}: {formatCents(data.received_cents)} ({data.received_count}) · {ui.certified}: {formatCents(data.certified_cents)} ({data.certified_count})</p>
          {data.imported_count > 0 && <p className="text-sm text-ink-700">{ui.imported(data.imported_count, formatCents(data.imported_cents))}</p>}
          <p role="status">{tieMessage(data)}</p>
          <ResponsiveTable
            caption={ui.mismatches}
            rows={data.mismatches}
            getRowKey={(m) => `${m.kind}-${m.donation_id}`}
            empty={ui.noMismatches}
            columns={[
              { key: 'kind', header: col.kind, cell: (m) => closeMessages.kinds[m.kind], primary: true },
              { key: 'reference', header: col.reference, cell: (m) => m.reference },
              { key: 'donor', header: col.donor, cell: (m) => m.donor },
              { key: 'date', header: col.date, cell: (m) => <span className="whitespace-nowrap">{formatDay(m.date)}</span> },
              { key: 'amount', header: col.gross, cell: (m) => formatCents(m.amount_cents, m.currency), className: 'text-right' },
            ]}
          />
          {data.closed ? (
            <p>{ui.closedOn(formatDateTime(data.closed.at))}</p>
          ) : (
            <CloseMonthButton month={data.month} />
          )}
        </Card>
      )}
    </section>
  );
}

export default function AdminRegister() {
  useDocumentTitle(registerMessages.title);
  const { roles } = useSession();
  return (
    <div className="space-y-8">
      <PageHeader title={registerMessages.title} description={ui.description} />
      {can(roles, 'register.read') && <RegisterSection />}
      {can(roles, 'close.manage') && <CloseSection />}
    </div>
  );
}
