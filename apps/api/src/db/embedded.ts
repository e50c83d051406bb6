// The embedded database, run in a worker thread (embedded-worker.mjs) and reached through node-postgres,
// the driver DATABASE_URL uses: one query layer, and the server's thread stays free while PGlite works.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The worker's file: beside this source in development and tests, beside the bundle when built. */
function workerFile(): string {
  const file = path.join(here, 'embedded-worker.mjs');
  if (!existsSync(file)) throw new Error(`No se encontró el programa de la base de datos embebida (${file})`);
  return file;
}

/**
 * A connection to the worker that node-postgres uses as its socket: the protocol's bytes go through a
 * MessagePort. `ref`/`unref` follow the pool (allowExitOnIdle), so an idle database keeps no process alive.
 */
class WorkerSocket extends Duplex {
  private port: MessagePort | null = null;

  constructor(private readonly worker: Worker) {
    super();
  }

  connect(): this {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.on('message', (data: Uint8Array) => this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
    port1.on('close', () => {
      this.port = null;
      this.push(null);
      this.destroy();
    });
    this.worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.port) return callback(Object.assign(new Error('La base de datos embebida se cerró'), { code: 'EPIPE' }));
    this.port.postMessage(chunk);
    callback();
  }

  /**
   * node-postgres corks the socket around a query's messages (parse, bind, describe, execute, sync):
   * they cross to the worker as one message, which runs them in one call of PGlite.
   */
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    if (!this.port) return callback(Object.assign(new Error('La base de datos embebida se cerró'), { code: 'EPIPE' }));
    this.port.postMessage(chunks.length === 1 ? chunks[0].chunk : Buffer.concat(chunks.map((c) => c.chunk)));
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port?.close();
    this.port = null;
    callback(error);
  }
}

export interface EmbeddedWorker {
  /** A new connection for node-postgres (`stream` option). */
  connect: () => Duplex;
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
  /** Whether the worker has stopped (closed, or crashed). */
  ended: () => boolean;
}

type WorkerReply = { type: 'ready' | 'closed' } | { type: 'failed'; message: string } | { type: 'dump'; id: number; bytes: ArrayBuffer };

/** Starts PGlite in a worker, which runs the migrations before it reports ready. */
export async function startEmbeddedWorker(options: {
  dataPath?: string;
  loadDataDir?: Blob;
  postgresqlconf: string;
  migrationsFolder: string;
}): Promise<EmbeddedWorker> {
  const worker = new Worker(workerFile(), {
    workerData: {
      dataPath: options.dataPath,
      loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
      postgresqlconf: options.postgresqlconf,
      migrationsFolder: options.migrationsFolder,
    },
  });
  const replies = new Map<number, { resolve: (bytes: ArrayBuffer) => void; reject: (error: Error) => void }>();
  let closed: (() => void) | undefined;
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`La base de datos embebida terminó al iniciar (código ${code})`)));
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'failed') reject(new Error(reply.message));
      else if (reply.type === 'dump') replies.get(reply.id)?.resolve(reply.bytes);
      else if (reply.type === 'closed') closed?.();
    });
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  // A crash after start fails the queries in flight (their ports close); it must not crash the server,
  // and closing a database that has already ended must not wait for an answer.
  let ended = false;
  worker.on('error', () => {});
  worker.once('exit', () => {
    ended = true;
    closed?.();
    for (const reply of replies.values()) reply.reject(new Error('La base de datos embebida terminó'));
  });
  worker.unref();
  return {
    connect: () => new WorkerSocket(worker),
    ended: () => ended,
    dumpDataDir: async () => {
      const id = nextId++;
      worker.ref();
      try {
        if (ended) throw new Error('La base de datos embebida está cerrada');
        const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
          replies.set(id, { resolve, reject });
          worker.postMessage({ type: 'dump', id });
        });
        return new Blob([bytes]);
      } finally {
        replies.delete(id);
        worker.unref();
      }
    },
    close: async () => {
      if (ended) return;
      worker.ref();
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
