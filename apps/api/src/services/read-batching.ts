// Read batching for hot public reads (issue 8): requests that arrive while a read is running wait
// for it to finish and then share ONE new read, started after all of them arrived. So every answer
// reflects the database as it was after its request came in (no stale figures, nothing to
// invalidate, correct across processes), while 50 concurrent callers cost one query, not 50.
// Unlike a time-based cache there is nothing to expire: with one caller at a time it is a plain read.
import { serializerCompiler } from 'fastify-type-provider-zod';

interface Waiting<V> {
  promise: Promise<V>;
  resolve: (value: V) => void;
  reject: (reason: unknown) => void;
}

interface KeyState<V> {
  running: boolean;
  /** Callers that arrived while a read was running; served by the next read. */
  next: Waiting<V> | null;
  /** The read of the first of those callers (same key, so the same read). */
  nextRead: (() => Promise<V>) | null;
}

function waiting<V>(): Waiting<V> {
  let resolve!: (value: V) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * `batch(key, read)`: runs `read` now when no read of `key` is running; otherwise the caller joins
 * the read that starts as soon as the running one ends. Calls with the same key must mean the same
 * read (the key holds every input of it). State is dropped when a key goes idle.
 */
export function readBatcher<V>(): (key: string, read: () => Promise<V>) => Promise<V> {
  const states = new Map<string, KeyState<V>>();

  function start(key: string, state: KeyState<V>, read: () => Promise<V>): Promise<V> {
    state.running = true;
    const result = read();
    const settle = () => {
      const { next, nextRead } = state;
      if (next && nextRead) {
        state.next = null;
        state.nextRead = null;
        start(key, state, nextRead).then(next.resolve, next.reject);
      } else {
        state.running = false;
        states.delete(key);
      }
    };
    result.then(settle, settle);
    return result;
  }

  return (key, read) => {
    let state = states.get(key);
    if (!state) {
      state = { running: false, next: null, nextRead: null };
      states.set(key, state);
    }
    if (!state.running) return start(key, state, read);
    if (!state.next) {
      state.next = waiting<V>();
      state.nextRead = read;
    }
    return state.next.promise;
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
