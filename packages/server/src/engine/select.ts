import { type AliasedRawBuilder, sql } from 'kysely';
import { countOf, links } from './relations.js';
import { fieldExpression } from './resolve.js';
import type { Aliases } from './sql.js';
import type { EngineContext, Registry, Resource, Row } from './types.js';
import type { ResolvedCount } from './validate.js';

// Stage 5: what a row answers: its declared, non-hidden fields (columns and computed expressions), plus
// `<relation>_count` for each `count=`. Never `select *`: undeclared columns (password_hash...) stay inside.

const SHARED = '__shared_';

const groupsOf = new WeakMap<Resource, [string, string[]][]>();

/** The shared sub-selects a resource's answered fields use, with their fields in the order of the JSON array. */
function sharedGroups(resource: Resource): [string, string[]][] {
  let known = groupsOf.get(resource);
  if (!known) {
    known = findSharedGroups(resource);
    groupsOf.set(resource, known);
  }
  return known;
}

function findSharedGroups(resource: Resource): [string, string[]][] {
  const groups = resource.sharedSelects ?? {};
  return Object.entries(groups).flatMap(([group, shared]) => {
    const names = Object.keys(shared.fields).filter((name) => {
      const field = resource.fields[name];
      return field && !field.hidden && field.shared === group;
    });
    return names.length ? [[group, names] as [string, string[]]] : [];
  });
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
  const grouped = new Set(groups.flatMap(([, names]) => names));
  const own = Object.entries(resource.fields)
    .filter(([name, field]) => !field.hidden && !grouped.has(name))
    .map(([name, field]) => sql`${fieldExpression(name, field, alias)}`.as(name));
  const shared = groups.map(([group, names]) => {
    const select = resource.sharedSelects?.[group];
    if (!select) throw new Error(`Sous-sélection partagée inconnue : ${group}`);
    const inner = `${alias}_${group}`;
    const values = names.map((name) => (select.fields[name] as (a: string, i: string) => unknown)(alias, inner));
    const array = sql.raw(ctx?.dialect === 'postgres' ? 'json_build_array' : 'json_array');
    return sql`(select ${array}(${sql.join(values)}) from ${select.from(alias, inner)})`.as(`${SHARED}${group}`);
  });
  return [...own, ...shared];
}

/** Puts the fields read by a shared sub-select (fieldSelections with a context) in place on each row. */
export function unpackShared(resource: Resource, rows: Row[]): void {
  for (const [group, names] of sharedGroups(resource)) {
    const column = `${SHARED}${group}`;
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
