// Demo content and accounts (docs/product.md#demo-data). Idempotent: a second start adds nothing.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { toCents } from '@donaciones/shared/format';
import type { Role } from '@donaciones/shared/constants';
import type { Database } from './client';
import { donations, events, programs, receipts, supporters, userPreferences, users } from './schema';
import { hashPassword } from '../domain/accounts/passwords';
import { ensureDefaultSettings } from '../platform/settings';
import { seedDemoBankAccounts } from '../domain/deposits/bank-accounts';
import { issueReceipt } from '../domain/receipts/receipts';
import { newReferenceCode } from '../platform/reference-codes';
import { cardPayment, seedMonthlyGifts } from './seed-monthly';
import { seedSponsorship } from './seed-sponsorship';
import { seedDemoProgressReports } from './seed-progress-reports';

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; roles: Role[]; memberForDays: number }[] = [
  { email: 'admin@ejemplo.org', firstName: 'Ana', lastName: 'Administradora', roles: ['ADMIN'], memberForDays: 400 },
  // The demo donor has given monthly for most of a year, so the account is about that old.
  { email: 'donante@ejemplo.org', firstName: 'Diego', lastName: 'Donante', roles: ['DONOR', 'USER'], memberForDays: 330 },
  { email: 'usuario@ejemplo.org', firstName: 'Úrsula', lastName: 'Usuaria', roles: ['USER'], memberForDays: 20 },
  // One person per staff role (docs/product.md#roles-and-permissions), to try what each may do.
  { email: 'finanzas@ejemplo.org', firstName: 'Fernanda', lastName: 'Tesorera', roles: ['FINANCE'], memberForDays: 300 },
  { email: 'comunicacion@ejemplo.org', firstName: 'Carlos', lastName: 'Comunicador', roles: ['COMMUNICATIONS'], memberForDays: 200 },
  { email: 'apadrinamiento@ejemplo.org', firstName: 'Sofía', lastName: 'Coordinadora', roles: ['SPONSORSHIP'], memberForDays: 150 },
  { email: 'voluntariado@ejemplo.org', firstName: 'Víctor', lastName: 'Voluntario', roles: ['VOLUNTEER'], memberForDays: 40 },
];

const PROGRAMS = [
  {
    slug: 'evangelizacion-infantil',
    name: 'Evangelización infantil',
    description: 'Formación en valores, acompañamiento espiritual y actividades recreativas para niñas y niños de comunidades vulnerables.',
    highlightValue: '500+',
    highlightLabel: 'niños al año',
    goalCents: toCents(60_000),
    comingSoon: false,
    sortOrder: 1,
  },
  {
    slug: 'alimentacion-escolar',
    name: 'Programa de alimentación',
    description: 'Refacciones y almuerzos nutritivos en escuelas públicas, para que ningún niño aprenda con hambre.',
    highlightValue: '3+',
    highlightLabel: 'escuelas al año',
    goalCents: toCents(90_000),
    comingSoon: false,
    sortOrder: 2,
  },
  {
    slug: 'becas-escolares',
    name: 'Becas escolares',
    description: 'Becas para que adolescentes con buen rendimiento continúen sus estudios de básicos y diversificado.',
    highlightValue: 'Próximamente',
    highlightLabel: 'en desarrollo',
    goalCents: toCents(120_000),
    comingSoon: true,
    sortOrder: 3,
  },
];

const SUPPORTERS = ['Panificadora La Espiga', 'Distribuidora El Quetzal', 'Farmacias San Lucas', 'Café Altos de Antigua', 'Transportes Maya'];

const FIRST = ['María', 'José', 'Lucía', 'Carlos', 'Ana', 'Luis', 'Sofía', 'Jorge', 'Gabriela', 'Fernando', 'Isabel', 'Andrés', 'Claudia', 'Pablo', 'Rosa', 'Miguel', 'Valeria', 'Héctor', 'Daniela', 'Ricardo'];
const LAST = ['García', 'López', 'Pérez', 'Hernández', 'Morales', 'Castillo', 'Ramírez', 'Juárez', 'Méndez', 'Rodríguez', 'Cifuentes', 'Barrios', 'Ajú', 'Xicará', 'Monterroso'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'correo.gt'];
const AMOUNTS = [15, 35, 75, 185, 50, 100, 200, 250, 500, 1000, 25, 150];
const DESCRIPTIONS: Record<string, string[]> = {
  monetary: ['Donación en línea', 'Aporte mensual', 'Para el programa de alimentación', 'Ofrenda de gratitud'],
  goods: ['Útiles escolares', 'Víveres para refacciones', 'Ropa y zapatos', 'Juguetes para la actividad navideña'],
  services: ['Jornada médica voluntaria', 'Transporte para actividad', 'Clases de refuerzo', 'Mantenimiento de aulas'],
};

/** A small deterministic generator so that every fresh database gets the same demo ledger shape. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface SeedResult {
  accountsCreated: string[];
  donationsCreated: number;
}

export async function seedDemo(db: Database, now = new Date()): Promise<SeedResult> {
  await ensureDefaultSettings(db);
  await seedDemoBankAccounts(db);
  const result: SeedResult = { accountsCreated: [], donationsCreated: 0 };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const inserted = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        roles: account.roles,
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - account.memberForDays * 86_400_000),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (inserted.length) {
      result.accountsCreated.push(account.email);
      await db.insert(userPreferences).values({ userId: inserted[0].id }).onConflictDoNothing();
    }
  }

  for (const p of PROGRAMS) await db.insert(programs).values(p).onConflictDoNothing({ target: programs.slug });

  const [{ n: supporterCount }] = await db.select({ n: count() }).from(supporters);
  if (supporterCount === 0) await db.insert(supporters).values(SUPPORTERS.map((name, i) => ({ name, sortOrder: i })));

  const [{ n: eventCount }] = await db.select({ n: count() }).from(events);
  if (eventCount === 0) {
    const day = 86_400_000;
    await db.insert(events).values([
      { type: 'campaign', title: 'Campaña de útiles escolares', description: 'Reunimos cuadernos, lápices y mochilas para el nuevo ciclo escolar.', date: new Date(now.getTime() + 12 * day), location: 'Ciudad de Guatemala' },
      { type: 'event', title: 'Convivio navideño', description: 'Una tarde de alegría, regalos y comida para los niños de los programas.', date: new Date(now.getTime() + 27 * day), location: 'Mixco' },
      { type: 'program', title: 'Inicio de jornada de alimentación', description: 'Arranca el nuevo ciclo de refacciones en tres escuelas públicas.', date: new Date(now.getTime() + 45 * day), location: 'Villa Nueva' },
      { type: 'event', title: 'Jornada médica y dental', description: 'Médicos voluntarios atenderán a las familias de nuestras comunidades.', date: new Date(now.getTime() + 60 * day), location: 'Chinautla' },
    ]);
  }

  const [{ n: seeded }] = await db.select({ n: count() }).from(donations).where(eq(donations.source, 'seed'));
  if (seeded === 0) result.donationsCreated = await seedDonations(db, now);
  await seedSponsorship(db, now);
  await seedDemoProgressReports(db, now);
  return result;
}

// eslint-disable-next-line max-lines-per-function -- the demo's donations come from one seeded random sequence, drawn in this order; split, each part would draw other numbers
async function seedDonations(db: Database, now: Date): Promise<number> {
  const rand = prng(20_241_121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const programRows = await db.select({ id: programs.id, slug: programs.slug }).from(programs);
  const [donor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'donante@ejemplo.org'));
  const day = 86_400_000;
  const rows: (typeof donations.$inferInsert)[] = [];
  const refs = new Set<string>();
  const reference = () => {
    let r = newReferenceCode();
    while (refs.has(r)) r = newReferenceCode();
    refs.add(r);
    return r;
  };

  const TOTAL = 320;
  for (let i = 0; i < TOTAL; i++) {
    const ageDays = Math.floor(rand() * 365);
    const createdAt = new Date(now.getTime() - ageDays * day - Math.floor(rand() * day));
    const type = rand() < 0.78 ? 'monetary' : rand() < 0.6 ? 'goods' : 'services';
    const roll = rand();
    // Recent donations are more often still pending; older ones have been resolved.
    const status =
      ageDays < 20 && roll < 0.45 ? 'pending' : roll < 0.8 ? 'completed' : roll < 0.9 ? 'failed' : roll < 0.96 ? 'cancelled' : ageDays > 30 ? 'expired' : 'pending';
    const first = pick(FIRST);
    const last = pick(LAST);
    const email = `${first}.${last}${Math.floor(rand() * 90 + 10)}@${pick(DOMAINS)}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const referenceCode = reference();
    rows.push({
      referenceCode,
      donorName: `${first} ${last}`,
      donorEmail: email,
      amountCents: toCents(pick(AMOUNTS)),
      currency: 'GTQ',
      donationType: type,
      status,
      description: pick(DESCRIPTIONS[type]),
      source: 'seed',
      programId: pick(programRows).id,
      cardLast4: type === 'monetary' ? String(Math.floor(rand() * 9000 + 1000)) : null,
      cardBrand: type === 'monetary' ? pick(['visa', 'mastercard']) : null,
      ...(type === 'monetary' ? cardPayment(referenceCode, status) : {}),
      createdAt,
      updatedAt: status === 'pending' ? createdAt : new Date(createdAt.getTime() + day),
      completedAt: status === 'completed' ? new Date(createdAt.getTime() + day) : null,
      failureReason: status === 'failed' ? 'Pago rechazado por el emisor' : null,
    });
  }

  // The demo donor gives every month, so their dashboard, history and receipts have real content.
  if (donor) {
    for (let month = 0; month < 10; month++) {
      const createdAt = new Date(now.getFullYear(), now.getMonth() - month, 5 + (month % 3), 10, 30);
      const completed = month !== 0 || createdAt.getTime() < now.getTime() - 2 * day;
      const referenceCode = reference();
      rows.push({
        referenceCode,
        donorName: 'Diego Donante',
        donorEmail: 'donante@ejemplo.org',
        amountCents: toCents(month % 4 === 0 ? 250 : month % 2 === 0 ? 185 : 75),
        currency: 'GTQ',
        donationType: 'monetary',
        status: completed ? 'completed' : 'pending',
        description: 'Aporte mensual',
        source: 'seed',
        programId: programRows.find((p) => p.slug === (month % 3 === 0 ? 'evangelizacion-infantil' : 'alimentacion-escolar'))?.id ?? null,
        userId: donor.id,
        cardLast4: '4242',
        cardBrand: 'visa',
        ...cardPayment(referenceCode, completed ? 'completed' : 'pending'),
        // A NIT with its check digit every other month, consumidor final otherwise (decision 0019).
        donorNit: month % 2 === 0 ? '1234567-9' : 'CF',
        donorTaxIdKind: month % 2 === 0 ? 'nit' : 'cf',
        createdAt,
        updatedAt: createdAt,
        completedAt: completed ? new Date(createdAt.getTime() + day) : null,
      });
    }
  }

  // Monthly donors (the demo donor among them) with their charges (docs/product.md#monthly-giving).
  rows.push(...(await seedMonthlyGifts(db, now, { reference, donorUserId: donor?.id ?? null })));

  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await tx.insert(donations).values(rows.slice(i, i + 100)).onConflictDoNothing();
    }
    // Completed donations get their receipts in completion order, as completions issue them (not emailed).
    const completed = await tx
      .select({ id: donations.id })
      .from(donations)
      .where(and(eq(donations.status, 'completed'), isNull(donations.receiptNumber)))
      .orderBy(asc(donations.completedAt), asc(donations.id));
    for (const { id } of completed) await issueReceipt(tx, id, { email: false });
    // Issued as a completion issues them: on the day the gift completed, not on the day the demo was seeded.
    if (completed.length) {
      const ids = completed.map((c) => c.id);
      await tx.update(receipts).set({ issuedAt: sql`${receipts.donatedAt}` }).where(inArray(receipts.donationId, ids));
    }
  });
  return rows.length;
}

/** Production's first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD (docs/product.md#demo-data). */
export async function ensureAdmin(db: Database, email: string, password: string): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email.toLowerCase())));
  if (existing.length) return false;
  const admins = await db.select({ id: users.id }).from(users).where(sql`'ADMIN' = ANY(${users.roles})`).limit(1);
  if (admins.length) return false;
  await db.insert(users).values({
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    firstName: 'Administrador',
    lastName: '',
    roles: ['ADMIN'],
    emailVerifiedAt: new Date(),
  });
  return true;
}

