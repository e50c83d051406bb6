// The demo's sponsorship (docs/product.md#sponsorship): a few clearly fictional children, each with a
// drawn illustration (an SVG drawing rendered by sharp, never a photograph), a current guardian
// consent and an approved story; one of them sponsored by the demo donor, so "Mi ahijado/a" shows,
// with a letter each way (seed-letters.ts).
import { count, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database } from './client';
import { seedDemoLetters } from './seed-letters';
import { childConsents, childPhotos, programs, sponsoredChildren, sponsorships, users } from './schema';
import { loadSharp } from '../platform/libraries';
import { sponsorshipToday } from '@donaciones/shared/schemas/sponsorship';

const DAY = 86_400_000;

const CHILDREN = [
  { firstName: 'Lupita', birth: [2016, 3, 14], department: 'Sololá', program: 'alimentacion-escolar', waitedDays: 210, skin: '#c68642', shirt: '#e76f51', hair: '#2b1d0e', story: 'Le encanta dibujar flores y quiere ser maestra para enseñar a leer a sus hermanitos.' },
  { firstName: 'Mateo', birth: [2014, 9, 2], department: 'Alta Verapaz', program: 'evangelizacion-infantil', waitedDays: 160, skin: '#8d5524', shirt: '#2a9d8f', hair: '#1b1b1b', story: 'Juega fútbol en el recreo y su materia favorita es Matemáticas.' },
  { firstName: 'Itzel', birth: [2017, 6, 21], department: 'Quiché', program: 'alimentacion-escolar', waitedDays: 95, skin: '#e0ac69', shirt: '#f4a261', hair: '#3b2314', story: 'Canta en el coro de su escuela y le gustan los cuentos de animales.' },
  { firstName: 'Santiago', birth: [2013, 12, 5], department: 'Huehuetenango', program: 'evangelizacion-infantil', waitedDays: 40, skin: '#c68642', shirt: '#264653', hair: '#2b1d0e', story: 'Ayuda a cuidar las gallinas de su casa y sueña con ser doctor.' },
  { firstName: 'Valentina', birth: [2015, 1, 30], department: 'San Marcos', program: 'alimentacion-escolar', waitedDays: 12, skin: '#8d5524', shirt: '#8ab17d', hair: '#1b1b1b', story: 'Le gusta sembrar maíz con su abuela y leer en voz alta.' },
  { firstName: 'Kevin', birth: [2012, 4, 18], department: 'Chimaltenango', program: 'evangelizacion-infantil', waitedDays: 300, skin: '#e0ac69', shirt: '#6d597a', hair: '#3b2314', story: 'Arma carritos con cajas de cartón y quiere ser ingeniero.' },
] as const;

/** A child's portrait as a simple flat drawing: sky, sun, hills, a round face and a shirt. */
function drawing(c: (typeof CHILDREN)[number]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="#cfe8f3"/>
  <circle cx="400" cy="80" r="44" fill="#ffd166"/>
  <path d="M0 360 Q120 290 240 350 T480 330 V480 H0 Z" fill="#95c47d"/>
  <path d="M140 480 Q150 350 240 340 Q330 350 340 480 Z" fill="${c.shirt}"/>
  <circle cx="240" cy="230" r="92" fill="${c.skin}"/>
  <path d="M148 220 Q150 130 240 128 Q330 130 332 220 Q300 170 240 172 Q180 170 148 220 Z" fill="${c.hair}"/>
  <circle cx="208" cy="232" r="10" fill="#1b1b1b"/>
  <circle cx="272" cy="232" r="10" fill="#1b1b1b"/>
  <path d="M206 272 Q240 300 274 272" stroke="#1b1b1b" stroke-width="8" fill="none" stroke-linecap="round"/>
  <circle cx="188" cy="262" r="12" fill="#f28482" opacity="0.5"/>
  <circle cx="292" cy="262" r="12" fill="#f28482" opacity="0.5"/>
</svg>`;
}

export async function seedSponsorship(db: Database, now = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(sponsoredChildren);
  if (n > 0) return seedDemoLetters(db, now);
  const programIds = new Map((await db.select({ id: programs.id, slug: programs.slug }).from(programs)).map((p) => [p.slug, p.id]));
  // Guatemala's day, the one consents are read by: the UTC day is tomorrow there from 18:00, and a
  // consent given "tomorrow" is not yet current (the demo's children then showed no photo until 06:00 UTC).
  const today = sponsorshipToday(now);
  const inAYear = sponsorshipToday(new Date(now.getTime() + 365 * DAY));
  const ids: number[] = [];
  const sharp = await loadSharp();
  for (const c of CHILDREN) {
    const [row] = await db
      .insert(sponsoredChildren)
      .values({
        firstName: c.firstName,
        fullName: `${c.firstName} Ejemplo Ficticio`,
        birthDate: `${c.birth[0]}-${String(c.birth[1]).padStart(2, '0')}-${String(c.birth[2]).padStart(2, '0')}`,
        department: c.department,
        programId: programIds.get(c.program) ?? null,
        story: c.story,
        approvedStory: c.story,
        storyApprovedAt: now,
        community: 'Comunidad de demostración',
        school: 'Escuela de demostración',
        guardianName: 'Encargada de demostración',
        familySituation: 'Familia ficticia del demo.',
        notes: 'Niña o niño ficticio: ilustración dibujada, no es una fotografía.',
        waitingSince: new Date(now.getTime() - c.waitedDays * DAY),
      })
      .returning({ id: sponsoredChildren.id });
    ids.push(row.id);
    await db.insert(childConsents).values({ childId: row.id, givenBy: 'Encargada de demostración', relationship: 'madre', givenOn: today, scope: 'photos_and_story', expiresOn: inAYear });
    const data = await sharp(Buffer.from(drawing(c))).png().toBuffer();
    await db.insert(childPhotos).values({ childId: row.id, contentType: 'image/png', sizeBytes: data.length, sha256: createHash('sha256').update(data).digest('hex'), data });
  }
  // The demo donor sponsors Kevin (the one who waited longest), so "Mi ahijado/a" has a child to show.
  const [donor] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, 'donante@ejemplo.org'));
  if (!donor) return;
  const kevin = ids[CHILDREN.findIndex((c) => c.firstName === 'Kevin')];
  await db.insert(sponsorships).values({
    childId: kevin,
    place: 1,
    status: 'active',
    holdToken: `demo-${kevin}`,
    heldUntil: new Date(now.getTime() - 60 * DAY),
    userId: donor.id,
    sponsorName: 'Diego Donante',
    sponsorEmail: donor.email,
    amountCents: 25_000,
    codeOfConductAcceptedAt: new Date(now.getTime() - 60 * DAY),
    startedAt: new Date(now.getTime() - 60 * DAY),
  });
  await db.update(sponsoredChildren).set({ status: 'sponsored' }).where(eq(sponsoredChildren.id, kevin));
  await seedDemoLetters(db, now);
}
