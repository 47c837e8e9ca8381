import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { FilterValue, ResolvedFilter } from './plan.js';
import { links, semiJoin } from './relations.js';
import { fieldExpression, type Step } from './resolve.js';
import type { Aliases } from './sql.js';
import { likeToMatch, textCondition } from './text-match.js';
import type { EngineContext, Registry, RowCondition } from './types.js';

// Stage 3: filters, AND-ed. A relation path becomes nested semi-joins (`fk IN (select id ...)`,
// `id IN (select booking_id ...)`): an existential test that never multiplies the rows.
// `<>` and `notin` keep NULLs ("not equal to X" includes the empty ones); the other comparisons do not.

/** Runs `leaf` on the rows reached through `steps` from `alias`. */
export function throughPath(
  registry: Registry,
  steps: Step[],
  alias: string,
  aliases: Aliases,
  leaf: RowCondition,
): RawBuilder<SqlBool> {
  const [first, ...rest] = steps;
  if (!first) return leaf(alias);
  const inner: RowCondition = (child) => throughPath(registry, rest, child, aliases, leaf);
  return semiJoin(alias, links(registry, first.relation, aliases, inner));
}

const list = (values: FilterValue[]) => sql.join(values.map((v) => sql`${v}`));

export function filterCondition(
  ctx: EngineContext,
  registry: Registry,
  filter: ResolvedFilter,
  alias: string,
  aliases: Aliases,
): RawBuilder<SqlBool> {
  const { path, op, value } = filter;
  const leaf: RowCondition = (a) => {
    const expr = fieldExpression(path.name, path.field, a);
    switch (op) {
      case 'null':
        return sql<SqlBool>`${expr} is null`;
      case 'notnull':
        return sql<SqlBool>`${expr} is not null`;
      case 'in':
        return sql<SqlBool>`${expr} in (${list(value as FilterValue[])})`;
      case 'notin':
        return sql<SqlBool>`(${expr} not in (${list(value as FilterValue[])}) or ${expr} is null)`;
      case 'like':
        return textCondition(ctx, path.resource, path.name, path.field, a, likeToMatch(String(value)));
      case '<>':
        return sql<SqlBool>`(${expr} <> ${value} or ${expr} is null)`;
      default:
        return sql<SqlBool>`${expr} ${sql.raw(op)} ${value}`;
    }
  };
  return throughPath(registry, path.steps, alias, aliases, leaf);
}
