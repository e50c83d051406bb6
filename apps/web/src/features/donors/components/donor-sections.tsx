// The sections of a donor's page (docs/product.md#donors): contact, consent, notes and tags, the totals
// by year, and the tables of gifts, monthly gifts, receipts and deposits. Never card data or tokens.
import type { ReactNode } from 'react';
import { Eye } from 'lucide-react';
import { formatCents, formatDate, formatDateTime, formatGiftDate, formatReceiptNumber } from '@donaciones/shared/format';
import { donorsMessages } from '@donaciones/shared/messages/donors';
import { monthlyAdminMessages } from '@donaciones/shared/messages/monthly-admin';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import type { Donor, DonorPage } from '@donaciones/shared/schemas/donors';
import type { MonthlyGiftStatus } from '@donaciones/shared/schemas/monthly';
import { formatTaxId } from '@donaciones/shared/tax-id';
import { Badge, StatusBadge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { MonthlyStatusBadge } from '@/components/monthly-status-badge';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { adminDonationDetailPath, adminMonthlyGiftDetailPath } from '@/lib/paths';
import { UndoMergeButton } from './undo-merge-dialog';

const p = donorsMessages.page;
type Gift = DonorPage['gifts'][number];
type MonthlyGift = DonorPage['monthlyGifts'][number];
type Receipt = DonorPage['receipts'][number];
type Year = DonorPage['years'][number];

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-ink-600">{label}</dt>
      <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const Empty = ({ children = p.empty }: { children?: ReactNode }) => <p className="rounded-card bg-sand-100/60 px-4 py-6 text-center text-sm text-ink-600">{children}</p>;
const list = (values: string[]) => (values.length ? values.map((v) => <span key={v} className="block">{v}</span>) : donorsMessages.list.none);
const sourceOf = (source: string | null) => (source ? (donorsMessages.consentSources[source as keyof typeof donorsMessages.consentSources] ?? source) : donorsMessages.list.none);

export function ContactCard({ donor, receiptEmailsOff }: { donor: Donor; receiptEmailsOff: boolean }) {
  return (
    <Card title={p.contact}>
      <dl className="divide-y divide-sand-200">
        <Field label={p.kind}>{donorsMessages.kinds[donor.kind]}</Field>
        {donor.kind === 'company' && <Field label={p.contactPerson}>{donor.contactPerson ?? donorsMessages.list.none}</Field>}
        <Field label={p.taxId}>
          <span data-testid="donor-tax-id">
            <span className="font-mono">{donor.taxId ? formatTaxId(donor.taxId) : donorsMessages.list.none}</span>
            {donor.taxId && donor.taxIdKind && <span className="text-sm text-ink-600">{` · ${taxIdMessages.kinds[donor.taxIdKind] ?? donor.taxIdKind}`}</span>}
          </span>
        </Field>
        <Field label={p.emails}>{list(donor.emails)}</Field>
        <Field label={p.phones}>{list(donor.phones)}</Field>
        <Field label={p.address}>{donor.address ?? donorsMessages.list.none}</Field>
        <Field label={p.account}>
          {donor.userId ? p.accountLinked : p.accountNone}
          {receiptEmailsOff && <span className="mt-1 block text-sm text-ink-600">{p.receiptEmailsOff}</span>}
        </Field>
        <Field label={p.created}>{formatDate(donor.createdAt)}</Field>
      </dl>
    </Card>
  );
}

function ConsentLine({ given, at, source }: { given: boolean; at: string | null; source: string | null }) {
  return (
    <>
      <Badge tone={given ? 'success' : 'neutral'}>{given ? p.consentGiven : p.consentRefused}</Badge>
      {at && <span className="mt-1 block text-sm text-ink-600">{p.consentSince(formatDate(at), sourceOf(source))}</span>}
    </>
  );
}

export function ConsentNotesCard({ donor }: { donor: Donor }) {
  return (
    <Card title={p.consent}>
      <dl className="divide-y divide-sand-200">
        <Field label={p.consentEmail}>
          <ConsentLine given={donor.consentEmail} at={donor.consentEmailAt} source={donor.consentEmailSource} />
        </Field>
        <Field label={p.consentWhatsapp}>
          <ConsentLine given={donor.consentWhatsapp} at={donor.consentWhatsappAt} source={donor.consentWhatsappSource} />
        </Field>
        <Field label={p.tags}>
          {donor.tags.length ? (
            <span className="flex flex-wrap gap-1.5">
              {donor.tags.map((tag) => (
                <Badge key={tag} tone="brand">{tag}</Badge>
              ))}
            </span>
          ) : (
            p.tagsNone
          )}
        </Field>
        <Field label={p.notes}>
          <span className="whitespace-pre-line">{donor.notes || p.notesNone}</span>
        </Field>
      </dl>
    </Card>
  );
}

const yearColumns: Column<Year>[] = [
  { key: 'year', header: p.colYear, primary: true, cell: (y) => <span className="tabular-nums">{y.year}</span> },
  { key: 'count', header: p.colCount, className: 'text-right', cell: (y) => <span className="tabular-nums">{y.count}</span> },
  { key: 'total', header: p.colTotal, className: 'text-right', cell: (y) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatCents(y.totalCents)}</span> },
];

export function TotalsCard({ page }: { page: DonorPage }) {
  const d = page.donor;
  return (
    <Card title={p.totals}>
      <dl className="mb-4 grid grid-cols-2 gap-4">
        {[
          [p.lifetime, <span key="l" className="text-xl font-bold tabular-nums" data-testid="lifetime">{formatCents(d.lifetimeCents)}</span>],
          [p.giftCount, <span key="c" className="text-xl font-bold tabular-nums">{d.giftCount}</span>],
          [p.firstGift, d.firstGiftAt ? formatDate(d.firstGiftAt) : donorsMessages.list.none],
          [p.lastGift, d.lastGiftAt ? formatDate(d.lastGiftAt) : donorsMessages.list.none],
        ].map(([label, value]) => (
          <div key={String(label)}>
            <dt className="text-sm font-semibold text-ink-600">{label}</dt>
            <dd className="text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ResponsiveTable caption={p.yearsCaption} columns={yearColumns} rows={page.years} getRowKey={(y) => y.year} empty={<Empty />} />
    </Card>
  );
}

const giftColumns: Column<Gift>[] = [
  { key: 'date', header: p.colDate, primary: true, cell: (g) => <span className="whitespace-nowrap">{formatGiftDate(g.createdAt, g.datedByDay)}</span> },
  { key: 'reference', header: p.colReference, cell: (g) => <span className="font-mono whitespace-nowrap">{g.referenceCode}</span> },
  { key: 'amount', header: p.colAmount, className: 'text-right', cell: (g) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatCents(g.amountCents, g.currency)}</span> },
  { key: 'status', header: p.colStatus, cell: (g) => <StatusBadge status={g.status} /> },
  { key: 'program', header: p.colProgram, cell: (g) => g.programName ?? donorsMessages.list.none },
  {
    key: 'receipt',
    header: p.colReceipt,
    cell: (g) => (g.receiptNumber ? <span className="font-mono whitespace-nowrap">{formatReceiptNumber(g.receiptNumber, g.receiptSeries)}</span> : donorsMessages.list.none),
  },
  {
    key: 'view',
    header: <span className="sr-only">{donorsMessages.list.view}</span>,
    className: 'text-right',
    cell: (g) => (
      <ButtonLink to={adminDonationDetailPath(g.id)} variant="ghost" size="sm" aria-label={`${donorsMessages.list.view} ${g.referenceCode}`} icon={<Eye aria-hidden="true" className="size-4" />}>
        {donorsMessages.list.view}
      </ButtonLink>
    ),
  },
];

export function GiftsCard({ title, caption, gifts }: { title: string; caption: string; gifts: Gift[] }) {
  return (
    <Card title={title} className="lg:col-span-2">
      <ResponsiveTable caption={caption} columns={giftColumns} rows={gifts} getRowKey={(g) => g.id} empty={<Empty />} />
    </Card>
  );
}

const monthlyColumns: Column<MonthlyGift>[] = [
  {
    key: 'id',
    header: '#',
    primary: true,
    cell: (m) => (
      <ButtonLink to={adminMonthlyGiftDetailPath(m.id)} variant="ghost" size="sm">
        #{m.id}
      </ButtonLink>
    ),
  },
  { key: 'amount', header: p.colAmount, className: 'text-right', cell: (m) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatCents(m.amountCents, m.currency)}</span> },
  {
    key: 'status',
    header: p.colStatus,
    cell: (m) => (
      <span className="flex flex-col items-start gap-1">
        {m.overdue ? <Badge tone="warning">{monthlyAdminMessages.list.overdue}</Badge> : <MonthlyStatusBadge status={m.status as MonthlyGiftStatus} />}
        {m.transferReference && <span className="text-xs whitespace-nowrap text-ink-600">{monthlyAdminMessages.list.transferReference(m.transferReference)}</span>}
      </span>
    ),
  },
];

const receiptColumns: Column<Receipt>[] = [
  { key: 'number', header: p.colNumber, primary: true, cell: (r) => <span className="font-mono">{formatReceiptNumber(r.number, r.series)}</span> },
  { key: 'issued', header: p.colIssued, cell: (r) => <span className="whitespace-nowrap">{formatDate(r.issuedAt)}</span> },
  { key: 'status', header: p.colStatus, cell: (r) => <Badge tone={r.voided ? 'danger' : 'success'}>{r.voided ? p.voided : p.valid}</Badge> },
];

export function MonthlyReceiptsCards({ page }: { page: DonorPage }) {
  return (
    <>
      <Card title={p.monthlyGifts}>
        <ResponsiveTable caption={p.monthlyCaption} columns={monthlyColumns} rows={page.monthlyGifts} getRowKey={(m) => m.id} empty={<Empty />} />
      </Card>
      <Card title={p.receipts}>
        <ResponsiveTable caption={p.receiptsCaption} columns={receiptColumns} rows={page.receipts} getRowKey={(r) => r.id} empty={<Empty />} />
      </Card>
    </>
  );
}

/** The timeline, and the merges with "Deshacer fusión" on the surviving donor for staff with donors.manage. */
export function TimelineCard({ page, canManage = false }: { page: DonorPage; canManage?: boolean }) {
  return (
    <Card title={p.timeline} className="lg:col-span-2">
      {page.timeline.length === 0 ? (
        <Empty />
      ) : (
        <ol className="flex flex-col divide-y divide-sand-200">
          {page.timeline.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
              <span className="shrink-0 text-sm whitespace-nowrap text-ink-600 sm:w-44">{formatDateTime(entry.at)}</span>
              <Badge tone={entry.kind === 'gift' ? 'success' : entry.kind === 'email' ? 'brand' : 'neutral'} className="self-start">
                {p.timelineKinds[entry.kind]}
              </Badge>
              <span className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
      {page.merges.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-ink-800">{p.merges}</h3>
          <ul className="flex flex-col gap-1 text-sm text-ink-800">
            {page.merges.map((m) => (
              <li key={m.id}>
                {formatDate(m.createdAt)} · {p.mergeLine(m.survivorId, m.mergedId)}
                {m.undoneAt && <Badge className="ml-2">{p.mergeUndone}</Badge>}
                {!m.undoneAt && canManage && m.survivorId === page.donor.id && <UndoMergeButton mergeId={m.id} survivorId={m.survivorId} mergedId={m.mergedId} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
