import { likeToPattern } from '@app/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { fieldExpression } from './resolve.js';
import { escapeLike, foldLike, ref } from './sql.js';
import {
  foldedTermsLike,
  keptTerms,
  lookupKey,
  matchingTerms,
  type ResolvedTerms,
  type TermsLookup,
} from './term-cache.js';
import type { EngineContext, Field, Resource } from './types.js';

// Accent- and case-insensitive text matching, shared by `like` filters and `search`.
// A field declared `textIndex` has its distinct values in a terms table (`<table>_<column>_terms`, migration
// 0004, filled by triggers): a match looks the few matching terms up, then finds the rows through the column's
// own B-tree index, instead of folding every row.
// - SQLite, 3+ characters, contains or prefix: the terms' FTS5 trigram index (an exact folded substring match);
// - PostgreSQL: LIKE over the terms' stored folded text (migration 0005), served by its pg_trgm index when the
//   extension is there;
// - a prefix or exact match without letters (booking numbers: digits, dashes) needs no folding: an equality, a
//   B-tree range (SQLite) or a LIKE prefix on the column's text_pattern_ops index (PostgreSQL);
// - any other field: fold(column) LIKE fold(pattern) with `\` as the escape character.

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

/**
 * The terms lookup of a contains or prefix match of 3+ characters with letters on a `textIndex` column (a trigram
 * index serves it: SQLite's FTS5, PostgreSQL's pg_trgm), which term-cache.ts may resolve beforehand; else null.
 */
export function termsLookupOf(
  resource: Resource,
  name: string,
  field: Field,
  match: TextMatch | { kind: 'pattern'; pattern: string },
): TermsLookup | null {
  if (!field.textIndex || field.sql || field.searchAs) return null;
  if (match.kind !== 'contains' && match.kind !== 'prefix') return null;
  if ([...match.text].length < 3 || (match.kind === 'prefix' && !/\p{L}/u.test(match.text))) return null;
  return {
    terms: `${resource.table}_${field.column ?? name}_terms`,
    table: resource.table,
    kind: match.kind,
    text: match.text,
  };
}

/** What a phone number is typed with besides its digits (stored spaced in pairs; staff type dots, dashes...). */
const PHONE_SEPARATORS = [' ', '\u00a0', '.', '-', '/', '(', ')', '+'];

/** `text` without a phone number's separators; the text itself when nothing else is left ('--' finds no phone). */
export const withoutPhoneSeparators = (text: string): string =>
  [...text].filter((c) => !PHONE_SEPARATORS.includes(c)).join('') || text;

/**
 * The match of a `searchAs: 'digits'` field (Field.searchAs): the column and the text both without their
 * separators. The text is always a bound value, so the statement is the same whatever was typed.
 */
export function digitsCondition(name: string, field: Field, alias: string, match: TextMatch): RawBuilder<SqlBool> {
  let column: RawBuilder<unknown> = fieldExpression(name, field, alias);
  for (const separator of PHONE_SEPARATORS) column = sql`replace(${column}, ${sql.lit(separator)}, '')`;
  const pattern = patternOf({ ...match, text: withoutPhoneSeparators(match.text) });
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

export function textCondition(
  ctx: EngineContext,
  resource: Resource,
  name: string,
  field: Field,
  alias: string,
  match: TextMatch | { kind: 'pattern'; pattern: string },
  /**
   * The rows are already reached one by one through a relation's key (a correlated search, search.ts): the
   * column's own index must not be used (SQLite sought each matching term in it for every row, a third slower
   * than reading the row's few children by their key).
   */
  options: { rowByRow?: boolean; terms?: ResolvedTerms } = {},
): RawBuilder<SqlBool> {
  const pattern = match.kind === 'pattern' ? match.pattern : patternOf(match);
  if (!field.textIndex || field.sql) return foldLike(fieldExpression(name, field, alias), pattern);
  const column = ref(alias, field.column ?? name);
  // Without letters, folding changes nothing: an exact match is an equality on the column's index.
  if (match.kind === 'exact' && !/\p{L}/u.test(match.text)) return sql<SqlBool>`${column} = ${match.text}`;
  if (match.kind === 'prefix' && !/\p{L}/u.test(match.text)) {
    if (ctx.dialect === 'postgres') return sql<SqlBool>`${column} like ${`${escapeLike(match.text)}%`} escape '\\'`;
    // U+10FFFF sorts after every character in SQLite's binary collation: [text, text + max) is the prefix.
    return sql<SqlBool>`(${column} >= ${match.text} and ${column} < ${`${match.text}\u{10FFFF}`})`;
  }
  const termsTable = `${resource.table}_${field.column ?? name}_terms`;
  const terms = sql.table(termsTable);
  const lookup = termsLookupOf(resource, name, field, match);
  const known = lookup ? options.terms?.get(lookupKey(lookup)) : undefined;
  // PostgreSQL: the kept terms as one array parameter (no LIKE left in the statement: it is prepared once).
  if (known && ctx.dialect === 'postgres') return sql<SqlBool>`${column} = any(${known}::text[])`;
  if (lookup && ctx.dialect === 'sqlite') {
    // Unary plus: the same value, but not a column SQLite may look up through its index.
    const probed = options.rowByRow ? sql`+${column}` : column;
    return sql<SqlBool>`${probed} in (${known ? keptTerms(known) : matchingTerms(lookup)})`;
  }
  if (ctx.dialect === 'postgres') {
    // The terms' folded text is a stored column with the trigram index (migration 0005). Row by row, the terms
    // are an array computed once for the statement (an InitPlan), which the row's value is compared with.
    const matching = foldedTermsLike(termsTable, pattern);
    if (options.rowByRow) return sql<SqlBool>`${column} = any(array(${matching}))`;
    return sql<SqlBool>`${column} in (${matching})`;
  }
  return sql<SqlBool>`${column} in (select ${sql.ref('value')} from ${terms} where ${foldLike(sql.ref('value'), pattern)})`;
}
