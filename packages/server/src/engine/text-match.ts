import { likeToPattern } from '@app/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { fieldExpression } from './resolve.js';
import { escapeLike, foldLike, ftsPhrase, ref } from './sql.js';
import type { EngineContext, Field, Resource } from './types.js';

// Accent- and case-insensitive text matching, shared by `like` filters and `search`.
// On SQLite a field declared `textIndex` is matched through its FTS5 trigram table (`<table>_fts`, migration
// 0004, tokenizer `trigram remove_diacritics 1`): a quoted phrase there is an exact, folded substring match
// answered from the index. Phrases under 3 characters have no trigram, so they fall back to fold() LIKE,
// as does PostgreSQL (where migration 0004 adds pg_trgm indexes on the same fold() expressions when it can).

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
  const column = field.column ?? name;
  const query = `{${column}} : ${match.kind === 'prefix' ? '^ ' : ''}${ftsPhrase(match.text)}`;
  const fts = sql.table(`${resource.table}_fts`);
  return sql<SqlBool>`${ref(alias, 'id')} in (select rowid from ${fts} where ${fts} match ${query})`;
}
