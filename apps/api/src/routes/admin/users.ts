// Staff accounts: list, create (with an emailed set-password link), edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { adminUserInputSchema, adminUserListSchema, adminUserSchema, adminUsersQuerySchema } from '@donaciones/shared/schemas/admin';
import { idParamSchema, messageResponseSchema } from '@donaciones/shared/schemas/common';
import { actorOf } from '../../http/auth';
import { createUser, deleteUser, listUsers, updateUser } from '../../domain/accounts/users';
import { bearer, error, limited, refusals, writeRefusals } from '../common';

export default async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const USERS = 'admin: usuarios';

  r.get(
    '/admin/users',
    {
      schema: {
        tags: [USERS],
        summary: 'Listar usuarios',
        description: 'Búsqueda opcional `q` por correo, nombre o apellido. `total` cuenta los que coinciden; `total_users`, todos.',
        security: bearer,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserListSchema, 400: error, ...refusals },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  r.post(
    '/admin/users',
    {
      config: limited(app, 60),
      schema: {
        tags: [USERS],
        summary: 'Crear un usuario',
        description:
          'No se define contraseña: se envía al correo un enlace para elegirla (válido 72 horas). 409 si el correo ya existe.',
        security: bearer,
        body: adminUserInputSchema,
        response: { 201: adminUserSchema, ...writeRefusals, 409: error },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, { values: request.body, actor: actorOf(request), ip: request.ip, publicUrl: app.config.publicUrl });
      return reply.status(201).send(user);
    },
  );

  r.put(
    '/admin/users/:id',
    {
      schema: {
        tags: [USERS],
        summary: 'Editar un usuario',
        description:
          '`role` pasa a ser el rol principal; se conservan los roles de rango menor que ya tenía (ADMIN > DONOR > USER). ' +
          '409 si se desactivaría o quitaría el rol al último administrador activo, o si el correo ya está en uso. ' +
          'Desactivar cierra todas las sesiones del usuario.',
        security: bearer,
        params: idParamSchema,
        body: adminUserInputSchema,
        response: { 200: adminUserSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => updateUser(app.db, { id: request.params.id, values: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.delete(
    '/admin/users/:id',
    {
      schema: {
        tags: [USERS],
        summary: 'Eliminar un usuario',
        description:
          'Sus sesiones se eliminan con él; sus donaciones se conservan sin vínculo a la cuenta. 400 al intentar eliminar la ' +
          'propia cuenta; 409 para el último administrador activo.',
        security: bearer,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => {
      await deleteUser(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip });
      return { message: adminMessages.api.userDeleted };
    },
  );
}
