// biome-ignore-all lint/suspicious/noExplicitAny: keyed by any database the engine runs on
import type { Kysely } from 'kysely';
import { versionsOf } from './count-cache.js';

// A whole answer kept while the versions of every table it reads are unchanged: the count cache's rule
// (engine/count-cache.ts) for services whose answer is one aggregated read that many users ask for at once (the
// landing page, the planning calendar). The versions are bumped by triggers in each writing transaction, by any
// writer and any server process, and read BEFORE computing: an answer is labelled with versions at most as new as
// its data, so it is never served after a write. Requests arriving while an answer is computed share it.

type Entry<T> = { versions: string; answer: Promise<T> };

export type AnswerCache<T> = (db: Kysely<any>, key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * A cache of answers reading `tables`, at most `maxEntries` keys per database (least recently used dropped).
 * Inside a transaction, or when a table has no version, the answer is computed every time.
 */
export function answerCache<T>(tables: readonly string[], maxEntries: number): AnswerCache<T> {
  const stores = new WeakMap<object, Map<string, Entry<T>>>();
  const sorted = [...tables].sort();
  return async (db, key, compute) => {
    const versions = db.isTransaction ? null : await versionsOf(db, sorted);
    if (versions === null) return compute();
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    const kept = store.get(key);
    store.delete(key);
    if (kept?.versions === versions) {
      store.set(key, kept);
      return kept.answer;
    }
    const answer = compute();
    const entry = { versions, answer };
    store.set(key, entry);
    if (store.size > maxEntries) store.delete(store.keys().next().value as string);
    // A failed computation is not kept: the next request tries again.
    const own = store;
    answer.catch(() => {
      if (own.get(key) === entry) own.delete(key);
    });
    return answer;
  };
}

const texts = new WeakMap<object, Buffer>();

/**
 * The JSON of a kept answer, serialised once for every request it serves (a month of the calendar is 80 kB:
 * serialising it again took most of a cached request), and kept as UTF-8 bytes: a string is encoded again at
 * every write to the socket. Answers are never mutated once kept.
 */
export function jsonOnce(value: object): Buffer {
  let bytes = texts.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(value), 'utf8');
    texts.set(value, bytes);
  }
  return bytes;
}
