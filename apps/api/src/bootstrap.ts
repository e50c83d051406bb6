// Opens the database, runs migrations, seeds, and builds the app: shared by server.ts and tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAdmin, seedDemo } from './db/seed';
import { ensureDefaultSettings } from './services/settings';
import { startJobs } from './jobs';

export interface Started {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: Awaited<ReturnType<typeof seedDemo>> | null;
}

export async function bootstrap(config: Config, options: { logger?: boolean | object; memory?: boolean } = {}): Promise<Started> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize, memory: options.memory });
  await ensureDefaultSettings(database.db);
  const seeded = config.demoSeed ? await seedDemo(database.db) : null;
  if (config.adminEmail && config.adminPassword) await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  const app = await buildApp({ config, database, logger: options.logger });
  if (config.runJobs) {
    const stop = startJobs(app);
    app.addHook('onClose', async () => stop());
  }
  app.addHook('onClose', async () => database.close());
  return { app, database, seeded };
}

export function demoAccountsBanner(): string {
  const rows = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(22)} ${DEMO_PASSWORD.padEnd(10)} ${a.roles[0]}`).join('\n');
  return `Cuentas de demostración:\n  ${'correo'.padEnd(22)} ${'contraseña'.padEnd(10)} rol\n${rows}`;
}
