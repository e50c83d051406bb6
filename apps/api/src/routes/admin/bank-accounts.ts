// The organisation's bank accounts (docs/product.md#bank-deposits): staff add, edit, order and hide
// them; the visible ones are shown on the deposit instructions. ADMIN, by the hook of this folder.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankAccountsSettingsSchema } from '@donaciones/shared/schemas/deposits';
import { actorOf } from '../../http/auth';
import { updateSettings } from '../../domain/content/content';
import { getSettings } from '../../platform/settings';
import { bearer, refusals, writeRefusals } from '../common';

export default async function adminBankAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: configuración';

  r.get(
    '/admin/settings/bank-accounts',
    { schema: { tags: [TAG], summary: 'Cuentas bancarias de la organización', security: bearer, response: { 200: bankAccountsSettingsSchema, ...refusals } } },
    async () => getSettings(app.db, 'bankAccounts'),
  );

  r.put(
    '/admin/settings/bank-accounts',
    {
      schema: {
        tags: [TAG],
        summary: 'Guardar las cuentas bancarias',
        description:
          'La lista completa, hasta 10 cuentas: banco, tipo (monetaria o ahorro), número, titular, oculta y orden. ' +
          'Se guardan en el orden de `sortOrder` (renumerado desde 0). Las visibles se muestran a quien dona por depósito.',
        security: bearer,
        body: bankAccountsSettingsSchema,
        response: { 200: bankAccountsSettingsSchema, ...writeRefusals },
      },
    },
    async (request) => {
      const accounts = [...request.body.accounts]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((a, i) => ({ ...a, sortOrder: i }));
      return updateSettings(app.db, { key: 'bankAccounts', value: { accounts }, actor: actorOf(request), ip: request.ip });
    },
  );
}
