// What a progress report says, as staff and the sponsor read it (the sponsor-level fields only).
import { formatLongDay } from '@donaciones/shared/format';
import { progressReportTexts as t } from '@donaciones/shared/messages/progress-reports';
import type { SponsorProgressReport } from '@donaciones/shared/schemas/progress-reports';

export function ProgressReportFacts({ report, headingLevel: Heading = 'h3' }: { report: SponsorProgressReport; headingLevel?: 'h3' | 'h4' }) {
  // One label, "Escuela:", then what is known: never a second label inside it, empty values left out.
  const school = t.schoolValue(report.schoolGrade.trim(), report.attendancePercent);
  return (
    <div className="space-y-2">
      <Heading className="font-display font-semibold text-ink-900">{report.period}</Heading>
      <p className="text-sm text-ink-600">{formatLongDay(report.reportDate)}</p>
      {(school || report.achievement) && (
        <p className="text-ink-800">
          <span className="font-semibold">{`${t.school}: `}</span>
          {[school, report.achievement].filter(Boolean).join('. ')}
        </p>
      )}
      {report.health && (
        <p className="text-ink-800">
          <span className="font-semibold">{`${t.health}: `}</span>
          {report.health}
        </p>
      )}
      <blockquote className="border-l-4 border-brand-300 pl-3 text-ink-900 whitespace-pre-line">{report.messageToSponsor}</blockquote>
    </div>
  );
}
