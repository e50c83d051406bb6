// Children's sponsorship, public side (docs/product.md#sponsorship): the waiting children, a waiting
// child's profile, the photo (only while a current consent covers it, never indexed), the hold of a
// place and the sponsor's start. Every child leaves through publicChildSchema, which keeps only the
// fields declared public in packages/shared/src/schemas/sponsorship.ts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import {
  holdRequestSchema,
  holdResponseSchema,
  publicChildSchema,
  publicChildrenQuerySchema,
  publicChildrenResponseSchema,
  sponsorStartResponseSchema,
  sponsorStartSchema,
} from '@donaciones/shared/schemas/sponsorship';
import { holdPlace, waitingChild, waitingChildren } from '../domain/sponsorship/places';
import { servedPhoto } from '../domain/sponsorship/photos';
import { startSponsorship } from '../domain/sponsorship/start';
import { offerOfLink, sponsorshipOfLink } from '../domain/sponsorship/child-left-offers';
import { chooseOffer } from '../domain/sponsorship/offer-choice';
import { monthlyContext } from '../domain/monthly/monthly-gifts';
import { childLeftOfferSchema, offerChoiceResponseSchema, offerChoiceSchema, offerLinkQuerySchema } from '@donaciones/shared/schemas/sponsorship-lifecycle';
import { signedLinks } from '../platform/signed-links';
import { bearer, error, limited } from './common';

const TAG = 'apadrinamiento';

/** A child's photo: never cached by others, never indexed, never run as anything but an image. */
export function sendPhoto(reply: FastifyReply, photo: { contentType: string; data: Buffer }) {
  return reply
    .header('content-type', photo.contentType)
    .header('x-robots-tag', 'noindex, nofollow, noimageindex')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(photo.data);
}

export default async function sponsorshipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = signedLinks(app.config.jwtSecret);

  r.get(
    '/sponsorship/children',
    {
      schema: {
        tags: [TAG],
        summary: 'Niñas y niños en la lista de espera (quien más espera primero), con filtros por edad, departamento y programa',
        description: 'Solo los campos públicos: primer nombre, edad, departamento, programa, historia aprobada y foto con consentimiento vigente.',
        querystring: publicChildrenQuerySchema,
        response: { 200: publicChildrenResponseSchema, 400: error },
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return waitingChildren(app.db, request.query);
    },
  );

  r.get(
    '/sponsorship/children/:id',
    { schema: { tags: [TAG], summary: 'Perfil público de una niña o un niño que espera padrino', params: idParamSchema, response: { 200: publicChildSchema, 400: error, 404: error } } },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return waitingChild(app.db, request.params.id);
    },
  );

  r.get(
    '/sponsorship/photos/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: [TAG],
        summary: 'Foto de una niña o un niño (solo con consentimiento vigente; nunca indexada)',
        description:
          'A cualquiera mientras su perfil público se muestra (espera padrino y tiene un lugar libre); a quien la reserva (hold: el token de su reserva vigente); a su padrino con sesión; al personal de apadrinamiento. A nadie más, ni sin consentimiento vigente: 404, como una foto que no existe.',
        security: [...bearer, {}],
        params: idParamSchema,
        querystring: z.object({ hold: z.string().max(200).optional().describe('El token de la reserva (página /apadrina/reserva)') }),
        response: { 200: z.any().describe('La imagen (JPG o PNG), sin metadatos'), 400: error, 404: error },
      },
    },
    async (request, reply) =>
      sendPhoto(reply, await servedPhoto(app.db, request.params.id, { userId: request.user?.id ?? null, roles: request.user?.roles, holdToken: request.query.hold })),
  );

  r.post(
    '/sponsorship/holds',
    {
      preHandler: app.optionalAuth,
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Reservar el lugar de una niña o un niño (o "Donde más se necesite": childId null) mientras se paga',
        description:
          'La reserva dura los minutos de la configuración (30 por omisión). Dos personas nunca toman el mismo lugar. 409 con una sola respuesta para toda niña o niño que no se puede reservar ahora (id desconocido, no espera, periodo de gracia, todos sus lugares tomados), para que la respuesta no diga si un id existe; también 409 cuando nadie espera ("Donde más se necesite") o cuando esta conexión ya reservó el máximo de lugares sin pagar.',
        security: [...bearer, {}],
        body: holdRequestSchema,
        response: { 201: holdResponseSchema, 400: error, 409: error, 429: error },
      },
    },
    async (request, reply) => reply.status(201).send(await holdPlace(app.db, { childId: request.body.childId, userId: request.user?.id ?? null, replaces: request.body.replaces, ip: request.ip })),
  );

  r.post(
    '/sponsorship/holds/:token/start',
    {
      preHandler: app.optionalAuth,
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Apadrinar: la donación mensual de la reserva, con el código de conducta aceptado',
        description: 'Abre la donación mensual por el monto de la configuración. Cuando su primer pago se completa, el apadrinamiento queda activo.',
        security: [...bearer, {}],
        params: z.object({ token: z.string().min(10).max(100) }),
        body: sponsorStartSchema,
        response: { 201: sponsorStartResponseSchema, 400: error, 402: error, 404: error, 409: error, 422: error, 429: error, 502: error, 503: error },
      },
    },
    async (request, reply) => {
      const actor = request.user ? { id: request.user.id, email: request.user.email } : null;
      const started = await startSponsorship(app.db, { token: request.params.token, body: request.body, actor, ip: request.ip, payments: app.payments, links });
      return reply.status(201).send(started);
    },
  );

  // The child-left choice of a sponsor without an account, from the signed link of its email
  // (/apadrina/eleccion?token=…): the same three choices as "Mi ahijado/a", for that one sponsorship.
  r.get(
    '/sponsorship/offer',
    {
      config: limited(app, 60),
      schema: {
        tags: [TAG],
        summary: 'La elección pendiente del enlace firmado (su niña o niño salió del programa)',
        description: 'Sin iniciar sesión: el token del correo abre solo ese apadrinamiento. Token alterado, vencido o de otro uso: 401; elección ya hecha o vencida: 409.',
        querystring: offerLinkQuerySchema,
        response: { 200: childLeftOfferSchema, 400: error, 401: error, 409: error, 429: error },
      },
    },
    async (request) => offerOfLink(app.db, links, request.query.token),
  );

  r.post(
    '/sponsorship/offer/choice',
    {
      config: limited(app, 20),
      schema: {
        tags: [TAG],
        summary: 'Elegir cómo seguir, desde el enlace firmado',
        description:
          'another_child: el mismo aporte mensual pasa a un apadrinamiento activo de otro niño o niña que espera (childId null: quien más tiempo lleva ' +
          'esperando), sin nuevo pago; keep_giving: el aporte sigue a "Donde más se necesite"; cancel: se cancela el aporte (en la pasarela también). Queda en la bitácora.',
        querystring: offerLinkQuerySchema,
        body: offerChoiceSchema,
        response: { 200: offerChoiceResponseSchema, 400: error, 401: error, 404: error, 409: error, 429: error, 502: error },
      },
    },
    async (request) => {
      const sponsorshipId = await sponsorshipOfLink(links, request.query.token);
      return chooseOffer(app.db, monthlyContext(app), { userId: null, sponsorshipId, actor: null, ip: request.ip }, request.body);
    },
  );
}
