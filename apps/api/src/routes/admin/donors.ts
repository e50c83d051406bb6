// The "Donantes" staff API (docs/product.md#donors): list and page with donors.read; edit, duplicates,
// merge with preview, undo and the segment export with donors.manage. Rules in domain/donors/.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  donorEditRefusalSchema,
  donorExportSchema,
  donorListQuerySchema,
  donorListSchema,
  donorPageSchema,
  donorSchema,
  donorUpdateSchema,
  duplicateListSchema,
  mergePreviewSchema,
  mergeRequestSchema,
  mergeResultSchema,
} from '@donaciones/shared/schemas/donors';
import { actorOf } from '../../http/auth';
import { duplicateProposals } from '../../domain/donors/duplicates';
import { can } from '@donaciones/shared/permissions';
import { EmailTakenError, updateDonor } from '../../domain/donors/edit';
import { type DonorExportFile, exportDonors } from '../../domain/donors/export';
import { mergeDonors, mergePreview, undoMerge } from '../../domain/donors/merge';
import { donorPage } from '../../domain/donors/page';
import { listDonors } from '../../domain/donors/search';
import { bearer, error, limited, refusals, writeRefusals } from '../common';

function sendFile(reply: FastifyReply, file: DonorExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export default async function adminDonorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: donantes';
  const manage = { permission: 'donors.manage' } as const;

  r.get(
    '/admin/donors',
    {
      schema: {
        tags: [TAG],
        summary: 'Donantes: búsqueda y filtros',
        description:
          '`q` busca en nombre, correo, NIT o CUI, teléfono, y en la referencia o el número de recibo de sus donaciones. ' +
          'Filtros por primera y última donación (AAAA-MM-DD, hora de Guatemala), total donado en quetzales, donación mensual, ' +
          'etiqueta y programa. Páginas de 50 por nombre; `nextCursor` pide la siguiente; `total` cuenta hasta 1000.',
        security: bearer,
        querystring: donorListQuerySchema,
        response: { 200: donorListSchema, 400: error, ...refusals },
      },
    },
    async (request) => listDonors(app.db, request.query),
  );

  r.get(
    '/admin/donors/duplicates',
    {
      config: manage,
      schema: { tags: [TAG], summary: 'Posibles duplicados', security: bearer, response: { 200: duplicateListSchema, ...refusals } },
    },
    async () => ({ items: await duplicateProposals(app.db) }),
  );

  r.get(
    '/admin/donors/:id',
    {
      schema: { tags: [TAG], summary: 'La página de un donante', security: bearer, params: idParamSchema, response: { 200: donorPageSchema, 404: error, ...refusals } },
    },
    async (request) => donorPage(app.db, request.params.id),
  );

  r.put(
    '/admin/donors/:id',
    {
      config: manage,
      schema: {
        tags: [TAG],
        summary: 'Editar un donante',
        security: bearer,
        params: idParamSchema,
        body: donorUpdateSchema,
        description:
          'Un correo que ya es de otro donante se rechaza junto con los demás errores del formulario; ' +
          'quien puede leer donantes (donors.read) recibe además `otherDonor` (id y nombre) para proponer la fusión.',
        response: { 200: donorSchema, ...writeRefusals, 400: donorEditRefusalSchema, 404: error, 409: error },
      },
    },
    async (request, reply) => {
      try {
        return await updateDonor(app.db, { id: request.params.id, body: request.body, actor: actorOf(request), ip: request.ip });
      } catch (err) {
        if (!(err instanceof EmailTakenError) || !can(request.user?.roles, 'donors.read')) throw err;
        return reply.status(400).send({ detail: err.detail, errors: err.fields, otherDonor: err.otherDonor });
      }
    },
  );

  r.post(
    '/admin/donors/merge-preview',
    {
      config: manage,
      schema: {
        tags: [TAG],
        summary: 'Vista previa de una fusión',
        description:
          'Pasan todas las donaciones de `mergedId`, en cualquier estado. `moves.gifts` cuenta las completadas, como las cifras del donante; ' +
          '`moves.others`, las demás (pendientes, fallidas, canceladas...) por estado.',
        security: bearer,
        body: mergeRequestSchema,
        response: { 200: mergePreviewSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => mergePreview(app.db, request.body.survivorId, request.body.mergedId),
  );

  r.post(
    '/admin/donors/merge',
    {
      config: manage,
      schema: {
        tags: [TAG],
        summary: 'Fusionar dos donantes',
        description: 'Las donaciones de `mergedId` (con sus recibos y donaciones mensuales) pasan a `survivorId`; se guarda qué se movió para poder deshacerlo.',
        security: bearer,
        body: mergeRequestSchema,
        response: { 200: mergeResultSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => mergeDonors(app.db, { ...request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.post(
    '/admin/donors/merges/:id/undo',
    {
      config: manage,
      schema: {
        tags: [TAG],
        summary: 'Deshacer una fusión',
        security: bearer,
        params: idParamSchema,
        response: { 200: z.object({ survivor: donorSchema, merged: donorSchema }), ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) => undoMerge(app.db, { mergeId: request.params.id, actor: actorOf(request), ip: request.ip }),
  );

  r.post(
    '/admin/donors/export',
    {
      config: { ...manage, ...limited(app, 30) },
      schema: {
        tags: [TAG],
        summary: 'Exportar un segmento (CSV o Excel)',
        description: 'Los donantes de los filtros dados, con las columnas elegidas. Nunca incluye datos de tarjeta ni tokens. Cada exportación queda en la auditoría.',
        security: bearer,
        body: donorExportSchema,
        response: { ...writeRefusals, 429: error },
      },
    },
    async (request, reply) => {
      const file = await exportDonors(app.db, { request: request.body, actor: actorOf(request), ip: request.ip });
      return sendFile(reply, file);
    },
  );
}
