// Bank deposits, donor side (docs/product.md#bank-deposits, decision 0023): the deposit slip upload
// (the file is the raw request body, its declared data in the query: no multipart parser is
// installed), the deposit's status for its donor, and the slips' files for the owner, the signed
// link of the email, and ADMIN.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SLIP_MAX_BYTES, depositMessages } from '@donaciones/shared/messages/deposits';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { depositStatusSchema, depositTokenQuerySchema, slipUploadQuerySchema } from '@donaciones/shared/schemas/deposits';
import { type ServedFile, type SlipAccess, addDepositSlip, assertSlipUploadAllowed, depositStatus, readAttachment } from '../domain/deposits/deposits';
import { signedLinks } from '../platform/signed-links';
import { forbidden } from '../errors';
import { bearer, error, limited } from './common';

const TAG = 'depósitos bancarios';
const SLIP_TYPE = 'application/octet-stream';

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\;]/g, '') || 'boleta';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, file: ServedFile, kind: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}

export default async function depositRoutes(app: FastifyInstance) {
  const links = signedLinks(app.config.jwtSecret);

  async function accessOf(request: FastifyRequest, token: string | undefined): Promise<SlipAccess> {
    const user = request.user ? { id: request.user.id, email: request.user.email, roles: request.user.roles } : null;
    const linkDonationId = token ? await links.verify(token, 'deposit-slip') : null;
    return { user, linkDonationId, tokenGiven: Boolean(token) };
  }

  // The upload: its own content-type parser and body limit, in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(SLIP_TYPE, { parseAs: 'buffer', bodyLimit: SLIP_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ detail: depositMessages.errors.fileTooLarge, errors: { file: depositMessages.errors.fileTooLarge } });
      }
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send({ detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } });
      }
      throw err; // every other error: the app's one handler
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/donations/:id/slip',
      {
        bodyLimit: SLIP_MAX_BYTES,
        onRequest: app.optionalAuth,
        // Who may send, to which donation, is known from the address and the session: a refused
        // upload (none such, someone else's, no longer pending) is answered before its body is read.
        preParsing: async (request, _reply, payload) => {
          const params = idParamSchema.safeParse(request.params);
          if (params.success) {
            const { token } = request.query as { token?: unknown };
            await assertSlipUploadAllowed(app.db, params.data.id, await accessOf(request, typeof token === 'string' ? token : undefined));
          }
          return payload;
        },
        config: limited(app, 30),
        schema: {
          tags: [TAG],
          summary: 'Enviar la boleta de un depósito bancario (foto o PDF)',
          description:
            `El cuerpo es el archivo, con \`Content-Type: ${SLIP_TYPE}\` (hasta 5 MB; más: 413). Su tipo se reconoce por su contenido, ` +
            'nunca por su nombre: JPG, PNG, HEIC o PDF (otro: 400). Las imágenes se vuelven a codificar sin sus metadatos (la HEIC queda en JPG) ' +
            'con una vista previa JPG; un PDF con JavaScript o acciones automáticas se rechaza. Los datos declarados van en la consulta. ' +
            'Solo el dueño de la donación (con sesión) o el enlace firmado del correo (`token`). El mismo archivo enviado otra vez no se duplica; hasta 5 boletas.',
          security: [...bearer, {}],
          params: idParamSchema,
          querystring: slipUploadQuerySchema,
          response: { 201: depositStatusSchema, 400: error, 401: error, 403: error, 404: error, 409: error, 413: error, 415: error, 429: error },
        },
      },
      async (request, reply) => {
        // Another content type (JSON, text) reached the app's own parsers: not a file.
        if (request.body != null && !Buffer.isBuffer(request.body)) {
          return reply.status(415).send({ detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } });
        }
        const body = request.body ?? Buffer.alloc(0);
        const { token, ...fields } = request.query;
        const status = await addDepositSlip(app.db, {
          donationId: request.params.id,
          access: await accessOf(request, token),
          file: body,
          fields: { ...fields },
          ip: request.ip,
        });
        return reply.status(201).send(status);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/deposit',
    {
      config: limited(app, 60),
      schema: {
        tags: [TAG],
        summary: 'Un depósito bancario por el enlace firmado del correo (sin sesión)',
        description: 'Monto, referencia, estado, boletas enviadas y las cuentas donde depositar. Enlace inválido o vencido: 403.',
        querystring: depositTokenQuerySchema,
        response: { 200: depositStatusSchema, 400: error, 403: error, 404: error, 409: error, 429: error },
      },
    },
    async (request) => {
      const access = await accessOf(request, request.query.token);
      if (access.linkDonationId == null) throw forbidden(depositMessages.upload.linkInvalid);
      return depositStatus(app.db, access.linkDonationId, access);
    },
  );

  r.get(
    '/donations/:id/deposit',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: [TAG],
        summary: 'Un depósito bancario propio: monto, referencia, estado y boletas',
        description: 'Para el dueño de la donación o ADMIN.',
        security: bearer,
        params: idParamSchema,
        response: { 200: depositStatusSchema, 400: error, 401: error, 403: error, 404: error, 409: error },
      },
    },
    async (request) => depositStatus(app.db, request.params.id, await accessOf(request, undefined)),
  );

  const fileQuery = z.object({ token: z.string().max(2000).optional() });
  for (const which of ['file', 'preview'] as const) {
    r.get(
      which === 'file' ? '/attachments/:id' : '/attachments/:id/preview',
      {
        preHandler: app.optionalAuth,
        config: limited(app, 120),
        schema: {
          tags: [TAG],
          summary: which === 'file' ? 'El archivo de una boleta' : 'La vista previa JPG de una boleta (imágenes)',
          description:
            'Para el dueño de la donación (con sesión o con el enlace firmado `token`) y ADMIN. ' +
            'Con `Content-Disposition`, `X-Content-Type-Options: nosniff` y sin caché compartida.',
          security: [...bearer, {}],
          params: idParamSchema,
          querystring: fileQuery,
          response: { 200: z.any().describe('El archivo'), 400: error, 401: error, 403: error, 404: error, 409: error, 429: error },
        },
      },
      async (request, reply) => {
        const file = await readAttachment(app.db, request.params.id, await accessOf(request, request.query.token), which);
        return sendFile(reply, file, which === 'preview' ? 'inline' : 'attachment');
      },
    );
  }
}
