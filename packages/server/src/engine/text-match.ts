import { likeToPattern } from '@app/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { fieldExpression } from './resolve.js';
import { escapeLike, foldLike, ftsPhrase, ref } from './sql.js';
import type { EngineContext, Field, Resource } from './types.js';

// Accent- and case-insensitive text matching, shared by `like` filters and `search`.
// SQLite, on a field declared `textIndex` (migration 0004):
// - a contains/prefix match of 3+ characters looks the distinct values up in the column's trigram-indexed
//   terms table (`<table>_<column>_terms_fts`, an exact folded substring match), then finds the rows through
//   the column's B-tree index;
// - a prefix without letters (booking numbers after `#`: digits, dashes) is a plain B-tree range;
// - anything else, and PostgreSQL (pg_trgm indexes on the same fold() expressions when available), is
//   fold() LIKE with `\` as the escape character.

export type TextMatch = { kind: 'contains' | 'prefix' | 'exact'; text: string };

/** The `~` wildcard pattern of a `like` filter as a match: `~x~` contains, `x~` prefix, `x` exact. */
export function likeToMatch(value: string): TextMatch | { kind: 'pattern'; pattern: string } {
  const inner = value.replace(/^~+|~+$/g, '');
  if (!inner.includes('~')) {
    const starts = value.startsWith('~');
    const ends = value.endsWith('~') && value.length > 1;
    if (inner === '') return { kind: 'pattern', pattern: '%' };
    if (starts && ends) return { kind: 'contains', text: inner };
    if (!starts && ends) return { kind: 'prefix', text: inner };
    if (!starts && !ends) return { kind: 'exact', text: inner };
  }
  return { kind: 'pattern', pattern: likeToPattern(value) };
}

const patternOf = (m: TextMatch): string =>
  m.kind === 'contains'
    ? `%${escapeLike(m.text)}%`
    : m.kind === 'prefix'
      ? `${escapeLike(m.text)}%`
      : escapeLike(m.text);

export function textCondition(
  ctx: EngineContext,
  resource: Resource,
  name: string,
  field: Field,
  alias: string,
  match: TextMatch | { kind: 'pattern'; pattern: string },
): RawBuilder<SqlBool> {
  const expr = fieldExpression(name, field, alias);
  if (match.kind === 'pattern') return foldLike(expr, match.pattern);
  const useIndex = ctx.dialect === 'sqlite' && field.textIndex && !field.sql && [...match.text].length >= 3;
  if (!useIndex || match.kind === 'exact') return foldLike(expr, patternOf(match));
  const column = ref(alias, field.column ?? name);
  if (match.kind === 'prefix' && !/\p{L}/u.test(match.text)) {
    // U+10FFFF sorts after every character in SQLite's binary collation: [text, text + max) is the prefix.
    return sql<SqlBool>`(${column} >= ${match.text} and ${column} < ${`${match.text}\u{10FFFF}`})`;
  }
  const terms = `${resource.table}_${field.column ?? name}_terms`;
  const query = `${match.kind === 'prefix' ? '^ ' : ''}${ftsPhrase(match.text)}`;
  const fts = sql.table(`${terms}_fts`);
  return sql<SqlBool>`${column} in (select ${sql.ref('value')} from ${sql.table(terms)} where ${sql.ref('id')} in (select rowid from ${fts} where ${fts} match ${query}))`;
}
