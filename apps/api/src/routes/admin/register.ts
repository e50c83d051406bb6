// The register (Contabilidad) and the monthly close (docs/product.md#the-register-and-the-close).
// register.read for the register and its files; close.manage for the close. Rules in domain/accounting/.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closeCheckSchema,
  monthParamSchema,
  REGISTER_PAGE_ROWS,
  registerExportQuerySchema,
  registerQuerySchema,
  registerSchema,
} from '@donaciones/shared/schemas/accounting';
import { actorOf } from '../../http/auth';
import { type CloseCheck, checkMonth, closeMonth } from '../../domain/accounting/close';
import { type Movement, type RegisterTotal, registerBatches, registerTotals } from '../../domain/accounting/register';
import { registerCsv, registerXlsx } from '../../domain/accounting/register-files';
import { audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import { bearer, error, limited, refusals, writeRefusals } from '../common';

const movementOut = (m: Movement) => ({
  at: m.at.toISOString(),
  kind: m.kind,
  donation_id: m.donationId,
  reference: m.reference,
  donor: m.donor,
  nit: m.nit,
  method: m.method,
  currency: m.currency,
  gross_cents: m.grossCents,
  fee_cents: m.feeCents,
  vat_cents: m.vatCents,
  net_cents: m.netCents,
  gtq_net_cents: m.gtqNetCents,
  designation: m.designation,
  receipt_series: m.receiptSeries,
  receipt_number: m.receiptNumber,
  fel_uuid: m.felUuid,
});
const totalOut = (t: RegisterTotal) => ({
  key: t.key,
  label: t.label,
  count: t.count,
  gross_cents: t.grossCents,
  fee_cents: t.feeCents,
  vat_cents: t.vatCents,
  net_cents: t.netCents,
});
const checkOut = (c: CloseCheck) => ({
  month: c.month,
  received_cents: c.receivedCents,
  received_count: c.receivedCount,
  certified_cents: c.certifiedCents,
  certified_count: c.certifiedCount,
  imported_cents: c.importedCents,
  imported_count: c.importedCount,
  ties: c.ties,
  mismatches: c.mismatches.map((m) => ({
    kind: m.kind,
    donation_id: m.donationId,
    reference: m.reference,
    donor: m.donor,
    date: m.date,
    amount_cents: m.amountCents,
    currency: m.currency,
    receipt: m.receipt,
  })),
  closed: c.closed,
});

function sendStream(reply: FastifyReply, type: string, name: string, body: Readable) {
  return reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(body);
}

export default async function adminRegisterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: contabilidad';

  r.get(
    '/admin/register',
    {
      schema: {
        tags: [TAG],
        summary: 'Registro contable del periodo',
        description:
          'Cada movimiento de dinero (donación, reembolso, anulación) entre `from` y `to` (días de Guatemala, incluidos), con comisión, ' +
          `IVA retenido y neto; los primeros ${REGISTER_PAGE_ROWS} movimientos y los totales por moneda, método y destino (en quetzales).`,
        security: bearer,
        querystring: registerQuerySchema,
        response: { 200: registerSchema, 400: error, ...refusals },
      },
    },
    async (request) => {
      const period = request.query;
      const batches = registerBatches(app.db, period, REGISTER_PAGE_ROWS);
      const first = await batches.next();
      await batches.return(undefined);
      const totals = await registerTotals(app.db, period);
      return {
        ...period,
        movements: first.done ? [] : first.value.map(movementOut),
        count: totals.count,
        totals: { by_currency: totals.byCurrency.map(totalOut), by_method: totals.byMethod.map(totalOut), by_program: totals.byProgram.map(totalOut) },
      };
    },
  );

  r.get(
    '/admin/register/export',
    {
      config: limited(app, 10),
      schema: {
        tags: [TAG],
        summary: 'Descargar el registro contable (CSV o Excel)',
        description: 'Una fila por movimiento, importes como números. Se envía por partes: un año de movimientos no se guarda en memoria.',
        security: bearer,
        querystring: registerExportQuerySchema,
        response: { 400: error, ...refusals, 429: error },
      },
    },
    async (request, reply) => {
      const { from, to, format, delimiter } = request.query;
      await audit(app.db, { actor: actorOf(request), action: 'accounting.register_exported', entityType: 'register', entityId: `${from}/${to}`, details: { format }, ip: request.ip });
      const name = `contabilidad-${from}-a-${to}.${format}`;
      if (format === 'csv') return sendStream(reply, 'text/csv; charset=utf-8', name, registerCsv(app.db, { from, to }, delimiter));
      const org = await getSettings(app.db, 'organization');
      return sendStream(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name, registerXlsx(app.db, { from, to }, org.name));
    },
  );

  r.get(
    '/admin/close/:month',
    {
      config: { permission: 'close.manage' },
      schema: {
        tags: [TAG],
        summary: 'Revisión del cierre mensual',
        description:
          'Recibos certificados contra dinero recibido en el mes, y lo que no cuadra: donación sin recibo, recibo sin dinero, ' +
          'depósito o transferencia de oficina sin línea del estado de cuenta, y depósito o transferencia de oficina aún por verificar.',
        security: bearer,
        params: monthParamSchema,
        response: { 200: closeCheckSchema, 400: error, ...refusals },
      },
    },
    async (request) => checkOut(await checkMonth(app.db, request.params.month)),
  );

  r.post(
    '/admin/close/:month',
    {
      config: { permission: 'close.manage' },
      schema: {
        tags: [TAG],
        summary: 'Cerrar el mes',
        description: 'Solo un mes terminado. Después nada con fecha hasta el fin del mes se modifica, salvo una corrección en el mes abierto. Queda en la auditoría.',
        security: bearer,
        params: monthParamSchema,
        response: { 200: closeCheckSchema, ...writeRefusals, 409: error },
      },
    },
    async (request) => checkOut(await closeMonth(app.db, request.params.month, actorOf(request))),
  );
}
