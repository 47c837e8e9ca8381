import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type Aliases, and, or, ref, table } from './sql.js';
import type { Registry, Relation, Resource, RowCondition } from './types.js';

// How a relation reaches its rows from a parent row, as SQL. Every relation becomes one or two "links": a
// parent column and a sub-select of the matching keys. Filters use them as `parent.col IN (sub-select)`
// (a semi-join: never multiplies the parent rows and lets the planner start from the selective side);
// has/hasnot as correlated EXISTS (null-safe under NOT); counts as a correlated COUNT(*).

export type Link = {
  parentColumn: string;
  from: RawBuilder<unknown>;
  key: RawBuilder<unknown>;
  where: RawBuilder<SqlBool>[];
};

export function targetOf(registry: Registry, relation: Relation): Resource {
  const target = registry.get(relation.target);
  if (!target) throw new Error(`Resource cible inconnue : ${relation.target}`);
  return target;
}

/**
 * `cond` restricts the target rows (alias given); null means "any row". The relation's own `where` always applies.
 */
export function links(registry: Registry, relation: Relation, aliases: Aliases, cond: RowCondition | null): Link[] {
  const target = targetOf(registry, relation);
  const targetWhere = (alias: string): RawBuilder<SqlBool>[] => {
    const parts: RawBuilder<SqlBool>[] = [];
    if (relation.where) parts.push(relation.where(alias));
    if (cond) parts.push(cond(alias));
    return parts;
  };
  switch (relation.kind) {
    case 'belongsTo': {
      const c = aliases.take();
      return [
        { parentColumn: relation.foreignKey, from: table(target.table, c), key: ref(c, 'id'), where: targetWhere(c) },
      ];
    }
    case 'hasMany': {
      const c = aliases.take();
      return [
        { parentColumn: 'id', from: table(target.table, c), key: ref(c, relation.foreignKey), where: targetWhere(c) },
      ];
    }
    case 'manyToMany':
    case 'symmetric': {
      const pairs: [string, string][] = [[relation.localKey, relation.foreignKey]];
      if (relation.kind === 'symmetric') pairs.push([relation.foreignKey, relation.localKey]);
      return pairs.map(([local, foreign]) => {
        const p = aliases.take();
        if (!relation.where && !cond)
          return { parentColumn: 'id', from: table(relation.pivot, p), key: ref(p, local), where: [] };
        // The target joined on its primary key (one row per pivot row), not `foreign IN (sub-select)`: inside a
        // correlated EXISTS or COUNT, SQLite re-ran that sub-select for every parent row (83 s for
        // registrations?has=passenger.realized_flights on the bench), while the join follows two indexes.
        const c = aliases.take();
        return {
          parentColumn: 'id',
          from: sql`${table(relation.pivot, p)} join ${table(target.table, c)} on ${ref(c, 'id')} = ${ref(p, foreign)}`,
          key: ref(p, local),
          where: targetWhere(c),
        };
      });
    }
  }
}

export const whereClause = (parts: RawBuilder<SqlBool>[]) => (parts.length ? sql` where ${and(parts)}` : sql``);

/** parent.col IN (select key ...), OR-ed over the links. */
export function semiJoin(parentAlias: string, list: Link[]): RawBuilder<SqlBool> {
  return or(
    list.map(
      (l) =>
        sql<SqlBool>`${ref(parentAlias, l.parentColumn)} in (select ${l.key} from ${l.from}${whereClause(l.where)})`,
    ),
  );
}

/**
 * EXISTS (select 1 ... and key = parent.col), OR-ed over the links. `fenced` (PostgreSQL only: SQLite has no OFFSET without LIMIT): with `offset 0`,
 * which keeps PostgreSQL from turning the EXISTS into a hashed sub-plan over every child that matches (all the
 * passengers of a common name) when the parent rows are few: each is then tested through the link's index.
 */
export function exists(parentAlias: string, list: Link[], fenced = false): RawBuilder<SqlBool> {
  const tail = fenced ? sql` offset 0` : sql``;
  return or(
    list.map(
      (l) =>
        sql<SqlBool>`exists (select 1 from ${l.from} where ${and([...l.where, sql<SqlBool>`${l.key} = ${ref(parentAlias, l.parentColumn)}`])}${tail})`,
    ),
  );
}

/** (select count(*) ...) summed over the links. */
export function countOf(parentAlias: string, list: Link[]): RawBuilder<number> {
  const parts = list.map(
    (l) =>
      sql<number>`(select count(*) from ${l.from} where ${and([...l.where, sql<SqlBool>`${l.key} = ${ref(parentAlias, l.parentColumn)}`])})`,
  );
  return parts.length === 1 ? parts[0]! : sql<number>`(${sql.join(parts, sql` + `)})`;
}
