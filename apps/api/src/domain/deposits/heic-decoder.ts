// HEIC/HEIF slips are decoded by heic-convert, which is JavaScript and WebAssembly: run on the main
// thread, a large photo held the whole API for seconds. Each decode runs in a worker thread instead,
// at most DECODERS at a time, and is stopped if it takes too long. (sharp's own work already runs in
// libuv's thread pool.)
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Decodes running at once: the machine's cores are shared with the API itself. */
const DECODERS = 2;
/** A decode that takes longer than this is stopped and the photo refused. */
const DECODE_TIMEOUT_MS = 30_000;

// The worker is CommonJS code given as text, so that it needs no file of its own next to the
// bundled server; heic-convert is loaded by its resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const convert = require(workerData.module);
const input = Buffer.from(workerData.file.buffer, workerData.file.byteOffset, workerData.file.byteLength);
convert({ buffer: input, format: 'PNG' }).then(
  (png) => parentPort.postMessage({ png: new Uint8Array(png) }),
  (err) => parentPort.postMessage({ error: String((err && err.message) || err) }),
);
`;

const heicConvertPath = createRequire(import.meta.url).resolve('heic-convert');

let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= DECODERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** The PNG of a HEIC/HEIF photo, decoded off the main thread; rejects when it cannot be read. */
export async function decodeHeicOffThread(file: Buffer): Promise<Buffer> {
  const release = await slot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { module: heicConvertPath, file: new Uint8Array(file) },
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error('HEIC decode took too long'));
      }, DECODE_TIMEOUT_MS);
      worker.once('message', (message: { png?: Uint8Array; error?: string }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (message.png) resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
        else reject(new Error(message.error ?? 'HEIC decode failed'));
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        if (code !== 0) reject(new Error(`HEIC decoder stopped (${code})`));
      });
    });
  } finally {
    release();
  }
}
