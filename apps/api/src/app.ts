// Builds the Fastify app as a plugin tree, testable through app.inject without listening.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { errorMessages } from './messages/errors';
import { RateLimitedError } from './errors';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { type CounterStore, postgresCounters, redisCounters } from './platform/counters';
import { counterRateLimitStore } from './http/rate-limit-store';
import errorHandler from './http/error-handler';
import { completedLine, houseClientErrorHandler, type LogDestination, loggerOptions, syncLines, trustProxyOption } from './http/http-edge';
import security from './http/security';
import docs from './http/docs';
import auth from './http/auth';
import payments from './http/payments';
import fel from './http/fel';
import webApp from './http/web-app';
import apiRoutes from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: DatabaseHandle['kind'];
    counters: CounterStore;
    redis: Redis | null;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** false for no log; an object is merged into the house options (tests pass a `stream`). */
  logger?: boolean | object;
  /** Told of every route as it is registered (the authorization matrix test compares them with its table). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * One request log line instead of Fastify's two (on arrival and on completion), written when the
 * request is answered, with the request in it. Each line is a synchronous write to stdout, a syscall,
 * and syscalls are a large share of a cheap public read's cost (docs/performance.md). The line of an
 * answered request is made by `completedLine` and written to the log's destination; every other log
 * line (errors, routes not found) is written by pino.
 */
class OneLinePerRequest extends LogController {
  /** `destination` is null when info lines are not logged. */
  constructor(private readonly destination: LogDestination | null) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else this.destination?.write(completedLine(request, reply));
  }
}

export async function buildApp({ config, database, logger, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const logOptions = typeof logger === 'object' ? (logger as { stream?: LogDestination; level?: Config['logLevel'] }) : {};
  const destination = logOptions.stream ?? syncLines();
  const infoLogged = logger !== false && ['trace', 'debug', 'info'].includes(logOptions.level ?? config.logLevel);
  const app = Fastify({
    logger: logger === false ? false : { ...loggerOptions(config.logLevel), ...logOptions, stream: destination },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new OneLinePerRequest(infoLogged ? destination : null),
    clientErrorHandler: houseClientErrorHandler,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals (a malformed percent-encoding, an over-long path parameter) happen
    // before any route runs: answer them like every other error, not with Fastify's English text.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply.status(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400).send({ detail: errorMessages.invalidInput });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  let redis: Redis | null = null;
  if (config.redisUrl) {
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => {});
    });
  }
  app.decorate('redis', redis);
  app.decorate('counters', redis ? redisCounters(redis) : postgresCounters(database.db));

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  await app.register(errorHandler);
  await app.register(cookie, { secret: config.cookieSecret });
  await app.register(security);
  await app.register(rateLimit, {
    global: false,
    store: counterRateLimitStore(app.counters),
    skipOnError: false,
    enableDraftSpec: false,
    keyGenerator: (request) => request.ip,
    // A domain error, so that every scope's error handler hands it to the app's one handler: a plain
    // object thrown from a scope handler was sent as the body of a 200 answer.
    errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl / 1000),
  });
  await app.register(docs);
  await app.register(auth);
  await app.register(payments);
  await app.register(fel);
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(webApp);
  return app;
}
