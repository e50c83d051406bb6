// Helpers of the admin console's tests: signed-in callers of each role, and a controlled ledger.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { donations } from '../src/db/schema';
import { newReferenceCode } from '../src/services/reference-codes';
import { type Caller, inject, signedInUser } from './helpers';

/** The three kinds of callers every admin endpoint is checked against. */
export async function callers(app: FastifyInstance, db: Database) {
  return {
    admin: await signedInUser(app, db, { roles: ['ADMIN'] }),
    donor: await signedInUser(app, db, { roles: ['DONOR', 'USER'] }),
    user: await signedInUser(app, db, { roles: ['USER'] }),
  };
}

/** Asserts 401 anonymous and 403 for DONOR and USER on one endpoint. */
export async function expectAdminOnly(
  app: FastifyInstance,
  who: { donor: Caller; user: Caller },
  request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown },
): Promise<{ anonymous: number; donor: number; user: number }> {
  const send = (token?: string) => inject(app, { ...request, payload: request.payload as never, token });
  const [anonymous, donor, user] = await Promise.all([send(), send(who.donor.token), send(who.user.token)]);
  return { anonymous: anonymous.statusCode, donor: donor.statusCode, user: user.statusCode };
}

/** Inserts one donation with exact values (status and dates included), bypassing the flow. */
export async function addDonation(
  db: Database,
  values: Partial<typeof donations.$inferInsert> & { amountCents: number; createdAt: Date },
): Promise<typeof donations.$inferSelect> {
  const status = values.status ?? 'completed';
  const [row] = await db
    .insert(donations)
    .values({
      referenceCode: newReferenceCode(),
      donorName: 'Donante de Prueba',
      donorEmail: `donante.${randomBytes(3).toString('hex')}@prueba.gt`,
      currency: 'GTQ',
      donationType: 'monetary',
      source: 'service',
      status,
      updatedAt: values.createdAt,
      completedAt: status === 'completed' ? values.createdAt : null,
      ...values,
    })
    .returning();
  return row;
}
