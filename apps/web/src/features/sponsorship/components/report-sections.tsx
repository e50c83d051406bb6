// The figures of the sponsorship report (docs/product.md#sponsorship, decision 0053), each section a
// card; the numbers come as the API counted them, nothing is added up here.
import { Link } from 'react-router';
import { formatDay, formatNumber, formatPercent } from '@donaciones/shared/format';
import { consentScopeLabels } from '@donaciones/shared/messages/sponsorship';
import { endReasonLabels, sponsorshipReportTexts as t } from '@donaciones/shared/messages/sponsorship-reports';
import { RETENTION_MONTHS, CONSENT_EXPIRY_WINDOW_DAYS, type SponsorshipReport } from '@donaciones/shared/schemas/sponsorship-reports';
import { Card } from '@/components/card';
import { ResponsiveTable } from '@/components/responsive-table';
import { adminSponsorshipChildPath, paths } from '@/lib/paths';

type PlaceRow = { key: string; label: string; waiting: number; sponsored: number; started: number };

function PlacesTable({ caption, header, rows }: { caption: string; header: string; rows: PlaceRow[] }) {
  return (
    <ResponsiveTable<PlaceRow>
      caption={caption}
      rows={rows}
      getRowKey={(r) => r.key}
      empty="Sin niñas ni niños registrados."
      columns={[
        { key: 'label', header, primary: true, cell: (r) => r.label },
        { key: 'waiting', header: t.waitingNow, className: 'text-right tabular-nums', cell: (r) => formatNumber(r.waiting, 0) },
        { key: 'sponsored', header: t.sponsoredNow, className: 'text-right tabular-nums', cell: (r) => formatNumber(r.sponsored, 0) },
        { key: 'started', header: t.startedInPeriod, className: 'text-right tabular-nums', cell: (r) => formatNumber(r.started, 0) },
      ]}
    />
  );
}

export function PlacesSection({ report }: { report: SponsorshipReport }) {
  const programs = report.byProgram.map((r) => ({ ...r, key: String(r.programId ?? 'none'), label: r.name ?? t.noProgram }));
  const departments = report.byDepartment.map((r) => ({ ...r, key: r.department, label: r.department }));
  return (
    <div className="space-y-6">
      <Card title={t.byProgram} headingLevel="h3">
        <PlacesTable caption={t.byProgram} header={t.program} rows={programs} />
      </Card>
      <Card title={t.byDepartment} headingLevel="h3">
        <PlacesTable caption={t.byDepartment} header={t.department} rows={departments} />
      </Card>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-sand-200 p-4">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {detail && <dd className="mt-1 text-sm text-ink-600">{detail}</dd>}
    </div>
  );
}

export function WaitingAndRetention({ report }: { report: SponsorshipReport }) {
  const r = report.retention;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t.waitingTitle} headingLevel="h3">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Figure label={t.averageWaitingNow} value={t.days(report.waitingNow.averageDays)} detail={t.childrenCount(report.waitingNow.children)} />
          <Figure label={t.averageWaitStarted} value={t.days(report.startedInPeriod.averageWaitDays)} detail={t.sponsorshipCount(report.startedInPeriod.sponsorships)} />
        </dl>
      </Card>
      <Card title={t.retentionTitle} headingLevel="h3">
        <dl>
          <Figure
            label={t.retention(RETENTION_MONTHS)}
            value={r.percent == null ? t.noData : formatPercent(r.percent)}
            detail={r.percent == null ? t.noCohort : t.retentionCohort(r.stillActive, r.cohort, formatDay(r.startedBy))}
          />
        </dl>
        <h4 className="mt-5 font-semibold">{t.endedTitle}</h4>
        {report.endedInPeriod.length === 0 ? (
          <p className="mt-2 text-ink-600">{t.noneEnded}</p>
        ) : (
          <ul className="mt-2 divide-y divide-sand-200">
            {report.endedInPeriod.map((e) => (
              <li key={e.reason ?? ''} className="flex justify-between gap-4 py-2">
                <span>{e.reason == null ? t.noReason : (endReasonLabels[e.reason] ?? e.reason)}</span>
                <span className="font-semibold tabular-nums">{formatNumber(e.count, 0)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function FollowUpSection({ report }: { report: SponsorshipReport }) {
  const l = report.letters;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={t.lettersTitle} headingLevel="h3" actions={<Link className="font-semibold text-brand-700 underline" to={paths.adminLetters}>{t.goToLetters}</Link>}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Figure label={t.inReviewOverdue(l.reviewTargetHours)} value={formatNumber(l.inReviewOverdue, 0)} detail={t.oldestHours(l.oldestInReviewHours)} />
          <Figure label={t.undelivered(l.deliveryTargetDays)} value={formatNumber(l.approvedUndelivered, 0)} detail={t.oldestDays(l.oldestUndeliveredDays)} />
        </dl>
      </Card>
      <Card title={t.progressTitle} headingLevel="h3">
        {report.progressReportsOverdue.length === 0 ? (
          <p className="text-ink-600">{t.noneProgress}</p>
        ) : (
          <ul className="divide-y divide-sand-200">
            {report.progressReportsOverdue.map((p) => (
              <li key={p.childId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <Link className="font-semibold text-brand-700 underline" to={adminSponsorshipChildPath(p.childId)}>{p.childFirstName}</Link>
                <span className="text-ink-600">{t.overdueSince(formatDay(p.dueSince), p.daysOverdue)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

type Consent = SponsorshipReport['consentsExpiring'][number];

export function ConsentsSection({ report }: { report: SponsorshipReport }) {
  return (
    <Card title={t.consentsTitle(CONSENT_EXPIRY_WINDOW_DAYS)} headingLevel="h3">
      <ResponsiveTable<Consent>
        caption={t.consentsTitle(CONSENT_EXPIRY_WINDOW_DAYS)}
        rows={report.consentsExpiring}
        getRowKey={(c) => c.consentId}
        empty={t.noneConsents}
        columns={[
          { key: 'child', header: t.child, primary: true, cell: (c) => <Link className="font-semibold text-brand-700 underline" to={adminSponsorshipChildPath(c.childId)}>{c.childFirstName}</Link> },
          { key: 'scope', header: t.scope, cell: (c) => consentScopeLabels[c.scope] },
          { key: 'expires', header: t.expiresOn, cell: (c) => formatDay(c.expiresOn) },
        ]}
      />
    </Card>
  );
}
