// Security headers (helmet, with a CSP the built app runs under) and the double-submit CSRF check.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { CSRF_COOKIE, CSRF_HEADER } from '@donaciones/shared/constants';
import { messages } from '@donaciones/shared/messages';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws 403 unless the CSRF header equals the CSRF cookie (calls authenticated by a cookie). */
    assertCsrf: (request: FastifyRequest) => void;
  }
}

function same(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export default fp(async function security(app: FastifyInstance) {
  // helmet's middleware is built once here and applied to every answer. (@fastify/helmet rebuilt it,
  // parsing the whole CSP, on every request: a tenth of the CPU of a small API answer, issue 8.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast injects its own <style>; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: app.config.cookieSecure ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: app.config.cookieSecure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  app.decorate('assertCsrf', (request: FastifyRequest) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new AppError(403, messages.api.csrf);
  });
});
