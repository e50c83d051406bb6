// Read batching: the one mechanism every hot public read goes through (the donation stats, the
// anonymous first pages of the ledger, the public site's data). Callers of the same key share ONE
// read; 50 concurrent callers cost one query, not 50. Figures and how they were measured:
// docs/performance.md; why not a cache: docs/decisions/0015-read-batching-for-hot-public-reads.md.
//
// How a batch forms. The first caller opens a batch and its read is scheduled with setImmediate, so
// it starts only after the event loop has handled every request that was already waiting on the
// sockets; those requests join the open batch. Callers that come once the read has started open the
// next batch, whose read starts after the running one ends (again one setImmediate later). The
// deferral matters on the embedded database: a PGlite query runs synchronously in WebAssembly on
// the main thread, so a read started at once would finish before the next request is even parsed
// and no batch would ever hold more than one caller.
//
// Why answers are never stale. A caller only ever joins a batch whose read has NOT started yet, so
// the read that answers it starts after the request arrived: every write committed before the
// request came in (a donation, a changed setting) is in its answer. Nothing is kept between reads,
// so there is nothing to expire or invalidate, and several processes cannot disagree. The cost is
// at most one turn of the event loop of extra latency for a lone caller.
import { serializerCompiler } from 'fastify-type-provider-zod';

interface Batch<V> {
  promise: Promise<V>;
  resolve: (value: V) => void;
  reject: (reason: unknown) => void;
  /** The read of the caller that opened the batch (same key, so the same read). */
  read: () => Promise<V>;
}

interface KeyState<V> {
  running: boolean;
  /** The batch that callers join: its read has not started yet. */
  open: Batch<V> | null;
}

function batchOf<V>(read: () => Promise<V>): Batch<V> {
  let resolve!: (value: V) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject, read };
}

/**
 * `batch(key, read)`: the caller joins the open batch of `key` (opening one if there is none) and
 * gets the result of its read, which starts after the current turn of the event loop and after any
 * running read of the key has ended. Calls with the same key must mean the same read (the key holds
 * every input of it). State is dropped when a key goes idle.
 */
export function readBatcher<V>(): (key: string, read: () => Promise<V>) => Promise<V> {
  const states = new Map<string, KeyState<V>>();

  function schedule(key: string, state: KeyState<V>) {
    setImmediate(() => {
      const batch = state.open;
      if (!batch) return;
      state.open = null;
      state.running = true;
      const settle = () => {
        state.running = false;
        if (state.open) schedule(key, state);
        else states.delete(key);
      };
      let result: Promise<V>;
      try {
        result = batch.read();
      } catch (err) {
        result = Promise.reject(err);
      }
      result.then(batch.resolve, batch.reject);
      result.then(settle, settle);
    });
  }

  return (key, read) => {
    let state = states.get(key);
    if (!state) {
      state = { running: false, open: null };
      states.set(key, state);
    }
    if (!state.open) {
      state.open = batchOf(read);
      // A running read schedules the next batch when it ends.
      if (!state.running) schedule(key, state);
    }
    return state.open.promise;
  };
}

/**
 * The app's response serializer (zod encode + JSON.stringify), done once per answer object instead
 * of once per request: the callers of one read batch share one object, so a batch of 50 costs one
 * serialization. For routes whose handlers return fresh objects that nothing mutates afterwards.
 */
export function serializeOncePerAnswer(route: { schema: unknown; method: string; url: string; httpStatus?: string }): (data: unknown) => string {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const serialized = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let text = serialized.get(data);
    if (text === undefined) {
      text = serialize(data);
      serialized.set(data, text);
    }
    return text;
  };
}
