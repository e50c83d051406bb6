// The member's own account: profile, preferences and password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { messageResponseSchema } from '@donaciones/shared/schemas/common';
import {
  changePasswordSchema,
  preferencesSchema,
  profileSchema,
  updatePreferencesSchema,
  updateProfileSchema,
} from '@donaciones/shared/schemas/profile';
import { actorOf, signedInUser } from '../../http/auth';
import { counterThrottle } from '../../domain/accounts/auth';
import { changePassword, getPreferences, getProfile, updatePreferences, updateProfile } from '../../domain/accounts/profile';
import { MEMBER_TAG as TAG, bearer, error, guarded, limited } from '../common';
import memberSecurityRoutes from './security';

export default async function memberAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = counterThrottle(app.counters, app.config.rateLimitEnabled);
  await app.register(memberSecurityRoutes);

  r.get(
    '/users/me/profile',
    { schema: { tags: [TAG], summary: 'Perfil propio', security: bearer, response: { 200: profileSchema, 401: error } } },
    async (request) => getProfile(app.db, signedInUser(request).id),
  );

  r.put(
    '/users/me/profile',
    {
      config: limited(app, 30),
      schema: {
        tags: [TAG],
        summary: 'Actualizar el perfil propio',
        description:
          'first_name y last_name requeridos (2 a 100); phone opcional con el patrón de Guatemala (+502 opcional, al menos 8 dígitos); ' +
          'address hasta 255. El email no se cambia aquí: enviarlo distinto responde 400 «El email no se puede cambiar desde aquí...».',
        security: bearer,
        body: updateProfileSchema,
        response: { 200: profileSchema, ...guarded, 429: error },
      },
    },
    async (request) => updateProfile(app.db, { userId: signedInUser(request).id, data: request.body, ip: request.ip }),
  );

  r.get(
    '/users/me/preferences',
    { schema: { tags: [TAG], summary: 'Preferencias propias', security: bearer, response: { 200: preferencesSchema, 401: error } } },
    async (request) => getPreferences(app.db, signedInUser(request).id),
  );

  r.put(
    '/users/me/preferences',
    {
      config: limited(app, 30),
      schema: {
        tags: [TAG],
        summary: 'Guardar preferencias propias',
        description:
          'Cada parte es opcional y lo que no se envía conserva su valor. privacy_settings.show_donations_publicly permite que las ' +
          'páginas públicas muestren el nombre completo del donante; el correo se muestra siempre enmascarado (docs/product.md#donor-privacy). ' +
          'communication_preferences.email_notifications en false deja de enviar por correo el agradecimiento y el recibo de cada donación en línea y ' +
          'de cada cobro mensual (no los demás correos); privacy_settings.allow_contact es el consentimiento de correo del registro de donante ' +
          'vinculado a la cuenta, que se guarda allí con la fecha y el origen «perfil» (docs/product.md#email, #donors).',
        security: bearer,
        body: updatePreferencesSchema,
        response: { 200: preferencesSchema, ...guarded, 429: error },
      },
    },
    async (request) => updatePreferences(app.db, { actor: actorOf(request), data: request.body, ip: request.ip }),
  );

  r.post(
    '/user/change-password',
    {
      schema: {
        tags: [TAG],
        summary: 'Cambiar la contraseña propia',
        description:
          'Verifica current_password (400 «La contraseña actual no es correcta.» si no coincide); new_password: 8+ caracteres con ' +
          'mayúscula, minúscula y número. Cierra las demás sesiones de la cuenta; la actual sigue activa. Tras 10 intentos ' +
          'fallidos en 15 minutos responde 429.',
        security: bearer,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, ...guarded, 429: error },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await changePassword(app.db, { userId: user.id, sessionId: user.sessionId, data: request.body, ip: request.ip }, throttle);
      return { message: screensMessages.passwordChanged };
    },
  );
}
