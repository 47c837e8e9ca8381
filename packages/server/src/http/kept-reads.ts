import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/sessions.js';
import { defineCache } from '../core/caches.js';
import { today } from '../core/clock.js';
import { changeStamp } from '../db/change-stamp.js';
import { trackedTables } from '../engine/count-cache.js';
import type { KnownVersions } from '../engine/types.js';

// The generic reads' answers (GET /api/{resource} and /api/{resource}/{id}) and the planning's day and range (read
// by POST), kept as the bytes sent and served again while the database is unchanged: the list pages, booking and
// flight pages, the planning that several screens and staff read again and again between writes. Auto-purged on
// any write, as Directus' cache with CACHE_AUTO_PURGE, but the purge is the database's own: no write path has to
// remember it.
//
// What labels the kept answers, read BEFORE the answer is computed (the rule of db/change-stamp.ts: a write in
// between makes the answer newer than its label, never older, and the label seen next differs), and read with
// the session by the auth hook (auth/sessions.ts):
// - SQLite: the change stamp (any write of this connection, any commit of another connection or process), read
//   again here for an API client;
// - PostgreSQL: the sum of the table versions, read in the session's own statement (auth/sessions.ts), so a kept
//   read costs one round trip (the session's) where it cost two or more. Versions are bumped at commit by any
//   writer and any server process (migration 0014). A resource over a table without a version (the write
//   history) is never kept there.
// What an answer depends on besides the data is in its key: who asks (a user's or an API client's fields and
// scope), the operator's day (the referent's next flights start today: resources/passengers.ts, core/clock.ts), the exact path and query,
// the body of a read asked by POST. A read whose answer depends on the clock otherwise (the dashboard, kept per day by
// services/dashboard.ts) is not for this.
// Everything is dropped when the label moves; bounded in entries and bytes. Declared with every other cache in
// core/caches.ts.
//
// A request sent with `Cache-Control: no-cache` (the bench's `--uncached`) is computed afresh.

const MAX_ENTRIES = 1_000;
const MAX_BYTES = 32 * 1024 * 1024;
/** Larger answers (a page of 100 rows with every embed) are sent and not kept. */
const MAX_ANSWER_BYTES = 1024 * 1024;

type Entry = { bytes: Promise<Buffer>; size: number };
/** The answers kept under one label (null: none yet). */
type Store = { label: string | null; entries: Map<string, Entry>; size: number };

const stores = defineCache<object, Store>(
  {
    name: 'http/kept-reads.ts',
    keeps:
      "The bytes of a generic read's answer (GET /api/{resource}, /api/{resource}/{id}) and of the planning's day and range (read by POST)",
    key: "Who asks (user or API client, their fields and scope), the operator's day, the path and query, the POST body",
    invalidatedBy:
      'Any write: the label moves (SQLite: the change stamp; PostgreSQL: the sum of the table versions, read with the session); `Cache-Control: no-cache` computes afresh',
    bound: '1,000 answers, 32 MB; an answer over 1 MB is not kept',
    attachedTo: 'database',
  },
  () => ({ label: null, entries: new Map(), size: 0 }),
);

async function labelOf(request: FastifyRequest, table: string): Promise<string | null> {
  const { db, dialect } = request.server.ctx;
  const version = sessionOf(request)?.dataVersion;
  if (dialect === 'sqlite') return version ?? changeStamp(db);
  if (version === undefined || !(await trackedTables(db)).has(table)) return null;
  return version;
}

function principalOf(request: FastifyRequest): string | null {
  const { auth } = request;
  if (!auth) return null;
  return auth.kind === 'user' ? `u${auth.user.id}` : `c${auth.clientId}`;
}

function storeFor(db: object, label: string): Store {
  let store = stores.of(db);
  if (store.label !== label) {
    store = { label, entries: new Map(), size: 0 };
    stores.replace(db, store);
  }
  return store;
}

function drop(store: Store, key: string, entry: Entry): void {
  if (store.entries.get(key) !== entry) return;
  store.entries.delete(key);
  store.size -= entry.size;
}

/**
 * The table versions a read request holds, read with its session (PostgreSQL, auth/sessions.ts): for the caches
 * its answer consults (engine/count-cache.ts), in place of reading them again. Only for a request that writes
 * nothing: its own writes would leave them behind.
 */
export const readVersions = (request: FastifyRequest): KnownVersions | undefined => sessionOf(request)?.tableVersions;

/** What a kept read reads: its main table, and for a read asked by POST its validated body, as a key. */
export type KeptReadOf = { table: string; body?: string };

const bytesOf = (value: unknown): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value), 'utf8');

/**
 * Answers a read with `compute`'s result as JSON (or the JSON bytes it gives), from the kept bytes when the
 * database is unchanged since they were computed for the same caller, day, URL and body. Errors are thrown as
 * `compute` throws them, and never kept. Requests arriving while an answer is computed share it. A kept read only
 * reads: `compute` is given the versions read with the session (readVersions).
 */
export async function keptRead(
  request: FastifyRequest,
  reply: FastifyReply,
  read: KeptReadOf,
  compute: (versions: KnownVersions | undefined) => Promise<unknown>,
): Promise<FastifyReply> {
  const versions = readVersions(request);
  const cacheControl = request.headers['cache-control'];
  const noCache = cacheControl !== undefined && /\bno-(cache|store)\b/i.test(cacheControl);
  const principal = principalOf(request);
  const isRead = request.method === 'GET' || (request.method === 'POST' && read.body !== undefined);
  const label = isRead && !noCache && principal ? await labelOf(request, read.table) : null;
  reply.type('application/json; charset=utf-8');
  if (label === null) return reply.send(bytesOf(await compute(versions)));

  const store = storeFor(request.server.ctx.db, label);
  const key = `${principal}\n${today()}\n${request.method} ${request.url}\n${read.body ?? ''}`;
  const kept = store.entries.get(key);
  if (kept) {
    // Least recently used last: the oldest is dropped first.
    store.entries.delete(key);
    store.entries.set(key, kept);
    return reply.send(await kept.bytes);
  }
  const entry: Entry = {
    bytes: compute(versions).then(bytesOf),
    size: 0,
  };
  store.entries.set(key, entry);
  let bytes: Buffer;
  try {
    bytes = await entry.bytes;
  } catch (error) {
    drop(store, key, entry);
    throw error;
  }
  // Still this store's entry (not dropped by a newer label or by eviction while it was computed): count it in.
  if (store.entries.get(key) === entry) {
    if (bytes.length > MAX_ANSWER_BYTES) drop(store, key, entry);
    else {
      entry.size = bytes.length + key.length; // a key is the URL as sent: up to the request line's limit
      store.size += entry.size;
      for (const [oldKey, old] of store.entries) {
        if (store.entries.size <= MAX_ENTRIES && store.size <= MAX_BYTES) break;
        if (old !== entry) drop(store, oldKey, old);
      }
    }
  }
  return reply.send(bytes);
}
