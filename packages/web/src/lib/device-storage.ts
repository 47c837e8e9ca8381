// The device's own copy of the field's day (issue 31): one IndexedDB store of a few keys. A dozen lines of the
// browser's API rather than a dependency: nothing more than get, set and delete of one value is needed.

const DATABASE = 'montgolfiere-terrain';
const STORE = 'kv';

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    // Resolved once the transaction is durable, not when the request is queued: a tab closed right after still keeps it.
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export const storage = {
  get: <T>(key: string): Promise<T | undefined> => run('readonly', (s) => s.get(key) as IDBRequest<T | undefined>),
  set: (key: string, value: unknown): Promise<unknown> => run('readwrite', (s) => s.put(value, key)),
  remove: (key: string): Promise<unknown> => run('readwrite', (s) => s.delete(key)),
  /** Every key and its value, in one read (a few keys: the identity and a day per user of the device). */
  all: async (): Promise<Map<string, unknown>> => {
    const db = await database();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, 'readonly');
      const store = transaction.objectStore(STORE);
      const keys = store.getAllKeys();
      const values = store.getAll();
      transaction.oncomplete = () => resolve(new Map(keys.result.map((key, i) => [String(key), values.result[i]])));
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  },
};

/** The user last signed in on this device, who may open the field's day without network. */
export const FIELD_IDENTITY_KEY = 'field-identity';

/**
 * Signing out: the device no longer opens anyone's day without network (their waiting writes stay, kept under their
 * own id, and are sent once they sign in again).
 */
export const forgetFieldIdentity = (): Promise<unknown> => storage.remove(FIELD_IDENTITY_KEY).catch(() => undefined);
