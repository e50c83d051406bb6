// Reads the configuration, starts the API and web app on one port, and shuts down gracefully.
import { ConfigError, loadConfig } from './config';
import { bootstrap, demoAccountsBanner } from './bootstrap';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const { app, database, seeded } = await bootstrap(config);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  app.log.info({ database: database.kind, startup_ms: Date.now() - started }, 'servidor iniciado');
  const lines = [
    '',
    `  Plataforma de donaciones lista en ${url}`,
    `  Base de datos: ${database.kind === 'pglite' ? `PostgreSQL embebido (PGlite) en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Documentación de la API: ${url}/api/docs`,
  ];
  if (config.demoSeed) lines.push('', demoAccountsBanner().replace(/^/gm, '  '));
  if (seeded?.donationsCreated) lines.push('', `  Se crearon ${seeded.donationsCreated} donaciones de demostración.`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`No se pudo iniciar el servidor: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
