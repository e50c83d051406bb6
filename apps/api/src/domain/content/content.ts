// The organisation's content as data (docs/product.md#figures): settings, programs and upcoming events,
// edited by staff and shown by the home page and dashboards. Every change is audited.
import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { progressPercentage } from '@donaciones/shared/figures';
import { fromCents, toCents } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { AdminEvent, AdminProgram } from '@donaciones/shared/schemas/admin';
import type { eventInputSchema, programInputSchema } from '@donaciones/shared/schemas/admin';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { events, programs } from '../../db/schema';
import { notFound } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/reference-codes';
import { type SettingsKey, type SettingsValue, getSettings, putSettings } from '../../platform/settings';

const m = adminMessages.api;

type ProgramValues = z.output<typeof programInputSchema>;
type EventValues = z.output<typeof eventInputSchema>;
type ProgramRow = typeof programs.$inferSelect;
type EventRow = typeof events.$inferSelect;

// ---------------------------------------------------------------- settings

export async function updateSettings<K extends SettingsKey>(
  db: Database,
  input: { key: K; value: SettingsValue<K>; actor: Actor; ip?: string | null },
): Promise<SettingsValue<K>> {
  return db.transaction(async (tx) => {
    const before = await getSettings(tx, input.key);
    const saved = await putSettings(tx, input.key, input.value, input.actor.id);
    const changes = Object.fromEntries(
      Object.keys(saved as Record<string, unknown>)
        .filter((k) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify((saved as Record<string, unknown>)[k]))
        .map((k) => [k, { from: (before as Record<string, unknown>)[k], to: (saved as Record<string, unknown>)[k] }]),
    );
    await audit(tx, { actor: input.actor, action: `settings.${input.key}.update`, entityType: 'settings', entityId: input.key, details: { changes }, ip: input.ip });
    return saved;
  });
}

// ---------------------------------------------------------------- programs

export function toAdminProgram(row: ProgramRow): AdminProgram {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    highlight_value: row.highlightValue,
    highlight_label: row.highlightLabel,
    goal_amount: fromCents(row.goalCents),
    current_amount: fromCents(row.currentCents),
    progress_percentage: progressPercentage(row.currentCents, row.goalCents),
    coming_soon: row.comingSoon,
    is_active: row.isActive,
    sort_order: row.sortOrder,
  };
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'programa';
}

function programColumns(values: ProgramValues) {
  return {
    name: values.name,
    description: values.description,
    highlightValue: values.highlight_value,
    highlightLabel: values.highlight_label,
    goalCents: toCents(values.goal_amount),
    // No currentCents: what a programme raised comes from the ledger (migration 0004), never typed.
    comingSoon: values.coming_soon,
    isActive: values.is_active,
    sortOrder: values.sort_order,
  };
}

export async function listPrograms(db: Database): Promise<AdminProgram[]> {
  const rows = await db.select().from(programs).orderBy(asc(programs.sortOrder), asc(programs.id));
  return rows.map(toAdminProgram);
}

/**
 * `name`, `name-2` ... `name-5`, then a random suffix: however many programs share a name, a free
 * slug is found in a few tries (with only numbers, the 51st program of one name answered 500).
 */
function slugCandidate(base: string, attempt: number): string {
  if (attempt === 1) return base;
  return attempt <= 5 ? `${base}-${attempt}` : `${base}-${randomBytes(4).toString('hex')}`;
}

export async function createProgram(db: Database, input: { values: ProgramValues; actor: Actor; ip?: string | null }): Promise<AdminProgram> {
  const base = slugify(input.values.name);
  for (let n = 1; ; n++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(programs)
          .values({ ...programColumns(input.values), slug: slugCandidate(base, n) })
          .returning();
        await audit(tx, { actor: input.actor, action: 'program.create', entityType: 'program', entityId: row.id, details: { name: row.name }, ip: input.ip });
        return toAdminProgram(row);
      });
    } catch (err) {
      // Two programs with the same name get distinct slugs.
      if (n < 20 && isUniqueViolation(err, 'programs_slug_key')) continue;
      throw err;
    }
  }
}

export async function updateProgram(db: Database, input: { id: number; values: ProgramValues; actor: Actor; ip?: string | null }): Promise<AdminProgram> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(programs)
      .set({ ...programColumns(input.values), updatedAt: sql`now()` })
      .where(eq(programs.id, input.id))
      .returning();
    if (!row) throw notFound(m.programNotFound);
    await audit(tx, { actor: input.actor, action: 'program.update', entityType: 'program', entityId: row.id, details: { name: row.name, values: input.values }, ip: input.ip });
    return toAdminProgram(row);
  });
}

/** Deleting a program keeps its donations (their program link is cleared by the foreign key). */
export async function deleteProgram(db: Database, input: { id: number; actor: Actor; ip?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(programs).where(eq(programs.id, input.id)).returning();
    if (!row) throw notFound(m.programNotFound);
    await audit(tx, { actor: input.actor, action: 'program.delete', entityType: 'program', entityId: row.id, details: { name: row.name }, ip: input.ip });
  });
}

// ---------------------------------------------------------------- events

export function toAdminEvent(row: EventRow): AdminEvent {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    location: row.location,
    is_published: row.isPublished,
  };
}

function eventColumns(values: EventValues) {
  return {
    type: values.type,
    title: values.title,
    description: values.description,
    date: new Date(values.date),
    location: values.location || null,
    isPublished: values.is_published,
  };
}

export async function listEvents(db: Database): Promise<AdminEvent[]> {
  const rows = await db.select().from(events).orderBy(desc(events.date), desc(events.id));
  return rows.map(toAdminEvent);
}

export async function createEvent(db: Database, input: { values: EventValues; actor: Actor; ip?: string | null }): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(events).values(eventColumns(input.values)).returning();
    await audit(tx, { actor: input.actor, action: 'event.create', entityType: 'event', entityId: row.id, details: { title: row.title }, ip: input.ip });
    return toAdminEvent(row);
  });
}

export async function updateEvent(db: Database, input: { id: number; values: EventValues; actor: Actor; ip?: string | null }): Promise<AdminEvent> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(events).set(eventColumns(input.values)).where(eq(events.id, input.id)).returning();
    if (!row) throw notFound(m.eventNotFound);
    await audit(tx, { actor: input.actor, action: 'event.update', entityType: 'event', entityId: row.id, details: { title: row.title, values: input.values }, ip: input.ip });
    return toAdminEvent(row);
  });
}

export async function deleteEvent(db: Database, input: { id: number; actor: Actor; ip?: string | null }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(events).where(eq(events.id, input.id)).returning();
    if (!row) throw notFound(m.eventNotFound);
    await audit(tx, { actor: input.actor, action: 'event.delete', entityType: 'event', entityId: row.id, details: { title: row.title }, ip: input.ip });
  });
}
