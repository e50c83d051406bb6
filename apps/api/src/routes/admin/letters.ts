// The staff's letters queue (docs/product.md#sponsorship-letters, decision 0049): letters by state with
// their flags and service time, one letter with its original text, approve (with redactions, or an
// override reason), return with a reason, mark delivered, the child's replies and their scans, and
// the print-ready PDF of approved letters grouped by community.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  approveLetterSchema,
  letterFileParamsSchema,
  letterQueueQuerySchema,
  letterQueueSchema,
  redactLetterImageSchema,
  replyInputSchema,
  returnLetterSchema,
  staffLetterSchema,
} from '@donaciones/shared/schemas/letters';
import { letterMessages } from '@donaciones/shared/messages/letters';
import { actorOf } from '../../http/auth';
import { addReply, approveLetter, letterForStaff, letterQueue, markLetterDelivered, returnLetter } from '../../domain/sponsorship/letter-review';
import { attachLetterFile, readLetterFile } from '../../domain/sponsorship/letter-files';
import { redactLetterImage } from '../../domain/sponsorship/letter-image-redaction';
import { renderApprovedLettersPdf } from '../../domain/sponsorship/letters-pdf';
import { NotFoundError } from '../../errors';
import { bearer, error, refusals, writeRefusals } from '../common';
import { LETTER_FILE_TYPE, bodyFile, fileTypeRefused, sendLetterFile, uploadScope } from '../letter-upload';

const TAG = 'admin: cartas de apadrinamiento';

export default async function adminLetterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const letterAnswer = { 200: staffLetterSchema, ...writeRefusals, 404: error, 409: error };

  r.get(
    '/admin/letters',
    {
      schema: {
        tags: [TAG],
        summary: 'Cola de cartas',
        description: '`status` (in_review por defecto, returned, approved, delivered); las más antiguas primero, con los datos de contacto encontrados y el tiempo de servicio en horas.',
        security: bearer,
        querystring: letterQueueQuerySchema,
        response: { 200: letterQueueSchema, 400: error, ...refusals },
      },
    },
    async (request) => letterQueue(app.db, request.query.status),
  );

  r.get(
    '/admin/letters/print.pdf',
    {
      schema: {
        tags: [TAG],
        summary: 'PDF para imprimir de las cartas aprobadas, por comunidad',
        description: 'Cartas de quienes apadrinan, aprobadas y aún no entregadas, agrupadas por la comunidad de la niña o el niño, con su texto aprobado. 404 si no hay.',
        security: bearer,
        response: { ...refusals, 404: error },
      },
    },
    async (_request, reply) => {
      const { pdf, count } = await renderApprovedLettersPdf(app.db);
      if (count === 0) throw new NotFoundError(letterMessages.noPrintable);
      return sendLetterFile(reply, { contentType: 'application/pdf', data: pdf, fileName: 'cartas-para-entregar.pdf' }, 'attachment');
    },
  );

  r.get(
    '/admin/letters/:id',
    {
      schema: { tags: [TAG], summary: 'Una carta con su texto original', security: bearer, params: idParamSchema, response: { 200: staffLetterSchema, 400: error, ...refusals, 404: error } },
    },
    async (request) => letterForStaff(app.db, request.params.id),
  );

  r.post(
    '/admin/letters/:id/approve',
    {
      schema: {
        tags: [TAG],
        summary: 'Aprobar una carta (con lo retirado)',
        description:
          '`redactions`: partes del texto ({start, end}) que se cambian por "[retirado]". Si queda algún dato de contacto marcado sin retirar, ' +
          'responde 409 salvo que `overrideReason` diga por qué se aprueba así. Una carta con imagen se aprueba solo con la imagen tapada ' +
          '(POST …/image-redactions) o con `imageConfirmed: true` (la imagen no muestra datos de contacto); si no, 409. ' +
          'Una respuesta aprobada aparece en el área de quien apadrina.',
        security: bearer,
        params: idParamSchema,
        body: approveLetterSchema,
        response: letterAnswer,
      },
    },
    async (request) => approveLetter(app.db, { actor: actorOf(request), letterId: request.params.id, ip: request.ip, ...request.body }),
  );

  r.post(
    '/admin/letters/:id/image-redactions',
    {
      schema: {
        tags: [TAG],
        summary: 'Tapar partes de la imagen de una carta en revisión',
        description:
          '`boxes`: de 1 a 20 recuadros {x, y, width, height} en píxeles de la imagen, dentro de ella. Se pintan opacos, la imagen se vuelve a ' +
          'codificar sin metadatos y reemplaza a la original, que no se guarda: solo la imagen tapada se sirve desde entonces. Una carta escaneada en PDF no se tapa (409). ' +
          '`imageVersion` (la de la carta): si se subió otra imagen desde entonces, 409.',
        security: bearer,
        params: idParamSchema,
        body: redactLetterImageSchema,
        response: { 200: z.object({ imageBoxes: z.number().int(), imageVersion: z.string() }), ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) =>
      redactLetterImage(app.db, { actor: actorOf(request), letterId: request.params.id, boxes: request.body.boxes, imageVersion: request.body.imageVersion, ip: request.ip }),
  );

  r.post(
    '/admin/letters/:id/return',
    {
      schema: { tags: [TAG], summary: 'Devolver una carta con motivo', security: bearer, params: idParamSchema, body: returnLetterSchema, response: letterAnswer },
    },
    async (request) => returnLetter(app.db, { actor: actorOf(request), letterId: request.params.id, reason: request.body.reason, ip: request.ip }),
  );

  r.post(
    '/admin/letters/:id/deliver',
    {
      schema: { tags: [TAG], summary: 'Marcar como entregada una carta aprobada', security: bearer, params: idParamSchema, response: letterAnswer },
    },
    async (request) => markLetterDelivered(app.db, { actor: actorOf(request), letterId: request.params.id, ip: request.ip }),
  );

  r.post(
    '/admin/letter-replies',
    {
      schema: {
        tags: [TAG],
        summary: 'Registrar la respuesta de una niña o un niño',
        description: 'La transcripción (y su traducción, si la escribió en un idioma maya o quien apadrina lee inglés) entra en revisión; la carta escaneada se sube aparte.',
        security: bearer,
        body: replyInputSchema,
        response: { 201: staffLetterSchema, ...writeRefusals },
      },
    },
    async (request, reply) => reply.status(201).send(await addReply(app.db, { actor: actorOf(request), ip: request.ip, ...request.body })),
  );

  await uploadScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/admin/letters/:id/scan',
      {
        config: { permission: 'sponsorship.manage' },
        schema: {
          tags: [TAG],
          summary: 'Subir la carta escaneada de una respuesta en revisión',
          description: `El cuerpo es el archivo (JPG, PNG, HEIC o PDF, hasta 5 MB) con \`Content-Type: ${LETTER_FILE_TYPE}\`; las imágenes se vuelven a codificar sin metadatos.`,
          security: bearer,
          params: idParamSchema,
          response: { 201: z.object({ contentType: z.string(), sizeBytes: z.number().int() }), ...writeRefusals, 404: error, 409: error, 413: error, 415: error },
        },
      },
      async (request, reply) => {
        const file = bodyFile(request.body);
        if (!file) return fileTypeRefused(reply);
        return reply.status(201).send(await attachLetterFile(app.db, { actor: actorOf(request), letterId: request.params.id, purpose: 'scan', file, ip: request.ip }));
      },
    );
  });

  r.get(
    '/admin/letters/:id/:purpose',
    {
      schema: { tags: [TAG], summary: 'La foto o la carta escaneada', security: bearer, params: letterFileParamsSchema, response: { 400: error, ...refusals, 404: error } },
    },
    async (request, reply) => sendLetterFile(reply, await readLetterFile(app.db, { letterId: request.params.id, purpose: request.params.purpose })),
  );
}
