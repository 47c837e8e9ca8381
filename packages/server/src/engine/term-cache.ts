// biome-ignore-all lint/suspicious/noExplicitAny: reads the terms tables of any database the engine runs on
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { defineCache } from '../core/caches.js';
import { tableVersions, type VersionReader } from './count-cache.js';
import { escapeLike, ftsPhrase, literalLimit } from './sql.js';
import type { EngineContext } from './types.js';

// The terms a search text matches, kept while the table they index is unchanged. A search looks each indexed
// column's terms up in its trigram index (text-match.ts). On SQLite, for the search of a list narrowed to a few
// hundred rows, those four lookups were 60 % of the statement (0.3 of 0.5 ms), the same answer for every page,
// order and filter the user tries with that text. The matching terms are read once, kept with the version of the
// table whose column they index (its triggers fill the terms table in the same transaction as they bump that
// version: migrations 0004 and 0014), and bound to the statement as a list. Same rule as the count cache: the
// version is read before the terms, so a write in between labels the kept terms with an older version that never
// matches again.
// PostgreSQL too: there the lookup (a LIKE over the terms' folded text, pg_trgm) cost little to run but, inside the
// list's statement, made PostgreSQL plan the whole statement again at every call (a LIKE's plan depends on its
// pattern, so such statements are not prepared: db/database.ts). Given as an array parameter, the terms leave a
// statement that is prepared and planned once per connection (bench b in process: ids 1.53 -> 1.18 ms).

/** The terms one text matches in one column's terms table: a contains or prefix match of 3+ characters. */
export type TermsLookup = { terms: string; table: string; kind: 'contains' | 'prefix'; text: string };

/**
 * The kept terms of one lookup as the statement binds them: their JSON text on SQLite (read by json_each), the array
 * itself on PostgreSQL. Kept in that form, so that a compiled statement (engine/compiled.ts) takes them as any value.
 */
export type TermsParameter = string | readonly string[];

/** The kept terms of the lookups of one request, by lookupKey. */
export type ResolvedTerms = ReadonlyMap<string, TermsParameter>;

type Entry = { version: string; parameter: TermsParameter };

const MAX_ENTRIES = 1_000;
/** Beyond these many matching terms (two letters common to half the names...), the sub-select stays. */
const MAX_TERMS = 500;
const caches = defineCache<object, Map<string, Entry>>(
  {
    name: 'engine/term-cache.ts',
    keeps: "The terms a search text matches in one column's terms table, as the statement binds them",
    key: 'The lookup: terms table, match kind, text',
    invalidatedBy: 'The version of the table whose column they index changes',
    bound: `${MAX_ENTRIES} lookups per database; more than ${MAX_TERMS} matching terms are not kept (the sub-select stays)`,
    attachedTo: 'database',
  },
  () => new Map(),
);

export const lookupKey = (l: Omit<TermsLookup, 'table'>): string => `${l.terms}|${l.kind}|${l.text}`;

/** SQLite: the values of a terms table that its FTS5 trigram index matches (a select of `value`). */
export function matchingTerms(lookup: Omit<TermsLookup, 'table'>): RawBuilder<{ value: string }> {
  const terms = sql.table(lookup.terms);
  const fts = sql.table(`${lookup.terms}_fts`);
  const query = `${lookup.kind === 'prefix' ? '^ ' : ''}${ftsPhrase(lookup.text)}`;
  return sql`select value from ${terms} where id in (select rowid from ${fts} where ${fts} match ${query})`;
}

/** Kept terms bound to a statement as one value (SQLite: their JSON text): a select of `value`, whatever their number. */
export const keptTerms = (parameter: TermsParameter): RawBuilder<{ value: string }> =>
  sql`select value from json_each(${parameter})`;

/**
 * PostgreSQL: the values of a terms table whose stored folded text (migration 0005, its pg_trgm index) matches a
 * LIKE pattern (`\\` escapes), as a select of `value`.
 */
export function foldedTermsLike(terms: string, pattern: string): RawBuilder<{ value: string }> {
  return sql`select value from ${sql.table(terms)} where folded like fold(${pattern}) escape '\\'`;
}

/** PostgreSQL: the values a contains or prefix lookup matches. */
const matchingTermsPostgres = (lookup: Omit<TermsLookup, 'table'>): RawBuilder<{ value: string }> =>
  foldedTermsLike(lookup.terms, `${lookup.kind === 'contains' ? '%' : ''}${escapeLike(lookup.text)}%`);

/**
 * The terms each lookup matches, from the kept ones when their table is unchanged, else read and kept. Empty
 * inside a transaction (its own writes are not in the shared versions yet).
 */
export async function resolveTerms(
  ctx: Pick<EngineContext, 'db' | 'dialect'>,
  lookups: readonly TermsLookup[],
  read: VersionReader = tableVersions,
): Promise<ResolvedTerms> {
  const db = ctx.db as unknown as Kysely<any>;
  const resolved = new Map<string, TermsParameter>();
  if (db.isTransaction || lookups.length === 0) return resolved;
  const versions = await read(db, [...new Set(lookups.map((l) => l.table))]);
  if (!versions) return resolved;
  const cache = caches.of(db);
  for (const lookup of lookups) {
    const key = lookupKey(lookup);
    const version = versions.get(lookup.table);
    if (version === undefined || resolved.has(key)) continue;
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit);
      resolved.set(key, hit.parameter);
      continue;
    }
    const matching = ctx.dialect === 'postgres' ? matchingTermsPostgres(lookup) : matchingTerms(lookup);
    const rows = await sql<{ value: string }>`${matching} limit ${literalLimit(MAX_TERMS + 1)}`.execute(db);
    if (rows.rows.length > MAX_TERMS) continue;
    const values = rows.rows.map((r) => r.value);
    const parameter = ctx.dialect === 'postgres' ? values : JSON.stringify(values);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, { version, parameter });
    resolved.set(key, parameter);
  }
  return resolved;
}
