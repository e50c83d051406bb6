// Options of the HTTP server itself, set when the app is built: which proxies tell the client's
// address, what the request log may contain, and the answer to requests too malformed to route.
import { writeSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorMessages } from '../messages/errors';

/**
 * Fastify ignores X-Forwarded-For when given a bare hop count (it cannot tell a proxy from a client
 * that sent the header itself), so the count becomes a function: the socket's peer and the next
 * `hops - 1` entries from the right are proxies; the entry after them is the client. Whatever a
 * client writes further left is never read. Only safe when the app is reachable through the proxies
 * alone (README.md, "Configuration").
 */
export function trustProxyOption(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || (Array.isArray(setting) && setting.length === 0)) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Query parameters whose values are secrets: email links carry `token`, clients may send others. */
const SECRET_PARAM = /^(?:.*token.*|password|secret|code|signature|sig|key|api_key|apikey)$/i;

/** `/reset-password?token=abc&next=/x` -> `/reset-password?token=[REDACTED]&next=/x`, for the log. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_PARAM.test(name.trim()) && eq >= 0 ? `${rawName}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

/** What the log says of a request: what it asks and from where, never its headers. */
export function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Pino options of the request log. A request is logged by `requestFields` and an answer by its
 * status (Fastify's own serializer), never by their headers, so no token, cookie or Set-Cookie can
 * reach the log. (Pino's `redact` paths for those headers cost a tenth of the CPU of a small answer
 * and never matched anything after these serializers.)
 */
export function loggerOptions(level: Config['logLevel']) {
  return { level, serializers: { req: requestFields } };
}

const base = { pid: process.pid, hostname: hostname() };

export interface LogDestination {
  write(line: string): unknown;
}

const pipeFull = new Int32Array(new SharedArrayBuffer(4));

/**
 * The log's destination: each line written to the file descriptor at once, whole, before the call
 * returns, as pino's default (sonic-boom, synchronous) does, without its buffering bookkeeping, which
 * cost ~5 µs per line here, a sixth of a small cached answer (docs/decisions/0028-request-log-line-writer.md).
 * A pipe that is full (EAGAIN) is waited for; a short write is completed.
 */
export function syncLines(fd = 1): LogDestination {
  return {
    write(line: string) {
      let rest: Buffer | null = null;
      for (;;) {
        try {
          if (rest === null) {
            const written = writeSync(fd, line);
            if (written >= Buffer.byteLength(line)) return true;
            rest = Buffer.from(line).subarray(written);
          } else {
            const written = writeSync(fd, rest);
            if (written >= rest.length) return true;
            rest = rest.subarray(written);
          }
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
          Atomics.wait(pipeFull, 0, 0, 10);
        }
      }
    },
  };
}

/**
 * The "request completed" line of an answered request, the same JSON line pino writes (its level,
 * time, pid and hostname, the request's id, `req`, `res`, `responseTime`, `msg`), made by one
 * JSON.stringify instead of pino's general path of bindings and serializers.
 */
export function completedLine(request: FastifyRequest, reply: FastifyReply): string {
  return `${JSON.stringify({
    level: 30,
    time: Date.now(),
    ...base,
    reqId: request.id,
    req: requestFields(request),
    res: { statusCode: reply.statusCode },
    responseTime: reply.elapsedTime,
    msg: 'request completed',
  })}\n`;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (not HTTP at all, headers over the size
 * limit, too slow) get the house `{"detail"}` answer in Spanish instead of Fastify's English one.
 */
export function houseClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail = status === 431 ? errorMessages.headersTooLarge : status === 408 ? errorMessages.requestTimeout : errorMessages.invalidInput;
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
