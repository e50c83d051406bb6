// The demo's letters (docs/product.md#sponsorship-letters): the demo donor's letter to "Kevin", approved
// and waiting to be printed and delivered, and Kevin's reply with the team's translation note, approved
// and so in "Mi ahijado/a". Added once to the demo's sponsorship, also in a demo seeded before letters.
import { and, count, eq, like } from 'drizzle-orm';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import type { Database } from './client';
import { sponsoredChildren, sponsorshipLetters, sponsorships } from './schema';

const DAY = 86_400_000;

const TO_CHILD =
  'Hola Kevin, ¡qué gusto escribirte! Me contaron que te gusta armar carritos con cajas de cartón; yo también hacía juguetes así. ' +
  '¿Cuál es tu materia favorita en la escuela? Te mando un abrazo y te deseo un buen año escolar. Diego';

const REPLY =
  'Matyöx chawe, Diego. Ya recibí tu carta y mi maestra me ayudó a leerla. Estoy bien y ya voy a pasar a sexto grado. ' +
  'Mi materia favorita es Ciencias Naturales. Hice un camión con una caja y ruedas de tapitas. Mi mamá te manda saludos.';

const REPLY_TRANSLATION = '«Matyöx chawe» quiere decir «gracias a ti» en kaqchikel, el idioma de la casa de Kevin. El resto lo escribió en español.';

export async function seedDemoLetters(db: Database, now = new Date()): Promise<void> {
  const [demo] = await db
    .select({ id: sponsorships.id, childId: sponsorships.childId, userId: sponsorships.userId })
    .from(sponsorships)
    .innerJoin(sponsoredChildren, eq(sponsoredChildren.id, sponsorships.childId))
    .where(and(like(sponsorships.holdToken, 'demo-%'), eq(sponsorships.status, 'active'), eq(sponsoredChildren.firstName, 'Kevin')))
    .limit(1);
  if (!demo) return;
  const [{ n }] = await db.select({ n: count() }).from(sponsorshipLetters).where(eq(sponsorshipLetters.sponsorshipId, demo.id));
  if (n > 0) return;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  const base = { sponsorshipId: demo.id, childId: demo.childId };
  await db.insert(sponsorshipLetters).values([
    { ...base, direction: 'to_child', status: 'approved', body: TO_CHILD, flags: findLetterFlags(TO_CHILD), sharedBody: TO_CHILD, writtenByUserId: demo.userId, createdAt: at(40), reviewedAt: at(39), updatedAt: at(39) },
    // A reply is delivered to the sponsor's area the moment it is approved.
    { ...base, direction: 'to_sponsor', status: 'delivered', body: REPLY, flags: findLetterFlags(REPLY), sharedBody: REPLY, translation: REPLY_TRANSLATION, createdAt: at(9), reviewedAt: at(8), deliveredAt: at(8), updatedAt: at(8) },
  ]);
}
