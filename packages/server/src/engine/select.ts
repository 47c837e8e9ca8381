import { type AliasedRawBuilder, sql } from 'kysely';
import { countOf, links } from './relations.js';
import { fieldExpression } from './resolve.js';
import type { Aliases } from './sql.js';
import type { Registry, Resource } from './types.js';
import type { ResolvedCount } from './validate.js';

// Stage 5: what a row answers: its declared, non-hidden fields (columns and computed expressions), plus
// `<relation>_count` for each `count=`. Never `select *`: undeclared columns (password_hash...) stay inside.

export function fieldSelections(resource: Resource, alias: string): AliasedRawBuilder<unknown, string>[] {
  return Object.entries(resource.fields)
    .filter(([, field]) => !field.hidden)
    .map(([name, field]) => sql`${fieldExpression(name, field, alias)}`.as(name));
}

export function countSelections(
  registry: Registry,
  counts: ResolvedCount[],
  alias: string,
  aliases: Aliases,
): AliasedRawBuilder<unknown, string>[] {
  return counts.map((c) => countOf(alias, links(registry, c.step.relation, aliases, null)).as(`${c.name}_count`));
}
