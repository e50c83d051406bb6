// Helpers of the admin console's tests: signed-in callers of each role and the admin-only check.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/client';
import { type Caller, inject } from './helpers';
import * as make from './factory';

/** The three kinds of callers every admin endpoint is checked against. */
export async function callers(app: FastifyInstance, db: Database) {
  return {
    admin: await make.signIn(app, db, { roles: ['ADMIN'] }),
    donor: await make.signIn(app, db, { roles: ['DONOR', 'USER'] }),
    user: await make.signIn(app, db, { roles: ['USER'] }),
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
