// Imports from spreadsheets (docs/product.md#imports): read a CSV or XLSX file and guess its columns, then a
// dry run that lists what each line would do, then the import. donors.manage (the area's permission).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMPORT_BASE64_MAX, importFileSchema, importPreviewSchema, importResultSchema, importRunSchema } from '@donaciones/shared/schemas/imports';
import { actorOf } from '../../http/auth';
import { previewImport, runImport } from '../../domain/imports/run-import';
import { bearer, writeRefusals } from '../common';

/** The file travels as base64 inside JSON: room for it and the mapping. */
const FILE_BODY_LIMIT = IMPORT_BASE64_MAX + 16 * 1024;

export default async function importRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const TAG = 'admin: importar';

  r.post(
    '/admin/imports/preview',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary: 'Leer un archivo CSV o XLSX sin importarlo',
        description: 'Responde los encabezados, las primeras filas y una sugerencia de la columna de cada dato según `kind`.',
        security: bearer,
        body: importFileSchema,
        response: { 200: importPreviewSchema, ...writeRefusals },
      },
    },
    async (request) => previewImport(request.body),
  );

  r.post(
    '/admin/imports',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags: [TAG],
        summary: 'Revisar (dry_run) o importar donantes, donaciones pasadas o donantes mensuales por transferencia',
        description:
          'Cada línea responde `created`, `matched` (donante existente), `repeated` (ya importada: no agrega nada) o `refused` con el motivo. ' +
          'Con `dry_run: true` (lo predeterminado) nada se guarda. Las donaciones importadas no envían correos ni se certifican.',
        security: bearer,
        body: importRunSchema,
        response: { 200: importResultSchema, 201: importResultSchema, ...writeRefusals },
      },
    },
    async (request, reply) => {
      const { mapping, dry_run, ...file } = request.body;
      const result = await runImport(app.db, { file, mapping, dryRun: dry_run, actor: actorOf(request), ip: request.ip });
      return reply.code(dry_run ? 200 : 201).send(result);
    },
  );
}
