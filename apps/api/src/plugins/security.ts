// Security headers (helmet, with a CSP the built app runs under) and the double-submit CSRF check.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { CSRF_COOKIE, CSRF_HEADER } from '@donaciones/shared/constants';
import { errorMessages } from '../messages/errors';
import { ForbiddenError, InvalidInputError } from '../errors';

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

/** NUL, or half of a surrogate pair (a string that is not well-formed UTF-16). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * True when a string, key or nested value holds text PostgreSQL cannot store (walked without
 * recursion: bodies may nest deeply).
 */
export function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (unstorable(current)) return true;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export default fp(async function security(app: FastifyInstance) {
  // helmet's middleware is built once here and applied to every answer. (@fastify/helmet rebuilt it,
  // parsing the whole CSP, on every request: a tenth of the CPU of a small API answer.)
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

  // PostgreSQL cannot store the NUL character nor, in jsonb, a lone surrogate (`"\ud800"`): such a
  // text made the query fail with a 500 (found by the fuzzer). Neither has a use in any field, so
  // they are refused before validation.
  app.addHook('preValidation', async (request) => {
    if (holdsUnstorableText(request.query) || holdsUnstorableText(request.params) || holdsUnstorableText(request.body)) {
      throw new InvalidInputError();
    }
  });

  app.decorate('assertCsrf', (request: FastifyRequest) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new ForbiddenError(errorMessages.csrf);
  });
});
