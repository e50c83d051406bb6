// The embedded database (PGlite) in its own thread (docs/decisions/0047-embedded-database-thread.md).
// PGlite runs each query synchronously in WebAssembly: in the server's thread a 12 s query froze every
// request, /health and static files included. Here it blocks only this worker. The server talks to it
// in the PostgreSQL wire protocol through node-postgres, as it talks to a real PostgreSQL: each
// connection is a MessagePort that carries the protocol's bytes (no network socket is opened).
//
// Plain JavaScript, because Node starts a worker from a file it can run as is (in the tests too).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dataPath, loadDataDir, postgresqlconf, migrationsFolder } = workerData;

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'

let db;
try {
  db = new PGlite({
    dataDir: dataPath,
    postgresqlconf,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    extensions: { pg_trgm },
  });
  await db.waitReady;
  await migrate(drizzle(db), { migrationsFolder });
} catch (err) {
  parentPort.postMessage({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}

/** One statement at a time for the whole database, whichever connection sent it. */
let queue = Promise.resolve();
/** The connection whose messages ran last: the one an open transaction belongs to. */
let lastConnection = 0;
let nextConnection = 1;

function serially(task) {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/** The length of the first complete message in `buffer`, 0 when it is not all there yet. */
function completeMessage(buffer, startup) {
  // The startup messages (startup, SSL and cancel requests) have no type byte before their length.
  const header = startup ? 8 : 5;
  if (buffer.length < header) return 0;
  const length = startup ? buffer.readInt32BE(0) : 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

function connection(port) {
  const id = nextConnection++;
  let buffer = Buffer.alloc(0);
  let startup = true;
  let closed = false;

  const release = () => {
    if (closed) return;
    closed = true;
    port.close();
    // A connection that ends inside its transaction (its client was discarded) must not leave it open
    // for the next one.
    void serially(async () => {
      if (lastConnection === id && db.isInTransaction()) await db.exec('ROLLBACK');
    });
  };

  const run = (message) =>
    serially(async () => {
      if (closed) return;
      lastConnection = id;
      const chunks = [];
      await db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => chunks.push(Buffer.from(data)) });
      if (chunks.length > 0 && !closed) port.postMessage(Buffer.concat(chunks));
    });

  /** What to do with one complete message; decided as it is framed, so the next one is framed right. */
  const frame = (message) => {
    if (startup) {
      const code = message.readInt32BE(4);
      if (code === SSL_REQUEST) return () => port.postMessage(Buffer.from('N'));
      if (code === CANCEL_REQUEST) return () => release();
      startup = code !== PROTOCOL_3;
      return () => run(message);
    }
    if (message[0] === TERMINATE) return () => release();
    return () => run(message);
  };

  let pending = Promise.resolve();
  // The messages of one connection run in the order they came.
  const then = (step) => {
    pending = pending.then(step).catch(() => release());
  };
  port.on('message', (data) => {
    buffer = Buffer.concat([buffer, Buffer.from(data)]);
    // A query's messages (parse, bind, describe, execute, sync) arrive together and run in one call
    // of PGlite, which reads them one after the other: one call and one answer per query, not five.
    let queries = [];
    const runQueries = () => {
      if (queries.length === 0) return;
      const batch = Buffer.concat(queries);
      queries = [];
      then(() => run(batch));
    };
    for (let length = completeMessage(buffer, startup); length > 0; length = completeMessage(buffer, startup)) {
      const message = Buffer.from(buffer.subarray(0, length));
      buffer = buffer.subarray(length);
      if (!startup && message[0] !== TERMINATE) {
        queries.push(message);
      } else {
        runQueries();
        then(frame(message));
      }
    }
    runQueries();
  });
  port.on('close', release);
}

parentPort.on('message', async (request) => {
  if (request.type === 'connect') return connection(request.port);
  if (request.type === 'dump') {
    const blob = await serially(() => db.dumpDataDir('none'));
    const bytes = await blob.arrayBuffer();
    return parentPort.postMessage({ type: 'dump', id: request.id, bytes }, [bytes]);
  }
  if (request.type === 'close') {
    await serially(() => db.close());
    parentPort.postMessage({ type: 'closed' });
    parentPort.close();
  }
  return undefined;
});

parentPort.postMessage({ type: 'ready' });
