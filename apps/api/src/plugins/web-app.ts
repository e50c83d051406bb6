// Serves the built React app from the same process; every non-API path gets the SPA's index.html.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '../messages/errors';

const here = path.dirname(fileURLToPath(import.meta.url));

function findWebDist(configured?: string): string | null {
  const candidates = configured
    ? [path.resolve(configured)]
    : [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist'), path.resolve(process.cwd(), 'apps/web/dist')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

export default fp(async function webApp(app: FastifyInstance) {
  const root = findWebDist(app.config.webDist);
  let indexHtml: string | null = null;
  if (root) {
    indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // The .br and .gz copies made at build time (apps/web/scripts/compress.mjs) are sent by
      // Accept-Encoding with `Vary: accept-encoding` and the original's Content-Type; nothing is
      // compressed per request.
      preCompressed: true,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn('apps/web/dist no existe: ejecuta `npm run build` para servir la aplicación web');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: errorMessages.notFound });
    }
    // Without a build (API-only deployments, or tests before `npm run build`) there is no page to serve.
    if (!indexHtml) return reply.status(404).send({ detail: 'La aplicación web no está construida (npm run build).' });
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
});
