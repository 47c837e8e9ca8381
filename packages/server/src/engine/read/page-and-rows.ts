// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import { type SqlBool, sql } from 'kysely';
import { runShaped } from '../compiled.js';
import { Aliases, ref } from '../sql.js';
import type { Row } from '../types.js';
import { type PageWindow, pageBounds } from './paging.js';
import { plainQuery, rowSelections, rowsKey } from './query.js';
import { type Shape, withValues } from './shape.js';
import type { ListRead } from './state.js';

/**
 * PostgreSQL: a plain page's ids and its rows in one statement (a CTE), one round trip instead of two. The versions
 * of the tables its total depends on come with the page (one statement, one snapshot): the count cache then needs
 * no round trip of its own (list a: three round trips become two). Those versions join the read's known ones.
 */
export async function pageAndRows(r: ListRead, shape: Shape, w: PageWindow): Promise<Row[]> {
  const { ctx, registry, plan, db } = r;
  const versionTables = r.countKey()?.tables ?? [];
  const rows = await runShaped<Row>(
    db,
    plan.resource,
    `page|${shape.key}|${w.boundsKey}|${rowsKey(plan)}|${versionTables.join(',')}`,
    [...shape.values, ...w.bounds],
    (v) => {
      const n = shape.values.length;
      const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, n)));
      const page = q.base
        .select([ref(q.root, 'id').as('id'), sql<number>`row_number() over (order by ${q.order()})`.as('__pos')])
        .orderBy(q.order())
        .$call((query) => pageBounds(query, w.perPage, w.offset && v[n]));
      const aliases = new Aliases();
      const outer = aliases.take();
      return (db as any)
        .with('__page', () => page)
        .selectFrom(`${plan.resource.table} as ${outer}`)
        .innerJoin('__page', (join: any) => join.on(sql<SqlBool>`${sql.ref('__page.id')} = ${ref(outer, 'id')}`))
        .select([
          ...rowSelections(ctx, registry, plan, outer, aliases),
          ...(versionTables.length
            ? [
                // Table names from the declarations, not from the request: literals keep the shape's values.
                sql`(select json_object_agg(name, version) from table_versions where name in (${sql.join(
                  versionTables.map((t) => sql.lit(t)),
                )}))`.as('__versions'),
              ]
            : []),
        ])
        .orderBy(sql.ref('__page.__pos'));
    },
  );
  const withVersions = rows[0]?.__versions as Record<string, string | number> | null | undefined;
  if (withVersions)
    for (const [name, version] of Object.entries(withVersions)) r.knownVersions.set(name, String(version));
  for (const row of rows) delete row.__versions;
  return rows;
}
