// The real API for the load benchmarks, in its own process: the same bootstrap as `npm start`
// (migrations, settings, buildApp) on DATABASE_URL, with the logger off, on a free local port.
// Everything else comes from the environment, read by config.ts as in production.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../apps/api/src/config';
import { bootstrap } from '../../apps/api/src/bootstrap';

const config = loadConfig(process.env, { port: 0, host: '127.0.0.1' });
const { app } = await bootstrap(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : 0}`);

// BENCH_LOOP_DELAY=1: the server's own event-loop delay, sampled every 10 ms; each SIGUSR2 prints
// `LOOP_DELAY {"p99":ms,"max":ms}` for the time since the previous one and starts again.
if (process.env.BENCH_LOOP_DELAY === '1') {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    console.log(`LOOP_DELAY ${JSON.stringify({ p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, samples: delay.count })}`);
    delay.reset();
  });
}

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
