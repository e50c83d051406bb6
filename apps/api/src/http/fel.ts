// The receipt certifier of this process, from FEL_PROVIDER (decision 0021): null while certification is
// off, else Infile's client.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FelCertifier } from '../domain/receipts/fel/certifier';
import { infileCertifier } from '../domain/receipts/fel/infile';

declare module 'fastify' {
  interface FastifyInstance {
    fel: FelCertifier | null;
  }
}

export default fp(async function fel(app: FastifyInstance) {
  const config = app.config.fel;
  app.decorate('fel', config.provider === 'infile' ? infileCertifier(config) : null);
});
