import { type AliasedRawBuilder, sql } from 'kysely';
import type { ResolvedCount } from './plan.js';
import { countOf, links } from './relations.js';
import { fieldExpression } from './resolve.js';
import type { Aliases } from './sql.js';
import type { EngineContext, Registry, Resource, Row, SharedSelect } from './types.js';

// Stage 5: what a row answers: its declared, non-hidden fields (columns and computed expressions), plus
// `<relation>_count` for each `count=`. Never `select *`: undeclared columns (password_hash...) stay inside.

const SHARED = '__shared_';

/** A shared sub-select with the answered fields it reads, in the order of its JSON array. */
type SharedGroup = { group: string; column: string; select: SharedSelect; names: string[] };

const groupsOf = new WeakMap<Resource, SharedGroup[]>();

/** The shared sub-selects a resource's answered fields use (declared once: worked out once per resource). */
function sharedGroups(resource: Resource): SharedGroup[] {
  let known = groupsOf.get(resource);
  if (!known) {
    known = Object.entries(resource.sharedSelects ?? {}).flatMap(([group, select]) => {
      const names = Object.keys(select.fields).filter((name) => {
        const field = resource.fields[name];
        return field && !field.hidden && field.shared === group;
      });
      return names.length ? [{ group, column: `${SHARED}${group}`, select, names }] : [];
    });
    groupsOf.set(resource, known);
  }
  return known;
}

/**
 * The declared, non-hidden fields of `resource` on `alias`. With `ctx` (a list's own rows), the fields of a shared
 * sub-select come from it, as one JSON array column that `unpackShared` turns back into the fields.
 */
export function fieldSelections(
  resource: Resource,
  alias: string,
  ctx?: Pick<EngineContext, 'dialect'>,
): AliasedRawBuilder<unknown, string>[] {
  const groups = ctx ? sharedGroups(resource) : [];
  const grouped = new Set(groups.flatMap((g) => g.names));
  const own = Object.entries(resource.fields)
    .filter(([name, field]) => !field.hidden && !grouped.has(name))
    .map(([name, field]) => sql`${fieldExpression(name, field, alias)}`.as(name));
  const array = sql.raw(ctx?.dialect === 'postgres' ? 'json_build_array' : 'json_array');
  const shared = groups.map(({ group, column, select, names }) => {
    const inner = `${alias}_${group}`;
    const values = names.map((name) => select.fields[name]?.(alias, inner));
    return sql`(select ${array}(${sql.join(values)}) from ${select.from(alias, inner)})`.as(column);
  });
  return [...own, ...shared];
}

/** Puts the fields read by a shared sub-select (fieldSelections with a context) in place on each row. */
export function unpackShared(resource: Resource, rows: Row[]): void {
  for (const { column, names } of sharedGroups(resource)) {
    for (const row of rows) {
      if (!(column in row)) continue;
      const raw = row[column];
      delete row[column];
      const values = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[] | null;
      names.forEach((name, i) => {
        row[name] = values?.[i] ?? null;
      });
    }
  }
}

export function countSelections(
  registry: Registry,
  counts: ResolvedCount[],
  alias: string,
  aliases: Aliases,
): AliasedRawBuilder<unknown, string>[] {
  return counts.map((c) => countOf(alias, links(registry, c.step.relation, aliases, null)).as(`${c.name}_count`));
}
