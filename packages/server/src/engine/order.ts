import type { OrderDirection, OrderItem } from '@app/domain';
import { type RawBuilder, sql } from 'kysely';
import type { ResolvedOrder } from './plan.js';
import { countOf, links } from './relations.js';
import { fieldExpression, type Step } from './resolve.js';
import { type Aliases, and, ref, table } from './sql.js';
import type { Field, Registry, Resource } from './types.js';

// Stage 4: order. Fields of single-valued relations (`customer.last_name`) are read by a correlated scalar
// sub-select, `<relation>_count` by a correlated COUNT. NULLs sort last in both directions on both engines
// (SQLite and PostgreSQL disagree by default); NOT NULL columns skip the clause so indexes still serve the sort.
// The primary key always closes the order, so pages never overlap.

export type OrderExpression = { expr: RawBuilder<unknown>; direction: OrderDirection; isNullable: boolean };

/** One order item; a field ordered alphabetically sorts by its folded text first (Field.isOrderedAlphabetically). */
function fieldOrder(field: Field, item: Omit<OrderExpression, 'isNullable'>, isNullable: boolean): OrderExpression[] {
  const exact = { ...item, isNullable };
  return field.isOrderedAlphabetically ? [{ ...exact, expr: sql`fold(${item.expr})` }, exact] : [exact];
}

/** Direct-field order of a resource (defaults, embedded lists), as SQL on `alias`. */
export function simpleOrder(resource: Resource, items: OrderItem[], alias: string): OrderExpression[] {
  const list: OrderExpression[] = [];
  for (const item of items) {
    const field = resource.fields[item.field];
    if (!field) throw new Error(`Ordre par défaut invalide : ${resource.name}.${item.field}`);
    list.push(
      ...fieldOrder(
        field,
        { expr: fieldExpression(item.field, field, alias), direction: item.direction },
        !field.notNull && field.type !== 'id',
      ),
    );
  }
  if (!items.some((i) => i.field === 'id')) list.push({ expr: ref(alias, 'id'), direction: 'ASC', isNullable: false });
  return list;
}

export function orderSql(list: OrderExpression[]): RawBuilder<unknown> {
  return sql.join(
    list.map(
      (o) =>
        sql`${o.expr} ${sql.raw(o.direction === 'DESC' ? 'desc' : 'asc')}${sql.raw(o.isNullable ? ' nulls last' : '')}`,
    ),
  );
}

function scalarThrough(
  registry: Registry,
  steps: Step[],
  alias: string,
  aliases: Aliases,
  leaf: (alias: string) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const [first, ...rest] = steps;
  if (!first) return leaf(alias);
  const { relation, to } = first;
  const c = aliases.take();
  const inner = scalarThrough(registry, rest, c, aliases, leaf);
  const where = relation.where ? [relation.where(c)] : [];
  if (relation.kind === 'belongsTo') {
    return sql`(select ${inner} from ${table(to.table, c)} where ${and([...where, sql`${ref(c, 'id')} = ${ref(alias, relation.foreignKey)}`])})`;
  }
  if (relation.kind === 'hasMany') {
    const order = orderSql(simpleOrder(to, relation.order ?? to.defaultOrder, c));
    return sql`(select ${inner} from ${table(to.table, c)} where ${and([...where, sql`${ref(c, relation.foreignKey)} = ${ref(alias, 'id')}`])} order by ${order} limit 1)`;
  }
  throw new Error(`Tri impossible à travers ${first.name}`);
}

export function orderExpressions(
  registry: Registry,
  resource: Resource,
  order: ResolvedOrder[],
  alias: string,
  aliases: Aliases,
): OrderExpression[] {
  if (!order.length) return simpleOrder(resource, resource.defaultOrder, alias);
  const list = order.flatMap((o): OrderExpression[] => {
    if (o.kind === 'count') {
      return [
        {
          expr: countOf(alias, links(registry, o.step.relation, aliases, null)),
          direction: o.direction,
          isNullable: false,
        },
      ];
    }
    const { path } = o;
    const expr = scalarThrough(registry, path.steps, alias, aliases, (a) => fieldExpression(path.name, path.field, a));
    const isNullable = path.steps.length > 0 || (!path.field.notNull && path.field.type !== 'id');
    return fieldOrder(path.field, { expr, direction: o.direction }, isNullable);
  });
  const hasId = order.some((o) => o.kind === 'field' && !o.path.steps.length && o.path.name === 'id');
  if (!hasId) list.push({ expr: ref(alias, 'id'), direction: 'ASC', isNullable: false });
  return list;
}
