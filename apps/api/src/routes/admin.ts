// The admin console's API: every route answers only to ADMIN (401 anonymous, 403 others).
// Auth runs onRequest, before validation, so an anonymous or non-admin caller never learns more than
// 401/403. Thin handlers: the rules live in services/admin-*.ts, analytics.ts and exports.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMessages } from '@donaciones/shared/messages/admin';
import {
  adminDonationListSchema,
  adminDonationSchema,
  adminDonationsQuerySchema,
  adminEventSchema,
  adminProgramSchema,
  adminUserInputSchema,
  adminUserListSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  analyticsQuerySchema,
  analyticsSchema,
  eventInputSchema,
  exportQuerySchema,
  programInputSchema,
  rejectDonationSchema,
  systemSettingsUpdateSchema,
} from '@donaciones/shared/schemas/admin';
import { errorResponseSchema, idParamSchema, messageResponseSchema } from '@donaciones/shared/schemas/common';
import {
  impactSettingsSchema,
  levelSettingsSchema,
  organizationSettingsSchema,
  systemSettingsSchema,
} from '@donaciones/shared/schemas/settings';
import { unauthorized } from '../errors';
import type { Actor } from '../services/audit';
import { approveDonation, listAdminDonations, rejectDonation } from '../services/admin-donations';
import { createUser, deleteUser, listUsers, updateUser } from '../services/admin-users';
import {
  createEvent,
  createProgram,
  deleteEvent,
  deleteProgram,
  listEvents,
  listPrograms,
  updateEvent,
  updateProgram,
  updateSettings,
} from '../services/admin-content';
import { computeAnalytics } from '../services/analytics';
import { type ReportFile, buildReportFile } from '../services/exports';
import { getSettings } from '../services/settings';

const error = errorResponseSchema;
const bearer = [{ bearerAuth: [] }];
const refusals = { 401: error, 403: error } as const;
const writeRefusals = { 400: error, 401: error, 403: error } as const;

function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return { id: request.user.id, email: request.user.email };
}

export default async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireRole('ADMIN');
  const limited = (max: number) => (app.config.rateLimitEnabled ? { rateLimit: { max, timeWindow: '1 minute' } } : {});

  // ------------------------------------------------------------ users
  const USERS = 'admin: usuarios';

  r.get(
    '/admin/users',
    {
      onRequest: admin,
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
      onRequest: admin,
      config: limited(60),
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
      onRequest: admin,
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
      onRequest: admin,
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

  // ------------------------------------------------------------ donations
  const DONATIONS = 'admin: donaciones';

  r.get(
    '/admin/donations',
    {
      onRequest: admin,
      schema: {
        tags: [DONATIONS],
        summary: 'Donaciones para revisión (vista de administración)',
        description:
          'Estados: PENDING, APPROVED, DECLINED, CANCELLED, EXPIRED. `q` busca en correo, nombre o referencia. ' +
          'Más recientes primero; limit por defecto 20 (máximo 100).',
        security: bearer,
        querystring: adminDonationsQuerySchema,
        response: { 200: adminDonationListSchema, 400: error, ...refusals },
      },
    },
    async (request) => listAdminDonations(app.db, request.query),
  );

  r.post(
    '/admin/donations/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags: [DONATIONS],
        summary: 'Aprobar una donación pendiente',
        description: 'Pasa a APPROVED (completada, con número de recibo) y se avisa al donante por correo. 409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        response: { 200: adminDonationSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => approveDonation(app.db, { id: request.params.id, actor: actorOf(request), ip: request.ip }),
  );

  r.post(
    '/admin/donations/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags: [DONATIONS],
        summary: 'Rechazar una donación pendiente',
        description:
          'Pasa a DECLINED con el motivo (`reason`, obligatorio, hasta 500 caracteres), que queda en la auditoría y se envía ' +
          'al donante por correo con el correo de contacto del sistema; puede intentar de nuevo o escribir. 409 si ya no está pendiente.',
        security: bearer,
        params: idParamSchema,
        body: rejectDonationSchema,
        response: { 200: adminDonationSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => rejectDonation(app.db, { id: request.params.id, reason: request.body.reason, actor: actorOf(request), ip: request.ip }),
  );

  // ------------------------------------------------------------ reports
  const REPORTS = 'admin: reportes';

  r.get(
    '/admin/analytics',
    {
      onRequest: admin,
      schema: {
        tags: [REPORTS],
        summary: 'Estadísticas del período',
        description:
          'period = week (7 días), month (30 días), quarter (este mes y los 2 anteriores) o year (este mes y los 11 anteriores), ' +
          'en hora de Guatemala. Cifras de donaciones aprobadas en quetzales, por fecha de la donación; `users` son cuentas nuevas.',
        security: bearer,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, 400: error, ...refusals },
      },
    },
    async (request) => computeAnalytics(app.db, { period: request.query.period }),
  );

  r.get(
    '/admin/reports/export',
    {
      onRequest: admin,
      config: limited(30),
      schema: {
        tags: [REPORTS],
        summary: 'Descargar el reporte (CSV, Excel o PDF)',
        description:
          'Las mismas cifras que /admin/analytics. CSV en UTF-8 con BOM (Excel reconoce los acentos); `delimiter` = "," ' +
          '(por defecto, punto decimal) o ";" (coma decimal, para Excel configurado con coma decimal).',
        security: bearer,
        querystring: exportQuerySchema,
        response: { 400: error, ...refusals, 429: error },
      },
    },
    async (request, reply) => {
      const { period, format, delimiter } = request.query;
      const [analytics, org] = await Promise.all([computeAnalytics(app.db, { period }), getSettings(app.db, 'organization')]);
      return sendFile(reply, await buildReportFile({ analytics, organizationName: org.name }, format, delimiter));
    },
  );

  // ------------------------------------------------------------ settings and organisation data
  const SETTINGS = 'admin: configuración';

  r.get(
    '/admin/settings',
    {
      onRequest: admin,
      schema: { tags: [SETTINGS], summary: 'Configuración del sistema', security: bearer, response: { 200: systemSettingsSchema, ...refusals } },
    },
    async () => getSettings(app.db, 'system'),
  );

  r.put(
    '/admin/settings',
    {
      onRequest: admin,
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar la configuración del sistema',
        description:
          'Nombre y correo de contacto requeridos; montos mínimo y máximo enteros de al menos 1, el mínimo no mayor que el máximo. ' +
          'El modo de mantenimiento rechaza donaciones nuevas. `pending_expiry_days` (días para que expire una donación pendiente) es opcional.',
        security: bearer,
        body: systemSettingsUpdateSchema,
        response: { 200: systemSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => {
      const current = await getSettings(app.db, 'system');
      const value = { ...request.body, pending_expiry_days: request.body.pending_expiry_days ?? current.pending_expiry_days };
      return updateSettings(app.db, { key: 'system', value, actor: actorOf(request), ip: request.ip });
    },
  );

  r.get(
    '/admin/organization',
    { onRequest: admin, schema: { tags: [SETTINGS], summary: 'Datos de la organización', security: bearer, response: { 200: organizationSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'organization'),
  );

  r.put(
    '/admin/organization',
    {
      onRequest: admin,
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los datos de la organización',
        description: 'Nombre, descripción, teléfono, correo y dirección, y las cifras de la página de inicio.',
        security: bearer,
        body: organizationSettingsSchema,
        response: { 200: organizationSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'organization', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/impact',
    { onRequest: admin, schema: { tags: [SETTINGS], summary: 'Factores de impacto', security: bearer, response: { 200: impactSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'impact'),
  );

  r.put(
    '/admin/impact',
    {
      onRequest: admin,
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los factores de impacto',
        description: 'Quetzales de donaciones completadas por niño, comida, beca y hora de evangelización.',
        security: bearer,
        body: impactSettingsSchema,
        response: { 200: impactSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'impact', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/levels',
    { onRequest: admin, schema: { tags: [SETTINGS], summary: 'Niveles de donante', security: bearer, response: { 200: levelSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'levels'),
  );

  r.put(
    '/admin/levels',
    {
      onRequest: admin,
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los niveles de donante',
        description: 'Nombres y umbrales en quetzales, en orden creciente.',
        security: bearer,
        body: levelSettingsSchema,
        response: { 200: levelSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'levels', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  // ------------------------------------------------------------ programs
  const PROGRAMS = 'admin: programas';
  const programList = z.object({ programs: z.array(adminProgramSchema) });

  r.get(
    '/admin/programs',
    { onRequest: admin, schema: { tags: [PROGRAMS], summary: 'Listar programas', security: bearer, response: { 200: programList, ...refusals } } },
    async () => ({ programs: await listPrograms(app.db) }),
  );

  r.post(
    '/admin/programs',
    {
      onRequest: admin,
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
      onRequest: admin,
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
      onRequest: admin,
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

  // ------------------------------------------------------------ events
  const EVENTS = 'admin: eventos';
  const eventList = z.object({ events: z.array(adminEventSchema) });

  r.get(
    '/admin/events',
    {
      onRequest: admin,
      schema: { tags: [EVENTS], summary: 'Listar eventos (más lejanos primero)', security: bearer, response: { 200: eventList, ...refusals } },
    },
    async () => ({ events: await listEvents(app.db) }),
  );

  r.post(
    '/admin/events',
    {
      onRequest: admin,
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
      onRequest: admin,
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
      onRequest: admin,
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
