// Staff sign-in, seen by an ADMIN (docs/product.md#accounts-and-sessions): each staff member's last
// sign-in, second step and open sessions; ending a member's sessions; resetting a member's second
// step; and the rule "segundo paso obligatorio para el personal".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimalIdOf } from '@donaciones/shared/schemas/fields';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';
import { messageResponseSchema } from '@donaciones/shared/schemas/common';
import { securityPolicySchema, securityPolicyUpdateSchema, staffSecurityListSchema } from '@donaciones/shared/schemas/two-step';
import { actorOf, signedInUser } from '../../http/auth';
import { getSecurityPolicy, saveSecurityPolicy } from '../../domain/accounts/security-policy';
import { endSessionsOf, listStaffSecurity, resetSecondStep } from '../../domain/accounts/staff-security';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function adminStaffSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: usuarios';
  const userId = z.object({ id: decimalIdOf(m.userNotFound) });

  r.get(
    '/admin/staff/security',
    {
      schema: {
        tags: [TAG],
        summary: 'El personal: último inicio de sesión, segundo paso y sesiones abiertas',
        security: bearer,
        response: { 200: staffSecurityListSchema, ...refusals },
      },
    },
    async () => ({ staff: await listStaffSecurity(app.db) }),
  );

  r.post(
    '/admin/users/:id/sessions/end',
    {
      schema: {
        tags: [TAG],
        summary: 'Cerrar todas las sesiones de una persona (queda registrado)',
        security: bearer,
        params: userId,
        response: { 200: messageResponseSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const ended = await endSessionsOf(app.db, { userId: request.params.id, actor: { id: me.id, email: me.email, sessionId: me.sessionId }, ip: request.ip });
      return { message: m.staffSessionsEnded(ended) };
    },
  );

  r.post(
    '/admin/users/:id/second-step/reset',
    {
      schema: {
        tags: [TAG],
        summary: 'Restablecer el segundo paso de otra persona: quita su aplicación, códigos y llaves, y cierra sus sesiones (queda registrado)',
        security: bearer,
        params: userId,
        response: { 200: messageResponseSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => {
      await resetSecondStep(app.db, { userId: request.params.id, actor: actorOf(request), ip: request.ip, publicUrl: app.config.publicUrl });
      return { message: m.staffTwoStepReset };
    },
  );

  r.get(
    '/admin/settings/security',
    {
      config: { permission: 'settings.manage' },
      schema: { tags: ['admin: configuración'], summary: 'Regla del segundo paso para el personal', security: bearer, response: { 200: securityPolicySchema, ...refusals } },
    },
    async () => getSecurityPolicy(app.db, app.config.env),
  );

  r.put(
    '/admin/settings/security',
    {
      config: { permission: 'settings.manage' },
      schema: {
        tags: ['admin: configuración'],
        summary: 'Guardar la regla del segundo paso para el personal',
        description: 'En producción ADMIN y FINANCE siguen con el segundo paso obligatorio aunque la regla se desactive (`always_required_for`).',
        security: bearer,
        body: securityPolicyUpdateSchema,
        response: { 200: securityPolicySchema, ...writeRefusals },
      },
    },
    async (request) => saveSecurityPolicy(app.db, { required: request.body.staff_second_step_required, env: app.config.env, actor: actorOf(request), ip: request.ip }),
  );
}
