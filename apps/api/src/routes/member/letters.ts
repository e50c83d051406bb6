// A sponsor's letters (docs/product.md#sponsorship-letters): their letters with each one's state, the
// child's approved replies, writing a letter and adding its optional photo. Only the caller's own
// sponsorships: any other answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { letterFileParamsSchema, letterInputSchema, ownLetterSchema, ownLettersSchema, sponsorshipParamsSchema } from '@donaciones/shared/schemas/letters';
import { actorOf, signedInUser } from '../../http/auth';
import { ownLetters, writeLetter } from '../../domain/sponsorship/letters';
import { attachLetterFile, readLetterFile } from '../../domain/sponsorship/letter-files';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';
import { LETTER_FILE_TYPE, bodyFile, fileTypeRefused, sendLetterFile, uploadScope } from '../letter-upload';

export default async function memberLetterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me/sponsorships/:sponsorshipId/letters',
    {
      schema: {
        tags: [TAG],
        summary: 'Cartas con mi ahijado/a',
        description:
          'Las cartas propias con su estado (en revisión, devuelta con motivo, aprobada, entregada) y las respuestas de la niña o el niño ' +
          'ya aprobadas por el equipo, con su texto aprobado y su traducción. Un apadrinamiento ajeno o inexistente responde 404.',
        security: bearer,
        params: sponsorshipParamsSchema,
        response: { 200: ownLettersSchema, ...guarded, 404: error },
      },
    },
    async (request) => ownLetters(app.db, signedInUser(request).id, request.params.sponsorshipId),
  );

  r.post(
    '/users/me/sponsorships/:sponsorshipId/letters',
    {
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Escribir una carta a mi ahijado/a',
        description:
          'La carta entra en revisión: el equipo retira los datos de contacto (correo, teléfono, redes, dirección, enlaces) antes de ' +
          'entregarla. Solo con el apadrinamiento activo (si no, 409).',
        security: bearer,
        params: sponsorshipParamsSchema,
        body: letterInputSchema,
        response: { 201: ownLetterSchema, ...guarded, 404: error, 409: error, 429: error },
      },
    },
    async (request, reply) => {
      const letter = await writeLetter(app.db, { actor: actorOf(request), sponsorshipId: request.params.sponsorshipId, body: request.body.body, ip: request.ip });
      return reply.status(201).send(letter);
    },
  );

  await uploadScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/users/me/letters/:id/photo',
      {
        config: limited(app, 20),
        schema: {
          tags: [TAG],
          summary: 'Agregar una foto a mi carta en revisión',
          description: `El cuerpo es la imagen (JPG, PNG o HEIC, hasta 5 MB), con \`Content-Type: ${LETTER_FILE_TYPE}\`; se vuelve a codificar sin metadatos.`,
          security: bearer,
          params: idParamSchema,
          response: { 201: z.object({ contentType: z.string(), sizeBytes: z.number().int() }), ...guarded, 404: error, 409: error, 413: error, 415: error, 429: error },
        },
      },
      async (request, reply) => {
        const file = bodyFile(request.body);
        if (!file) return fileTypeRefused(reply);
        const user = signedInUser(request);
        const saved = await attachLetterFile(app.db, { actor: actorOf(request), letterId: request.params.id, purpose: 'photo', file, sponsorUserId: user.id, ip: request.ip });
        return reply.status(201).send(saved);
      },
    );
  });

  r.get(
    '/users/me/letters/:id/:purpose',
    {
      schema: {
        tags: [TAG],
        summary: 'La foto de mi carta o la carta escaneada de una respuesta aprobada',
        description: 'Solo de un apadrinamiento propio; una respuesta, solo aprobada. Si no, 404.',
        security: bearer,
        params: letterFileParamsSchema,
        response: { ...guarded, 404: error },
      },
    },
    async (request, reply) =>
      sendLetterFile(reply, await readLetterFile(app.db, { letterId: request.params.id, purpose: request.params.purpose, sponsorUserId: signedInUser(request).id })),
  );
}
