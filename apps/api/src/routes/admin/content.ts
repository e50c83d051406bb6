// The content the public site and the member area show: programs and events.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { adminEventSchema, adminProgramSchema, eventInputSchema, programInputSchema } from '@donaciones/shared/schemas/admin';
import { idParamSchema, messageResponseSchema } from '@donaciones/shared/schemas/common';
import { actorOf } from '../../http/auth';
import {
  createEvent,
  createProgram,
  deleteEvent,
  deleteProgram,
  listEvents,
  listPrograms,
  updateEvent,
  updateProgram,
} from '../../domain/content/content';
import { bearer, error, refusals, writeRefusals } from '../common';

export default async function adminContentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const PROGRAMS = 'admin: programas';
  const programList = z.object({ programs: z.array(adminProgramSchema) });

  r.get(
    '/admin/programs',
    { schema: { tags: [PROGRAMS], summary: 'Listar programas', security: bearer, response: { 200: programList, ...refusals } } },
    async () => ({ programs: await listPrograms(app.db) }),
  );

  r.post(
    '/admin/programs',
    {
      schema: {
        tags: [PROGRAMS],
        summary: 'Crear un programa',
        description: 'Montos en quetzales (meta y monto actual).',
        security: bearer,
        body: programInputSchema,
        response: { 201: adminProgramSchema, ...writeRefusals },
      },
    },
    async (request, reply) => reply.status(201).send(await createProgram(app.db, { values: request.body, actor: actorOf(request), ip: request.ip })),
  );

  r.put(
    '/admin/programs/:id',
    {
      schema: {
        tags: [PROGRAMS],
        summary: 'Editar un programa',
        security: bearer,
        params: idParamSchema,
        body: programInputSchema,
        response: { 200: adminProgramSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => updateProgram(app.db, { id: request.params.id, values: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.delete(
    '/admin/programs/:id',
    {
      schema: {
        tags: [PROGRAMS],
        summary: 'Eliminar un programa',
        description: 'Las donaciones del programa se conservan.',
        security: bearer,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => {
      await deleteProgram(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip });
      return { message: adminMessages.api.programDeleted };
    },
  );

  const EVENTS = 'admin: eventos';
  const eventList = z.object({ events: z.array(adminEventSchema) });

  r.get(
    '/admin/events',
    {
      schema: { tags: [EVENTS], summary: 'Listar eventos (más lejanos primero)', security: bearer, response: { 200: eventList, ...refusals } },
    },
    async () => ({ events: await listEvents(app.db) }),
  );

  r.post(
    '/admin/events',
    {
      schema: {
        tags: [EVENTS],
        summary: 'Crear un evento',
        description: 'type = campaign, event o program; date en ISO 8601 con zona horaria.',
        security: bearer,
        body: eventInputSchema,
        response: { 201: adminEventSchema, ...writeRefusals },
      },
    },
    async (request, reply) => reply.status(201).send(await createEvent(app.db, { values: request.body, actor: actorOf(request), ip: request.ip })),
  );

  r.put(
    '/admin/events/:id',
    {
      schema: {
        tags: [EVENTS],
        summary: 'Editar un evento',
        security: bearer,
        params: idParamSchema,
        body: eventInputSchema,
        response: { 200: adminEventSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => updateEvent(app.db, { id: request.params.id, values: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.delete(
    '/admin/events/:id',
    {
      schema: {
        tags: [EVENTS],
        summary: 'Eliminar un evento',
        security: bearer,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...writeRefusals, 404: error },
      },
    },
    async (request) => {
      await deleteEvent(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip });
      return { message: adminMessages.api.eventDeleted };
    },
  );
}
