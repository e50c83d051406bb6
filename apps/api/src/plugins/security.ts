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

/** True when a string, key or nested value holds U+0000 (walked without recursion: bodies may nest deeply). */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
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

  // PostgreSQL cannot store the NUL character: a text holding one made the query fail (a 500, found
  // by the fuzzer with `?q=%00`). It has no use in any field, so it is refused before validation.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) throw new AppError(400, messages.api.invalidInput);
  });

  app.decorate('assertCsrf', (request: FastifyRequest) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new AppError(403, messages.api.csrf);
  });
});
