import type { ErrorCode } from '@freight/shared';

/**
 * What a phone could not send yet (issue 29): positions and photos taken without a signal, kept in IndexedDB so a
 * closed tab or a reload keeps them, and sent oldest first when the signal returns. The page drains it (on the
 * `online` event, on reconnect and on its own tick), not a service worker: Background Sync exists in Chromium only,
 * and a worker cannot use the page's socket or session handling; a queue the page owns behaves the same everywhere.
 */
export interface Outbox<T> {
  add(item: T): Promise<void>;
  /** The oldest item and its key, or null when empty. */
  first(): Promise<{ key: IDBValidKey; item: T } | null>;
  remove(key: IDBValidKey): Promise<void>;
  count(): Promise<number>;
}

const DB_NAME = 'fm-outbox';
export const OUTBOX_STORES = ['positions', 'photos'] as const;
type StoreName = (typeof OUTBOX_STORES)[number];

let opening: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      for (const name of OUTBOX_STORES) {
        if (!req.result.objectStoreNames.contains(name)) {
          req.result.createObjectStore(name, { autoIncrement: true });
        }
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  });
  return opening;
}

function run<R>(name: StoreName, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<R>) {
  return database().then(
    (db) =>
      new Promise<R>((resolve, reject) => {
        const req = op(db.transaction(name, mode).objectStore(name));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      }),
  );
}

/** An outbox in IndexedDB (autoincrement keys: the order items were added). */
export function indexedDbOutbox<T>(name: StoreName): Outbox<T> {
  return {
    add: async (item) => {
      await run(name, 'readwrite', (s) => s.add(item));
    },
    first: () =>
      database().then(
        (db) =>
          new Promise((resolve, reject) => {
            const req = db.transaction(name, 'readonly').objectStore(name).openCursor();
            req.onsuccess = () =>
              resolve(req.result ? { key: req.result.key, item: req.result.value as T } : null);
            req.onerror = () => reject(req.error);
          }),
      ),
    remove: async (key) => {
      await run(name, 'readwrite', (s) => s.delete(key));
    },
    count: () => run(name, 'readonly', (s) => s.count()),
  };
}

/** An outbox in memory: where IndexedDB is missing (private modes of old browsers), and in unit tests. */
export function memoryOutbox<T>(): Outbox<T> {
  let next = 0;
  const items = new Map<number, T>();
  return {
    add: async (item) => {
      items.set(next++, item);
    },
    first: async () => {
      const [entry] = items.entries();
      return entry ? { key: entry[0], item: entry[1] } : null;
    },
    remove: async (key) => {
      items.delete(key as number);
    },
    count: async () => items.size,
  };
}

export function outbox<T>(name: StoreName): Outbox<T> {
  return typeof indexedDB === 'undefined' ? memoryOutbox<T>() : indexedDbOutbox<T>(name);
}

/**
 * What to do with an item whose send failed, by the refusal's code: no code (no signal, the server unreachable),
 * throttled or unavailable → keep it and stop until later; any other refusal → drop it (it will never be taken).
 */
export const keepsForLater = (code: ErrorCode | null) =>
  code === null ||
  code === 'TOO_MANY_REQUESTS' ||
  code === 'SERVICE_UNAVAILABLE' ||
  code === 'INTERNAL_ERROR';

/**
 * Sends the outbox's items oldest first, one at a time (the server keeps them in the order taken either way; one at
 * a time keeps the live trail growing in order). Stops at the first failure worth retrying, leaving it first;
 * drops an item refused for good (told through `onDropped`). Returns how many were sent.
 */
export async function drainOutbox<T>(
  box: Outbox<T>,
  send: (item: T) => Promise<unknown>,
  classify: (err: unknown) => ErrorCode | null,
  onDropped: (item: T, err: unknown) => void = () => undefined,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const head = await box.first();
    if (!head) return sent;
    try {
      await send(head.item);
      sent++;
    } catch (err) {
      if (keepsForLater(classify(err))) return sent;
      onDropped(head.item, err);
    }
    await box.remove(head.key);
  }
}
