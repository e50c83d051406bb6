// Who the caller is: verified from the bearer token and checked against the database on every
// request, so a revoked session, a deactivated or deleted user, or a changed role takes effect at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Role } from '@donaciones/shared/constants';
import { can, type Permission } from '@donaciones/shared/permissions';
import { hasAnyRole } from '@donaciones/shared/roles';
import { sessions, users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import { accessTokenSigner } from '../domain/accounts/access-tokens';
import type { Actor } from '../platform/audit';

export interface AuthUser {
  id: number;
  email: string;
  roles: Role[];
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: ReturnType<typeof accessTokenSigner>;
    /** preHandler: 401 unless a valid bearer token is sent. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 without a valid token, 403 without one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: reads the token when one is sent (an invalid one is still a 401); anonymous otherwise. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook of the staff console: 401 without a valid token, 403 unless the caller's roles
     * grant the route's `config.permission` (a route without one is refused to everybody).
     */
    requirePermission: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** What a staff route requires (packages/shared/src/permissions.ts); checked by requirePermission. */
    permission?: Permission;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in caller, in a handler behind requireAuth or requireRole (401 if there is none). */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in caller as the actor of an audit entry. */
export function actorOf(request: FastifyRequest): Actor {
  const { id, email } = signedInUser(request);
  return { id, email };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

export default fp(async function auth(app: FastifyInstance) {
  const signer = accessTokenSigner(app.config.jwtSecret, app.config.accessTokenTtlSeconds);
  app.decorate('accessTokens', signer);
  app.decorateRequest('user', null);

  async function resolve(request: FastifyRequest, required: boolean): Promise<void> {
    const token = bearer(request);
    if (token === null) {
      if (required) throw unauthorized();
      return;
    }
    const claims = token ? await signer.verify(token) : null;
    if (!claims) throw unauthorized();
    const [row] = await app.db
      .select({ id: users.id, email: users.email, roles: users.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) throw unauthorized();
    request.user = { id: row.id, email: row.email, roles: row.roles as Role[], sessionId: claims.sessionId };
  }

  app.decorate('requireAuth', async (request: FastifyRequest) => resolve(request, true));
  app.decorate('optionalAuth', async (request: FastifyRequest) => resolve(request, false));
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await resolve(request, true);
    if (!hasAnyRole(request.user?.roles, roles)) throw forbidden();
  });
  app.decorate('requirePermission', async (request: FastifyRequest) => {
    await resolve(request, true);
    const permission = request.routeOptions.config.permission;
    if (!permission || !can(request.user?.roles, permission)) throw forbidden();
  });
});
