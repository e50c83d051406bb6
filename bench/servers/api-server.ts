// The real API for the load benchmarks, in its own process: the same bootstrap as `npm start`
// (migrations, settings, buildApp) on DATABASE_URL, with the logger off, on a free local port.
// Everything else comes from the environment, read by config.ts as in production.
import { loadConfig } from '../../apps/api/src/config';
import { bootstrap } from '../../apps/api/src/bootstrap';

const config = loadConfig(process.env, { port: 0, host: '127.0.0.1' });
const { app } = await bootstrap(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
