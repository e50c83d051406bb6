// Opens the database, runs migrations, seeds, and builds the app: shared by server.ts and tests.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from './db/seed';
import { setFelCertification } from './domain/receipts/receipts';
import { ensureDefaultSettings } from './platform/settings';
import { secretBox } from './platform/data-encryption';
import { sealClearTotpSecrets } from './domain/accounts/totp';
import { startJobs } from './jobs';

export interface Started {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: Awaited<ReturnType<typeof seedDemo>> | null;
}

export interface BootstrapOptions {
  logger?: boolean | object;
  /** PGlite without a data directory (tests). */
  memory?: boolean;
  /** Told of every route as it is registered (the authorization matrix test). */
  onRoute?: (route: RouteOptions) => void;
  /** An already open database (tests: a second API process on the same database); the app leaves it open on close. */
  database?: DatabaseHandle;
}

export async function bootstrap(config: Config, options: BootstrapOptions = {}): Promise<Started> {
  const database = options.database ?? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, memory: options.memory });
  await ensureDefaultSettings(database.db);
  // Authenticator secrets stored in clear by an earlier version are sealed now; a wrong key stops the start.
  await sealClearTotpSecrets(database.db, secretBox(config.dataEncryptionKey));
  setFelCertification(config.fel.provider !== 'off');
  const seeded = config.demoSeed ? await seedDemo(database.db) : null;
  if (config.adminEmail && config.adminPassword) await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  const app = await buildApp({ config, database, logger: options.logger, onRoute: options.onRoute });
  const stopJobs = config.runJobs ? startJobs(app) : null;
  // One hook, jobs first: Fastify runs onClose hooks last registered first, so with two the database
  // was closed under a job still running ("Cannot use a pool after calling end on the pool").
  app.addHook('onClose', async () => {
    await stopJobs?.();
    if (!options.database) await database.close();
  });
  return { app, database, seeded };
}

export function demoAccountsBanner(): string {
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${DEMO_PASSWORD.padEnd(10)} ${a.roles[0]}`).join('\n');
  return `Cuentas de demostración:\n  ${'correo'.padEnd(22)} ${'contraseña'.padEnd(10)} rol\n${rows}`;
}
