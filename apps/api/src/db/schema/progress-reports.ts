// Progress reports (informes de avance; docs/product.md#sponsorship, decision 0052). Which fields a
// sponsor reads is declared once in packages/shared/src/schemas/progress-reports.ts; `staff_notes` is
// for staff only. The photo (optional) is re-encoded without metadata and shown to a sponsor only while
// a current guardian consent covers photos, checked when read.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { byteaColumn, createdAt } from './columns';
import { users } from './accounts';
import { sponsoredChildren } from './sponsorship';

export const progressReports = pgTable(
  'progress_reports',
  {
    id: serial('id').primaryKey(),
    childId: integer('child_id')
      .notNull()
      .references(() => sponsoredChildren.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    schoolGrade: text('school_grade').notNull().default(''),
    attendancePercent: integer('attendance_percent'),
    achievement: text('achievement').notNull().default(''),
    health: text('health').notNull().default(''),
    messageToSponsor: text('message_to_sponsor').notNull(),
    staffNotes: text('staff_notes').notNull().default(''),
    photoContentType: text('photo_content_type'),
    photoSizeBytes: integer('photo_size_bytes'),
    photoSha256: text('photo_sha256'),
    photoData: byteaColumn('photo_data'),
    writtenByUserId: integer('written_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('progress_reports_child_idx').on(t.childId, t.reportDate),
    check('progress_reports_attendance', sql`${t.attendancePercent} IS NULL OR ${t.attendancePercent} BETWEEN 0 AND 100`),
    check('progress_reports_photo_whole', sql`(${t.photoData} IS NULL) = (${t.photoContentType} IS NULL)`),
  ],
);
