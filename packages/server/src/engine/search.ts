import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { throughPath } from './filter.js';
import { links, whereClause } from './relations.js';
import { resolveFieldPath } from './resolve.js';
import { type Aliases, FALSE, or, ref, TRUE, table } from './sql.js';
import { textCondition } from './text-match.js';
import type { EngineContext, Registry, Resource } from './types.js';

// Stage 3b: `search=text`, an OR over the resource's declared search paths, each a folded contains-match
// (through the text indexes where declared). A text starting with `#` looks up the `hashSearch` paths by
// prefix instead (booking numbers, SPEC §5.3).
// SQLite answers a plain OR of semi-joins best (its MULTI-INDEX OR unions the rowids of each arm). PostgreSQL
// does not: with an OR it scans every row. There the search is `id IN (arm1 UNION arm2 ...)`, each arm a query
// of its own starting from its own index (`select booking_id from passengers where ...` for a to-many path).
export function searchCondition(
  ctx: EngineContext,
  registry: Registry,
  resource: Resource,
  text: string,
  alias: string,
  aliases: Aliases,
): RawBuilder<SqlBool> {
  const isHash = text.startsWith('#') && Boolean(resource.hashSearch?.length);
  const term = isHash ? text.slice(1).trim() : text;
  if (!term) return TRUE;
  const paths = ((isHash ? resource.hashSearch : resource.search) ?? []).map((p) =>
    resolveFieldPath(registry, resource, p),
  );
  if (!paths.length) return FALSE;
  const leafOf =
    (path: (typeof paths)[number]) =>
    (a: string): RawBuilder<SqlBool> =>
      textCondition(ctx, path.resource, path.name, path.field, a, { kind: isHash ? 'prefix' : 'contains', text: term });

  if (ctx.dialect === 'sqlite') {
    return or(paths.map((path) => throughPath(registry, path.steps, alias, aliases, leafOf(path))));
  }
  const arms = paths.flatMap((path) => {
    const [first, ...rest] = path.steps;
    if (first && first.relation.kind !== 'belongsTo') {
      // A to-many relation: its link already selects the parent ids (parentColumn is the parent's id).
      const inner = (child: string) => throughPath(registry, rest, child, aliases, leafOf(path));
      return links(registry, first.relation, aliases, inner).map(
        (l) => sql`select ${l.key} from ${l.from}${whereClause(l.where)}`,
      );
    }
    const arm = aliases.take();
    const condition = throughPath(registry, path.steps, arm, aliases, leafOf(path));
    return [sql`select ${ref(arm, 'id')} from ${table(resource.table, arm)} where ${condition}`];
  });
  return sql<SqlBool>`${ref(alias, 'id')} in (${sql.join(arms, sql` union `)})`;
}
