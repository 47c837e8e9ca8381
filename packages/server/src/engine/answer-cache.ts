// biome-ignore-all lint/suspicious/noExplicitAny: keyed by any database the engine runs on
import type { Kysely } from 'kysely';
import { defineCache } from '../core/caches.js';
import { versionsOf } from './count-cache.js';
import type { KnownVersions } from './types.js';

// A whole answer kept while the versions of every table it reads are unchanged: the count cache's rule
// (engine/count-cache.ts) for services whose answer is one aggregated read that many users ask for at once (the
// landing page, the planning calendar). The versions are bumped by triggers in each writing transaction, by any
// writer and any server process, and read BEFORE computing: an answer is labelled with versions at most as new as
// its data, so it is never served after a write. Requests arriving while an answer is computed share it.

type Entry<T> = { versions: string; answer: Promise<T> };

/** `known`: the versions a read request holds already (count-cache.ts), to compare with instead of reading them. */
export type AnswerCache<T> = (
  db: Kysely<any>,
  key: string,
  compute: () => Promise<T>,
  known?: KnownVersions,
) => Promise<T>;

/** What a service's answer cache says of itself (core/caches.ts), and the tables its answer reads. */
export type AnswerCacheOf = {
  /** The service's module and answer: `services/dashboard.ts (dashboard)`. */
  name: string;
  /** The answer kept. */
  keeps: string;
  /** What the service's key is made of (its parameters). */
  key: string;
  /** Every table the answer reads. */
  tables: readonly string[];
  /** Keys kept per database, the least recently used dropped first. */
  maxEntries: number;
};

/**
 * A cache of answers reading `tables`, at most `maxEntries` keys per database (least recently used dropped).
 * Inside a transaction, or when a table has no version, the answer is computed every time.
 */
export function answerCache<T>({ name, keeps, key: keyText, tables, maxEntries }: AnswerCacheOf): AnswerCache<T> {
  const stores = defineCache<object, Map<string, Entry<T>>>(
    {
      name,
      keeps,
      key: `${keyText}, per database`,
      invalidatedBy: `A version of one of the tables it reads changes (${[...tables].sort().join(', ')}); never kept inside a transaction or for a table without a version`,
      bound: `${maxEntries} answers per database, the least recently used dropped`,
      attachedTo: 'database',
    },
    () => new Map(),
  );
  const sorted = [...tables].sort();
  return async (db, key, compute, known) => {
    const versions = db.isTransaction ? null : await versionsOf(db, sorted, known);
    if (versions === null) return compute();
    const store = stores.of(db);
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
    answer.catch(() => {
      if (store.get(key) === entry) store.delete(key);
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
