import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { throughPath } from './filter.js';
import { exists, links, whereClause } from './relations.js';
import { type FieldPath, resolveFieldPath } from './resolve.js';
import { type Aliases, FALSE, or, ref, TRUE, table } from './sql.js';
import type { ResolvedTerms, TermsLookup } from './term-cache.js';
import { digitsCondition, type TextMatch, termsLookupOf, textCondition } from './text-match.js';
import type { EngineContext, Registry, Resource, RowCondition } from './types.js';

// Stage 3b: `search=text`, an OR over the resource's declared search paths, each a folded contains-match
// (through the text indexes where declared). A text starting with `#` looks up the `hashSearch` paths by
// prefix instead (booking numbers).
// SQLite answers a plain OR of semi-joins best (its MULTI-INDEX OR unions the rowids of each arm). PostgreSQL
// does not: with an OR it scans every row. There the search is `id IN (arm1 UNION arm2 ...)`, each arm a query
// of its own starting from its own index (`select booking_id from passengers where ...` for a to-many path).
type SearchPaths = { paths: FieldPath[]; leafOf: (path: FieldPath) => RowCondition } | null;

/** The declared paths a search text looks up, with the text match of each; null for an empty text (no condition). */
function searchPaths(
  ctx: EngineContext,
  registry: Registry,
  resource: Resource,
  text: string,
  options: { rowByRow?: boolean; terms?: ResolvedTerms } = {},
): SearchPaths {
  const parsed = parseSearch(registry, resource, text);
  if (!parsed) return null;
  const leafOf =
    (path: FieldPath): RowCondition =>
    (a) =>
      path.field.searchAs === 'digits'
        ? digitsCondition(path.name, path.field, a, parsed.match)
        : textCondition(ctx, path.resource, path.name, path.field, a, parsed.match, {
            // SQLite reads a root column's own index to drive the OR; PostgreSQL, given the terms as a sub-select,
            // expected too many rows and walked the primary key instead of the filters' index (30 ms against 1.2).
            rowByRow: Boolean(options.rowByRow) && (path.steps.length > 0 || ctx.dialect === 'postgres'),
            terms: options.terms,
          });
  return { paths: parsed.paths, leafOf };
}

/** The declared paths a search text looks up and the match it makes on each; null for an empty text. */
function parseSearch(
  registry: Registry,
  resource: Resource,
  text: string,
): { paths: FieldPath[]; match: TextMatch } | null {
  const isHash = text.startsWith('#') && Boolean(resource.hashSearch?.length);
  const term = isHash ? text.slice(1).trim() : text;
  if (!term) return null;
  const paths = ((isHash ? resource.hashSearch : resource.search) ?? []).map((p) =>
    resolveFieldPath(registry, resource, p),
  );
  return { paths, match: { kind: isHash ? 'prefix' : 'contains', text: term } };
}

/** The terms lookups a search makes (term-cache.ts resolves them before the statement is built). */
export function searchTermsLookups(registry: Registry, resource: Resource, text: string): TermsLookup[] {
  const parsed = parseSearch(registry, resource, text);
  if (!parsed) return [];
  return parsed.paths.flatMap((p) => termsLookupOf(p.resource, p.name, p.field, parsed.match) ?? []);
}

/**
 * The search as a UNION of queries each selecting matching root ids as `id`, every one starting from its own
 * index (`select booking_id from passengers where ...` for a to-many path). Null for an empty text (every row
 * matches); an empty list when the resource declares no search paths (no row matches). A to-many arm may answer
 * the same id several times: the UNION removes duplicates.
 */
export function searchArms(
  ctx: EngineContext,
  registry: Registry,
  resource: Resource,
  text: string,
  aliases: Aliases,
  terms?: ResolvedTerms,
): RawBuilder<unknown>[] | null {
  const search = searchPaths(ctx, registry, resource, text, { terms });
  if (!search) return null;
  return search.paths.flatMap((path) => {
    const [first, ...rest] = path.steps;
    if (first && first.relation.kind !== 'belongsTo') {
      // A to-many relation: its link already selects the parent ids (parentColumn is the parent's id).
      const inner = (child: string) => throughPath(registry, rest, child, aliases, search.leafOf(path));
      return links(registry, first.relation, aliases, inner).map(
        (l) => sql`select ${l.key} as ${sql.id('id')} from ${l.from}${whereClause(l.where)}`,
      );
    }
    const arm = aliases.take();
    const condition = throughPath(registry, path.steps, arm, aliases, search.leafOf(path));
    return [sql`select ${ref(arm, 'id')} as ${sql.id('id')} from ${table(resource.table, arm)} where ${condition}`];
  });
}

/**
 * `leaf` on the rows reached through `steps`, as a correlated EXISTS at the first step: tested row by row through
 * the relation's index, for the few rows the rest of the query leaves (list.ts isCorrelatedSearchCheaper).
 */
function correlatedPath(
  ctx: EngineContext,
  registry: Registry,
  steps: FieldPath['steps'],
  alias: string,
  aliases: Aliases,
  leaf: RowCondition,
): RawBuilder<SqlBool> {
  const [first, ...rest] = steps;
  if (!first) return leaf(alias);
  return exists(
    alias,
    links(registry, first.relation, aliases, (child) => throughPath(registry, rest, child, aliases, leaf)),
    ctx.dialect === 'postgres',
  );
}

export function searchCondition(
  ctx: EngineContext,
  registry: Registry,
  resource: Resource,
  text: string,
  alias: string,
  aliases: Aliases,
  correlated = false,
  terms?: ResolvedTerms,
): RawBuilder<SqlBool> {
  if (ctx.dialect === 'sqlite' || correlated) {
    // SQLite: an OR of semi-joins. Row by row (list.ts isCorrelatedSearchCheaper), on both engines: each path a
    // correlated EXISTS through the relation's index, the matching terms read once for the statement.
    const search = searchPaths(ctx, registry, resource, text, { rowByRow: correlated, terms });
    if (!search) return TRUE;
    return or(
      search.paths.map((path) =>
        correlated
          ? correlatedPath(ctx, registry, path.steps, alias, aliases, search.leafOf(path))
          : throughPath(registry, path.steps, alias, aliases, search.leafOf(path)),
      ),
    );
  }
  const arms = searchArms(ctx, registry, resource, text, aliases, terms);
  if (!arms) return TRUE;
  if (!arms.length) return FALSE;
  return sql<SqlBool>`${ref(alias, 'id')} in (${sql.join(arms, sql` union `)})`;
}
