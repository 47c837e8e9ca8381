import { type RawBuilder, type SqlBool, sql } from 'kysely';

// Small SQL pieces shared by the engine stages. Identifiers passed here come from declarations only.

export const ref = (alias: string, column: string): RawBuilder<unknown> => sql.ref(`${alias}.${column}`);
export const table = (name: string, alias: string): RawBuilder<unknown> => sql`${sql.table(name)} as ${sql.id(alias)}`;

export const TRUE: RawBuilder<SqlBool> = sql<SqlBool>`1 = 1`;
export const FALSE: RawBuilder<SqlBool> = sql<SqlBool>`1 = 0`;

export function and(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

export function or(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0]!;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * A LIMIT written as a literal integer, never bound. SQLite (3.48 and later) reads the value bound to a `LIMIT ?`
 * while it plans, and so prepares the statement again at every run, statement cache or not (a teammates embed took
 * 11 µs instead of 4); PostgreSQL plans a named statement's bound LIMIT without knowing it. Only for integers the
 * server computed (a constant, a validated page size), never request text.
 */
export function literalLimit(rows: number): RawBuilder<number> {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`LIMIT inattendue : ${rows}`);
  return sql.lit(rows) as RawBuilder<number>;
}

/** Escapes LIKE's own wildcards so a value matches literally; `\` is the ESCAPE character everywhere. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `fold(expr) LIKE fold(pattern) ESCAPE '\'`: accent- and case-insensitive (db/migrations/0003). */
export const foldLike = (expr: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`fold(${expr}) like fold(${pattern}) escape '\\'`;

/** An FTS5 phrase (double quotes doubled): matched literally by the trigram tokenizer. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** Generated aliases (r0, r1...) for one query: never taken from the request. */
export class Aliases {
  private next = 0;
  take(): string {
    const alias = `r${this.next}`;
    this.next += 1;
    return alias;
  }
}
