// biome-ignore-all lint/suspicious/noExplicitAny: reads the version table of any database the engine runs on
import { type Kysely, sql } from 'kysely';
import { defineCache, registerCache } from '../core/caches.js';
import { KeptPerDatabase } from '../db/change-stamp.js';
import { runShaped } from './compiled.js';
import type { Plan } from './plan.js';
import type { Step } from './resolve.js';
import { resolveFieldPath } from './resolve.js';
import type { EngineContext, Field, KnownVersions, Registry } from './types.js';

// The count stage of a paged read (issue 14): the exact total of a query, kept per resource and normalized
// query while the versions of every table the query reads are unchanged. The versions live in the database
// (`table_versions`, bumped by triggers in the same transaction as every write: migration 0014), so a write by
// any writer or any server process changes them, and the next read recomputes the total. The answer is always
// exact: a total is served from the cache only when no table it depends on was written since it was counted.
//
// Correctness rests on one order: the versions are read BEFORE the count. A write committed in between makes the
// cached total newer than its versions, never older; the versions it bumped then never match again.
//
// A query is cached only when its tables are all known: filters, search and has/hasnot through declared
// relations without conditions of their own (a relation's `where` may depend on today's date) and through
// plain columns, or computed fields declaring the tables they read (`Field.reads`). Anything else (a scope, a
// caller's condition, sums) is counted every time, as before.

type Entry = { versions: string; count: number };

const MAX_ENTRIES = 2_000;
/** Per database (a Kysely instance; tests and the bench open several side by side). */
const caches = defineCache<object, Map<string, Entry>>(
  {
    name: 'engine/count-cache.ts (totals)',
    keeps:
      "The exact total of a paged list (the count stage, read/count.ts), and the counts that choose SQLite's search plan",
    key: 'Resource and normalized query (filters, search, has/hasnot), with the tables it reads',
    invalidatedBy:
      "A version of one of those tables changes; queries with a scope, a caller's condition or sums are never kept",
    bound: `${MAX_ENTRIES} totals per database`,
    attachedTo: 'database',
  },
  () => new Map(),
);
/** The tables that have a version row, per database, read once. */
const trackedTablesOf = defineCache<object, Promise<Set<string>> | undefined>(
  {
    name: 'engine/count-cache.ts (trackedTables)',
    keeps: 'The names of the tables that have a version row (table_versions): those whose reads may be kept',
    key: 'The database',
    invalidatedBy:
      'Never while the process runs (migrations add version rows before the server starts); a failed read is not kept',
    bound: 'One set per database',
    attachedTo: 'database',
  },
  () => undefined,
);

export type CountKey = { key: string; tables: string[] };

function addStepTables(tables: Set<string>, steps: Step[]): boolean {
  for (const step of steps) {
    const { relation } = step;
    if (relation.where) return false;
    tables.add(step.to.table);
    if (relation.kind === 'manyToMany' || relation.kind === 'symmetric') tables.add(relation.pivot);
  }
  return true;
}

function addFieldTables(tables: Set<string>, field: Field): boolean {
  if (!field.sql) return true;
  if (!field.reads) return false;
  for (const t of field.reads) tables.add(t);
  return true;
}

/**
 * What identifies the total of a plan: its resource, conditions and the tables they read; null when it cannot be
 * cached. Order, page, embeds and counts do not change a total and are left out.
 */
export function countKeyOf(ctx: EngineContext, registry: Registry, plan: Plan): CountKey | null {
  const { resource } = plan;
  if (plan.sums.length || resource.scope?.(ctx)) return null;
  const tables = new Set<string>([resource.table]);
  const conditions: string[] = [];
  for (const f of plan.filters) {
    if (!addStepTables(tables, f.path.steps) || !addFieldTables(tables, f.path.field)) return null;
    conditions.push(JSON.stringify([f.path.path, f.op, f.value]));
  }
  if (plan.search !== null) {
    const paths = (plan.search.startsWith('#') ? resource.hashSearch : resource.search) ?? [];
    for (const p of paths) {
      const path = resolveFieldPath(registry, resource, p);
      if (!addStepTables(tables, path.steps) || !addFieldTables(tables, path.field)) return null;
    }
  }
  for (const steps of [...plan.has, ...plan.hasnot]) if (!addStepTables(tables, steps)) return null;
  conditions.sort();
  const relationPaths = (list: Step[][]) => list.map((s) => s.map((st) => st.name).join('.')).sort();
  const key = JSON.stringify([
    resource.name,
    conditions,
    plan.search,
    relationPaths(plan.has),
    relationPaths(plan.hasnot),
  ]);
  return { key, tables: [...tables].sort() };
}

/**
 * The tables that have a version row (read once per database). A failed read (the database unreachable for a
 * moment) answers none for this call and is not kept: kept while the database is away, it would leave every count
 * and kept read uncached until the process restarts.
 */
export function trackedTables(db: Kysely<any>): Promise<Set<string>> {
  let known = trackedTablesOf.get(db);
  if (!known) {
    const reading = sql<{ name: string }>`select name from table_versions`
      .execute(db)
      .then((r) => new Set(r.rows.map((row) => row.name)))
      .catch(() => {
        if (trackedTablesOf.get(db) === reading) trackedTablesOf.forget(db);
        return new Set<string>();
      });
    known = reading;
    trackedTablesOf.replace(db, known);
  }
  return known;
}

/**
 * Every table's version, per database, kept while it is unchanged (SQLite: db/change-stamp.ts): all version rows
 * at once, read again only after a write (one statement for a few dozen rows, where a list read used to read its
 * few tables' rows every time).
 */
const allVersions = new KeptPerDatabase<Map<string, string>>(1);
registerCache(
  {
    name: 'engine/count-cache.ts (tableVersions)',
    keeps: 'Every table version, read in one statement (SQLite)',
    key: 'The database',
    invalidatedBy: 'Any write: the change stamp moves (db/change-stamp.ts)',
    bound: 'One reading per database',
    attachedTo: 'database',
  },
  (app) => allVersions.forget(app.db),
);

/**
 * The version of each table, read in one statement (or taken from `known`, outside a transaction); null when a
 * table has no version row.
 */
export async function tableVersions(
  db: Kysely<any>,
  tables: string[],
  known?: KnownVersions,
): Promise<Map<string, string> | null> {
  if (known && !db.isTransaction && tables.every((t) => known.has(t)))
    return new Map(tables.map((t) => [t, known.get(t) as string]));
  const kept = allVersions.read(db, 'all', () =>
    runShaped<{ name: string; version: string | number }>(db, allVersions, 'all', [], () =>
      db.selectFrom('table_versions').select(['name', 'version']),
    ).then((rows) => new Map(rows.map((row) => [row.name, String(row.version)]))),
  );
  if (kept) {
    const all = await kept;
    const versions = new Map<string, string>();
    for (const t of tables) {
      const version = all.get(t);
      if (version === undefined) return null;
      versions.set(t, version);
    }
    return versions;
  }
  const tracked = await trackedTables(db);
  if (!tables.every((t) => tracked.has(t))) return null;
  // Read before every cached list read: compiled once per number of tables (compiled.ts), not built each time.
  const rows = await runShaped<{ name: string; version: string | number }>(
    db,
    tableVersions,
    'versions',
    tables,
    (names) => db.selectFrom('table_versions').select(['name', 'version']).where('name', 'in', names),
  );
  if (rows.length !== tables.length) return null;
  return new Map(rows.map((r) => [r.name, String(r.version)]));
}

/** Reads the versions of tables (tableVersions, or a reader that remembers them for one read: versionReader). */
export type VersionReader = (db: Kysely<any>, tables: string[]) => Promise<Map<string, string> | null>;

/**
 * A reader for the stages of one list read (the search's terms, its total, the total without it): each table's
 * version is read once, the first time a stage asks, so one statement serves them all; `known` may be filled by a
 * statement that read them along (PostgreSQL's page). Every stage still has the versions before computing what it
 * keeps, the rule the caches rest on.
 */
export function versionReader(known = new Map<string, string>()): VersionReader {
  return async (db, tables) => {
    const missing = [...new Set(tables)].filter((t) => !known.has(t));
    if (missing.length) {
      const read = await tableVersions(db, missing);
      if (!read) return null;
      for (const [name, version] of read) known.set(name, version);
    }
    return new Map(tables.map((t) => [t, known.get(t) as string]));
  };
}

const joined = (versions: Map<string, string>): string =>
  [...versions]
    .map(([name, version]) => `${name}:${version}`)
    .sort()
    .join(',');

/**
 * The versions of the tables, as one comparable text; null when a table has no version (never cached). Also read
 * by services that cache a whole answer on the same rule (services/dashboard.ts).
 */
export async function versionsOf(db: Kysely<any>, tables: string[], known?: KnownVersions): Promise<string | null> {
  const versions = await tableVersions(db, tables, known);
  return versions && joined(versions);
}

export type CountLookup = {
  /** The cached exact total, or null when it must be counted. */
  count: number | null;
  /** Keeps a total counted after the lookup (labelled with the versions read before it). */
  keep: (count: number) => void;
};

const NO_CACHE: CountLookup = { count: null, keep: () => {} };

/**
 * The cached total of `key`'s query when no table it reads was written since it was counted. Nothing is cached
 * for a query that cannot be (null key), nor inside a transaction (its own uncommitted writes are not in the
 * shared versions yet).
 */
export async function lookupCount(
  ctx: EngineContext,
  key: CountKey | null,
  read: VersionReader = tableVersions,
): Promise<CountLookup> {
  const db = ctx.db as unknown as Kysely<any>;
  if (!key || db.isTransaction) return NO_CACHE;
  const tableVersionsRead = await read(db, key.tables);
  if (tableVersionsRead === null) return NO_CACHE;
  const versions = joined(tableVersionsRead);
  const entries = caches.of(db);
  const keep = (count: number) => {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key.key, { versions, count });
  };
  const hit = entries.get(key.key);
  if (hit && hit.versions === versions) {
    // Most recently used last: the oldest entry is the first to go.
    entries.delete(key.key);
    entries.set(key.key, hit);
    return { count: hit.count, keep };
  }
  return { count: null, keep };
}

/** The exact total of `key`'s query: cached (lookupCount), otherwise `count()`, then kept. */
export async function cachedCount(
  ctx: EngineContext,
  key: CountKey | null,
  count: () => Promise<number>,
  read: VersionReader = tableVersions,
): Promise<number> {
  const lookup = await lookupCount(ctx, key, read);
  if (lookup.count !== null) return lookup.count;
  const total = await count();
  lookup.keep(total);
  return total;
}
