// Security headers (helmet, with a CSP the built app runs under) and the double-submit CSRF check.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { CSRF_COOKIE, CSRF_HEADER } from '@donaciones/shared/constants';
import { holdsNoncharacter } from '@donaciones/shared/schemas/fields';
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
// Noncharacters are refused here too: no text input has a use for them, and an XML document (a FEL
// receipt) that carries one is not well-formed.
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text) || holdsNoncharacter(text);

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
    } else if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) {
      // A binary body (a slip upload) is bytes, not text, and never stored as text: walking a 5 MB
      // buffer entry by entry held the event loop for seconds.
      continue;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (unstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** helmet with the house policy: a CSP the built app runs under, no framing, HSTS behind HTTPS. */
export function securityHeaderMiddleware(cookieSecure: boolean) {
  return helmet({
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
        upgradeInsecureRequests: cookieSecure ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: cookieSecure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers a helmet middleware sets on an answer (helmet only sets and removes headers, at once),
 * as one object: what it would set on every answer when no directive is a function of the request.
 */
export function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

export default fp(async function security(app: FastifyInstance) {
  // helmet's headers are computed once here and set on every answer: none of them depends on the
  // request. (@fastify/helmet rebuilt the middleware, parsing the whole CSP, on every request; even
  // built once, the middleware rebuilt the CSP text and set each header on its own, ~2 µs of a small
  // cached answer's ~27 µs: docs/performance.md.)
  const securityHeaders = headersSetBy(securityHeaderMiddleware(app.config.cookieSecure));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // PostgreSQL cannot store the NUL character nor, in jsonb, a lone surrogate (`"\ud800"`): such a
  // text made the query fail with a 500 (found by the fuzzer). Neither has a use in any field, so
  // they are refused before validation.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsUnstorableText(request.query) || holdsUnstorableText(request.params) || holdsUnstorableText(request.body)) done(new InvalidInputError());
    else done();
  });

  app.decorate('assertCsrf', (request: FastifyRequest) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new ForbiddenError(errorMessages.csrf);
  });
});
