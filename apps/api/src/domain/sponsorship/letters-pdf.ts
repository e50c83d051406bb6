// The print-ready PDF of approved letters (docs/product.md#sponsorship-letters): sponsors' letters that
// staff approved and have not yet delivered, grouped by the child's community, each on its own page
// with its approved text (never the original), its translation and its photo, for the field team to
// print and take to the children. A letter to a child who left the programme is not printed: it goes
// back to its sponsor (letter-review.ts). It is signed with the sponsor's first name as the emails greet
// them: the account's as it is when printed, else the name given when sponsoring (sponsor-recipient.ts).
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { formatDate } from '@donaciones/shared/format';
import { letterMessages } from '@donaciones/shared/messages/letters';
import type { Db } from '../../db/client';
import { sponsoredChildren, sponsorshipLetterFiles, sponsorshipLetters, sponsorships } from '../../db/schema';
import { firstNameOf, sponsorNameSql } from './sponsor-recipient';
import { loadPdfDocument } from '../../platform/libraries';

const MARGIN = 56;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#b45309';

type Doc = PDFKit.PDFDocument;

async function printableLetters(db: Db) {
  const rows = await db
    .select({
      id: sponsorshipLetters.id,
      sharedBody: sponsorshipLetters.sharedBody,
      translation: sponsorshipLetters.translation,
      createdAt: sponsorshipLetters.createdAt,
      childName: sponsoredChildren.fullName,
      community: sponsoredChildren.community,
      // The account's name as it is now, else the one given when sponsoring: read with the letters, not per letter.
      sponsorName: sponsorNameSql,
    })
    .from(sponsorshipLetters)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorshipLetters.sponsorshipId))
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorshipLetters.childId))
    .where(and(eq(sponsorshipLetters.status, 'approved'), eq(sponsorshipLetters.direction, 'to_child'), ne(sponsoredChildren.status, 'left')))
    .orderBy(asc(sponsoredChildren.community), asc(sponsoredChildren.fullName), asc(sponsorshipLetters.createdAt));
  const photos = rows.length
    ? await db
        .select({ letterId: sponsorshipLetterFiles.letterId, data: sponsorshipLetterFiles.data })
        .from(sponsorshipLetterFiles)
        .where(and(inArray(sponsorshipLetterFiles.letterId, rows.map((r) => r.id)), eq(sponsorshipLetterFiles.purpose, 'photo')))
    : [];
  const photoOf = new Map(photos.map((p) => [p.letterId, p.data]));
  return rows.map(({ sponsorName, ...r }) => ({ ...r, sponsorFirstName: firstNameOf(sponsorName), photo: photoOf.get(r.id) ?? null }));
}
type Printable = Awaited<ReturnType<typeof printableLetters>>[number];

function drawLetter(doc: Doc, letter: Printable, community: string) {
  const width = doc.page.width - MARGIN * 2;
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Comunidad: ${community || 'Sin comunidad registrada'} · Carta n.º ${letter.id}`, MARGIN, MARGIN, { width });
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(`Para: ${letter.childName}`, { width });
  // Only the sponsor's first name travels to the child.
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`De: ${letter.sponsorFirstName || 'quien te apadrina'} · ${formatDate(letter.createdAt)}`, { width });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(12).fillColor(INK).text(letter.sharedBody ?? '', { width, lineGap: 3 });
  if (letter.translation) {
    doc.moveDown(1);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('Traducción', { width });
    doc.font('Helvetica').fontSize(11).fillColor(INK).text(letter.translation, { width, lineGap: 2 });
  }
  if (letter.photo) {
    doc.moveDown(1);
    try {
      doc.image(letter.photo, { fit: [width, 260] });
    } catch {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('(La foto no se pudo incluir; se entrega aparte.)');
    }
  }
}

export async function renderApprovedLettersPdf(db: Db, now = new Date()): Promise<{ pdf: Buffer; count: number }> {
  const letters = await printableLetters(db);
  const PDFDocument = await loadPdfDocument();
  const pdf = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info: { Title: 'Cartas aprobadas para entregar', CreationDate: now } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const width = doc.page.width - MARGIN * 2;
      doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('Cartas aprobadas para entregar', { width });
      doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${letterMessages.printCount(letters.length)} · ${formatDate(now)}`, { width });
      doc.moveDown(1);
      const groups = new Map<string, Printable[]>();
      for (const l of letters) groups.set(l.community, [...(groups.get(l.community) ?? []), l]);
      for (const [community, group] of groups) {
        doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`${community || 'Sin comunidad registrada'}: ${group.length}`, { width });
        doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(group.map((l) => l.childName).join(', '), { width });
        doc.moveDown(0.5);
      }
      for (const [community, group] of groups) {
        for (const letter of group) {
          doc.addPage();
          drawLetter(doc, letter, community);
        }
      }
      doc.end();
    } catch (err) {
      reject(err as Error);
    }
  });
  return { pdf, count: letters.length };
}
