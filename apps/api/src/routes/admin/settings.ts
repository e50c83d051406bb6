// The settings the staff edits: system, organisation data, fiscal identity, impact factors, donor levels,
// slips, the email rate and sponsorship.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemSettingsUpdateSchema } from '@donaciones/shared/schemas/admin';
import {
  impactSettingsFormSchema,
  impactSettingsSchema,
  levelSettingsFormSchema,
  levelSettingsSchema,
  organizationSettingsSchema,
  systemSettingsSchema,
} from '@donaciones/shared/schemas/settings';
import { fiscalSettingsAnswerSchema, fiscalSettingsSchema } from '@donaciones/shared/schemas/fiscal';
import { slipStorageAnswerSchema, slipStorageSettingsSchema } from '@donaciones/shared/schemas/deposits';
import { emailDeliverySettingsSchema } from '@donaciones/shared/schemas/email-delivery';
import { sponsorshipSettingsSchema } from '@donaciones/shared/schemas/sponsorship';
import { actorOf } from '../../http/auth';
import { updateSettings } from '../../domain/content/content';
import { saveFiscalSettings } from '../../domain/receipts/fiscal';
import { saveSponsorshipSettings } from '../../domain/sponsorship/amount-settings';
import { slipStorageUsage } from '../../domain/deposits/slip-storage';
import { getFiscalSettings, getSettings } from '../../platform/settings';
import { bearer, refusals, writeRefusals } from '../common';

const FISCAL_BODY_LIMIT = 256 * 1024;

export default async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const SETTINGS = 'admin: configuración';

  r.get(
    '/admin/settings',
    {
      schema: { tags: [SETTINGS], summary: 'Configuración del sistema', security: bearer, response: { 200: systemSettingsSchema, ...refusals } },
    },
    async () => getSettings(app.db, 'system'),
  );

  r.put(
    '/admin/settings',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar la configuración del sistema',
        description:
          'Nombre y correo de contacto requeridos; montos mínimo y máximo enteros de al menos 1, el mínimo no mayor que el máximo. ' +
          'El modo de mantenimiento rechaza donaciones nuevas. `pending_expiry_days` (días para que expire una donación pendiente) es opcional. ' +
          '`checkout_programs` (opcional) hace que el formulario público pregunte a qué programa va la donación.',
        security: bearer,
        body: systemSettingsUpdateSchema,
        response: { 200: systemSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => {
      const current = await getSettings(app.db, 'system');
      const value = {
        ...request.body,
        pending_expiry_days: request.body.pending_expiry_days ?? current.pending_expiry_days,
        checkout_programs: request.body.checkout_programs ?? current.checkout_programs,
      };
      return updateSettings(app.db, { key: 'system', value, actor: actorOf(request), ip: request.ip });
    },
  );

  r.get(
    '/admin/organization',
    { config: { permission: 'content.manage' }, schema: { tags: [SETTINGS], summary: 'Datos de la organización', security: bearer, response: { 200: organizationSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'organization'),
  );

  r.put(
    '/admin/organization',
    {
      config: { permission: 'content.manage' },
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
    '/admin/settings/fiscal',
    {
      config: { permission: 'fiscal.manage' },
      schema: { tags: [SETTINGS], summary: 'Datos fiscales de los recibos', security: bearer, response: { 200: fiscalSettingsAnswerSchema, ...refusals } },
    },
    async () => getFiscalSettings(app.db),
  );

  r.put(
    '/admin/settings/fiscal',
    {
      // A signature image of up to 100 KB travels in base64 inside the JSON body.
      bodyLimit: FISCAL_BODY_LIMIT,
      config: { permission: 'fiscal.manage' },
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los datos fiscales de los recibos',
        description:
          'Nombre legal, NIT de la organización (con su dígito verificador), domicilio fiscal, inscripción, texto de deducibilidad, ' +
          'nombre y cargo de quien firma, firma escaneada opcional (`signatureImage`: PNG o JPEG en base64, hasta 100 KB, ' +
          'comprobada por su contenido), serie de los recibos y fecha de la constancia anual (`MM-DD`).',
        security: bearer,
        body: fiscalSettingsSchema,
        response: { 200: fiscalSettingsAnswerSchema, ...writeRefusals },
      },
    },
    async (request) => saveFiscalSettings(app.db, { value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/impact',
    { config: { permission: 'content.manage' }, schema: { tags: [SETTINGS], summary: 'Factores de impacto', security: bearer, response: { 200: impactSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'impact'),
  );

  r.put(
    '/admin/impact',
    {
      config: { permission: 'content.manage' },
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los factores de impacto',
        description: 'Quetzales de donaciones completadas por niño, comida, beca y hora de evangelización.',
        security: bearer,
        body: impactSettingsFormSchema,
        response: { 200: impactSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'impact', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/levels',
    { config: { permission: 'content.manage' }, schema: { tags: [SETTINGS], summary: 'Niveles de donante', security: bearer, response: { 200: levelSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'levels'),
  );

  r.put(
    '/admin/levels',
    {
      config: { permission: 'content.manage' },
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los niveles de donante',
        description: 'Nombres y umbrales en quetzales, en orden creciente.',
        security: bearer,
        body: levelSettingsFormSchema,
        response: { 200: levelSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'levels', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/settings/slip-storage',
    {
      config: { permission: 'donations.read' },
      schema: {
        tags: [SETTINGS],
        summary: 'Almacenamiento de boletas',
        description: 'Los límites (por donación y total, en MB), los días de retención y lo que ocupan las boletas ahora; `warning` desde el 80% del total.',
        security: bearer,
        response: { 200: slipStorageAnswerSchema, ...refusals },
      },
    },
    async () => slipStorageUsage(app.db),
  );

  r.put(
    '/admin/settings/slip-storage',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar los límites de las boletas',
        description:
          'per_donation_mb entre 5 y 500, total_mb entre 10 y 1,000,000 (no menor que el de una donación), retention_days entre 7 y 3650. ' +
          'Los límites aplican a las boletas nuevas; las guardadas no se borran al bajarlos.',
        security: bearer,
        body: slipStorageSettingsSchema,
        response: { 200: slipStorageAnswerSchema, ...writeRefusals },
      },
    },
    async (request) => {
      await updateSettings(app.db, { key: 'slipStorage', value: request.body, actor: actorOf(request), ip: request.ip });
      return slipStorageUsage(app.db);
    },
  );

  r.get(
    '/admin/settings/email-delivery',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Ritmo de envío de correos',
        description: 'per_minute: correos enviados por minuto como máximo entre todos los procesos; sent_retention_days: días que se guardan los correos enviados.',
        security: bearer,
        response: { 200: emailDeliverySettingsSchema, ...refusals },
      },
    },
    async () => getSettings(app.db, 'emailDelivery'),
  );

  r.put(
    '/admin/settings/email-delivery',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar el ritmo de envío de correos',
        description:
          'per_minute entre 1 y 10,000 (lo que acepta el servidor de correo; aplica desde el siguiente envío), sent_retention_days entre 7 ' +
          'y 3650 (los correos enviados más antiguos se borran cada hora; los pendientes y fallidos se guardan). Queda en la bitácora.',
        security: bearer,
        body: emailDeliverySettingsSchema,
        response: { 200: emailDeliverySettingsSchema, ...writeRefusals },
      },
    },
    async (request) => updateSettings(app.db, { key: 'emailDelivery', value: request.body, actor: actorOf(request), ip: request.ip }),
  );

  r.get(
    '/admin/settings/sponsorship',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Apadrinamiento',
        description:
          'monthly_amount: cuota mensual de un apadrinamiento en quetzales; hold_minutes: minutos que un lugar elegido queda reservado mientras se paga; ' +
          'holds_per_connection: lugares reservados sin pagar a la vez desde una misma dirección de internet.',
        security: bearer,
        response: { 200: sponsorshipSettingsSchema, ...refusals },
      },
    },
    async () => getSettings(app.db, 'sponsorship'),
  );

  r.put(
    '/admin/settings/sponsorship',
    {
      schema: {
        tags: [SETTINGS],
        summary: 'Guardar el apadrinamiento',
        description:
          'monthly_amount entero entre 1 y 100,000 quetzales (lo muestran las páginas públicas y se cobra a los apadrinamientos nuevos; ' +
          'los que ya están en curso conservan su cuota), hold_minutes entero entre 5 y 1440, holds_per_connection entero entre 1 y 200. ' +
          'program_amounts: la cuota de cada programa (un programa sin ella usa la general) y birthday_gift_amount: el regalo de ' +
          'cumpleaños sugerido, ambos dentro de los montos mínimo y máximo de donación. Queda en la bitácora.',
        security: bearer,
        body: sponsorshipSettingsSchema,
        response: { 200: sponsorshipSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => saveSponsorshipSettings(app.db, { value: request.body, actor: actorOf(request), ip: request.ip }),
  );
}
