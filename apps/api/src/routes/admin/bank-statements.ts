// Bank reconciliation (docs/product.md#bank-deposits): read a movement file, import it with a column
// mapping saved per bank, and confirm a proposed match with one click; and a deposit's slip under review.
// ADMIN only (the folder's hook).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmStatementLineSchema,
  STATEMENT_BASE64_MAX,
  statementFileSchema,
  statementImportListSchema,
  statementImportQuerySchema,
  statementImportRequestSchema,
  statementImportSchema,
  statementLineDonationSchema,
  statementLineParamsSchema,
  depositSlipReviewSchema,
  statementPreviewSchema,
} from '@donaciones/shared/schemas/bank-statements';
import { idParamSchema } from '@donaciones/shared/schemas/common';
import { actorOf } from '../../http/auth';
import { monthlyContext } from '../../domain/monthly/monthly-gifts';
import {
  confirmStatementLine,
  importStatement,
  listStatementImports,
  previewStatement,
} from '../../domain/deposits/statements/reconciliation';
import { statementImport } from '../../domain/deposits/statements/import-view';
import { depositReviewOf } from '../../domain/deposits/slip-review';
import { donationFromLine } from '../../domain/deposits/statements/line-donation';
import { bearer, error, refusals, writeRefusals } from '../common';

/** The file travels as base64 inside JSON: room for it and the other fields. */
const FILE_BODY_LIMIT = STATEMENT_BASE64_MAX + 16 * 1024;

export default async function bankStatementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: conciliación bancaria';

  r.get(
    '/admin/donations/:id/deposit',
    {
      config: { permission: 'donations.read' },
      schema: {
        tags: ['admin: donaciones'],
        summary: 'La boleta más reciente de un depósito y lo que declaró el donante',
        description:
          'Banco, fecha, número de boleta y monto declarados; `amount_differs` si el monto no es el de la donación; `duplicates`: ' +
          'otras donaciones para las que se subió el mismo archivo (mismo sha256). `null` si no es un depósito o aún no tiene boleta.',
        security: bearer,
        params: idParamSchema,
        response: { 200: depositSlipReviewSchema.nullable(), 400: error, ...refusals },
      },
    },
    async (request) => depositReviewOf(app.db, request.params.id),
  );

  r.get(
    '/admin/bank-statements',
    {
      schema: {
        tags: [TAG],
        summary: 'Importaciones de estados de cuenta y bancos con columnas guardadas',
        security: bearer,
        response: { 200: statementImportListSchema, ...refusals },
      },
    },
    async () => listStatementImports(app.db),
  );

  r.post(
    '/admin/bank-statements/preview',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary: 'Leer un archivo de movimientos sin importarlo',
        description:
          'El archivo (CSV con `;`, `,` o tabulador; fechas dd/mm/aaaa; montos 1,234.56 o 1.234,56) va en base64. ' +
          'Responde los encabezados, las primeras filas y las columnas guardadas para el banco (o una sugerencia).',
        security: bearer,
        body: statementFileSchema,
        response: { 200: statementPreviewSchema, ...writeRefusals },
      },
    },
    async (request) => previewStatement(app.db, request.body),
  );

  r.post(
    '/admin/bank-statements',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary: 'Importar un archivo de movimientos y proponer coincidencias',
        description:
          'Guarda los créditos del archivo. `mapping` se usa y se guarda para el banco; sin él se usan las columnas guardadas. ' +
          'Un error de lectura nombra la línea del archivo. No confirma nada: cada coincidencia se confirma con su propia llamada.',
        security: bearer,
        body: statementImportRequestSchema,
        response: { 201: statementImportSchema, ...writeRefusals },
      },
    },
    async (request, reply) => {
      const { mapping, ...file } = request.body;
      const created = await importStatement(app.db, { file, mapping, actor: actorOf(request), ip: request.ip, links: monthlyContext(app) });
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/admin/bank-statements/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Una importación: movimientos con su coincidencia y depósitos pendientes sin movimiento',
        description:
          '`counts` dice cuántos movimientos tiene cada sección (propuestos, casi coinciden, sin coincidencia, confirmados) ' +
          'y cuántos depósitos pendientes no tienen movimiento. Sin `section`: la primera página de cada sección; con ' +
          '`section` (un estado o `deposits`): la página `page` de esa sección. `page_size` movimientos por página.',
        security: bearer,
        params: idParamSchema,
        querystring: statementImportQuerySchema,
        response: { 200: statementImportSchema, 400: error, ...refusals, 404: error },
      },
    },
    async (request) => statementImport(app.db, request.params.id, request.query),
  );

  r.post(
    '/admin/bank-statements/:id/lines/:lineId/confirm',
    {
      schema: {
        tags: [TAG],
        summary: 'Confirmar que un movimiento paga un depósito pendiente',
        description:
          'Aprueba la donación (auditado, con correo al donante) y marca el movimiento como confirmado. Solo una donación ' +
          'que coincide ahora (mismo monto, fecha a ±3 días); 409 si ya no coincide, ya no está pendiente o el movimiento ya fue confirmado.',
        security: bearer,
        params: statementLineParamsSchema,
        body: confirmStatementLineSchema,
        response: { 200: statementImportSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request) =>
      confirmStatementLine(app.db, {
        importId: request.params.id,
        lineId: request.params.lineId,
        donationId: request.body.donation_id,
        actor: actorOf(request),
        ip: request.ip,
      }),
  );

  r.post(
    '/admin/bank-statements/:id/lines/:lineId/donation',
    {
      schema: {
        tags: [TAG],
        summary: 'Registrar como donación un crédito sin coincidencia',
        description:
          'Para un depósito hecho sin registrar la donación: crea una donación por depósito bancario completada (con recibo, ' +
          'auditada y con correo al donante) con el monto y la fecha del movimiento y el donante escrito por el equipo; el ' +
          'movimiento queda confirmado con ella. 409 si el movimiento ya confirmó una donación o coincide con un depósito pendiente.',
        security: bearer,
        params: statementLineParamsSchema,
        body: statementLineDonationSchema,
        response: { 201: statementImportSchema, ...writeRefusals, 404: error, 409: error },
      },
    },
    async (request, reply) => {
      const answer = await donationFromLine(app.db, {
        importId: request.params.id,
        lineId: request.params.lineId,
        donor: request.body,
        actor: actorOf(request),
        ip: request.ip,
      });
      return reply.code(201).send(answer);
    },
  );
}
