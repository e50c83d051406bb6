// Children's sponsorship, staff side (docs/product.md#sponsorship; permission sponsorship.manage):
// child records with every field, status, guardians' consents and photos. Photos are sent as the raw
// request body (no multipart parser is installed) and re-encoded without their metadata.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  childEditInputSchema,
  childInputSchema,
  childStatusInputSchema,
  consentInputSchema,
  staffChildDetailSchema,
  staffChildListSchema,
} from '@donaciones/shared/schemas/sponsorship';
import { actorOf } from '../../http/auth';
import { monthlyContext } from '../../domain/monthly/monthly-gifts';
import { addConsent, addPhoto, createChild, listStaffChildren, revokeConsent, setChildStatus, staffChildDetail, staffPhoto, updateChild } from '../../domain/sponsorship/children';
import { bearer, error, refusals, writeRefusals } from '../common';
import { sendPhoto } from '../sponsorship';

const TAG = 'admin: apadrinamiento';
const PHOTO_TYPE = 'application/octet-stream';

export default async function adminSponsorshipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = { 200: staffChildDetailSchema, ...writeRefusals, 404: error };

  r.get(
    '/admin/sponsorship/children',
    { schema: { tags: [TAG], summary: 'Fichas de las niñas y los niños', security: bearer, response: { 200: staffChildListSchema, ...refusals } } },
    async () => ({ children: await listStaffChildren(app.db) }),
  );

  r.post(
    '/admin/sponsorship/children',
    { schema: { tags: [TAG], summary: 'Crear la ficha de una niña o un niño', security: bearer, body: childInputSchema, response: { 201: staffChildDetailSchema, ...writeRefusals } } },
    async (request, reply) => {
      const id = await createChild(app.db, request.body, actorOf(request));
      return reply.status(201).send(await staffChildDetail(app.db, id));
    },
  );

  r.get(
    '/admin/sponsorship/children/:id',
    { schema: { tags: [TAG], summary: 'Ficha completa: datos, consentimientos, fotos y padrinos', security: bearer, params: idParamSchema, response: detail } },
    async (request) => staffChildDetail(app.db, request.params.id),
  );

  r.put(
    '/admin/sponsorship/children/:id',
    { schema: { tags: [TAG], summary: 'Editar la ficha', security: bearer, params: idParamSchema, body: childEditInputSchema, response: detail } },
    async (request) => {
      await updateChild(app.db, request.params.id, request.body, actorOf(request));
      return staffChildDetail(app.db, request.params.id);
    },
  );

  r.post(
    '/admin/sponsorship/children/:id/status',
    {
      schema: {
        tags: [TAG],
        summary: 'Cambiar el estado: esperando, apadrinado, en pausa o salió del programa (con motivo)',
        security: bearer,
        params: idParamSchema,
        body: childStatusInputSchema,
        response: detail,
      },
    },
    async (request) => {
      await setChildStatus(app.db, request.params.id, request.body, actorOf(request), monthlyContext(app));
      return staffChildDetail(app.db, request.params.id);
    },
  );

  r.post(
    '/admin/sponsorship/children/:id/consents',
    {
      schema: {
        tags: [TAG],
        summary: 'Registrar el consentimiento de la persona encargada (quién, fecha, alcance, vencimiento)',
        security: bearer,
        params: idParamSchema,
        body: consentInputSchema,
        response: { 201: staffChildDetailSchema, ...writeRefusals, 404: error },
      },
    },
    async (request, reply) => {
      await addConsent(app.db, request.params.id, request.body, actorOf(request));
      return reply.status(201).send(await staffChildDetail(app.db, request.params.id));
    },
  );

  r.post(
    '/admin/sponsorship/consents/:id/revoke',
    { schema: { tags: [TAG], summary: 'Retirar un consentimiento (oculta al instante lo que cubría)', security: bearer, params: idParamSchema, response: { 204: z.null(), ...refusals, 400: error, 404: error } } },
    async (request, reply) => {
      await revokeConsent(app.db, request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/admin/sponsorship/photos/:id',
    { schema: { tags: [TAG], summary: 'Una foto de la ficha (para el personal, aunque no se muestre)', security: bearer, params: idParamSchema, response: { 200: z.any(), ...refusals, 400: error, 404: error } } },
    async (request, reply) => sendPhoto(reply, await staffPhoto(app.db, request.params.id)),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(PHOTO_TYPE, { parseAs: 'buffer', bodyLimit: SLIP_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ detail: depositMessages.errors.fileTooLarge, errors: { file: depositMessages.errors.fileTooLarge } });
      throw err;
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/sponsorship/children/:id/photos',
      {
        bodyLimit: SLIP_MAX_BYTES,
        schema: {
          tags: [TAG],
          summary: 'Subir una foto (necesita un consentimiento vigente de fotos)',
          description: `El cuerpo es la imagen, con \`Content-Type: ${PHOTO_TYPE}\` (hasta 5 MB). Se vuelve a codificar sin metadatos.`,
          security: bearer,
          params: idParamSchema,
          response: { 201: staffChildDetailSchema, ...writeRefusals, 404: error, 413: error, 415: error },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) return reply.status(415).send({ detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } });
        await addPhoto(app.db, request.params.id, request.body, actorOf(request));
        return reply.status(201).send(await staffChildDetail(app.db, request.params.id));
      },
    );
  });
}
