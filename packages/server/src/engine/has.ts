import type { RawBuilder, SqlBool } from 'kysely';
import { exists, links } from './relations.js';
import type { Step } from './resolve.js';
import type { Aliases } from './sql.js';
import type { Registry } from './types.js';

// Stage 3c: `has=rel` / `hasnot=rel` (dotted paths allowed): correlated EXISTS / NOT EXISTS, null-safe.
export function existsCondition(
  registry: Registry,
  steps: Step[],
  alias: string,
  aliases: Aliases,
): RawBuilder<SqlBool> {
  const [first, ...rest] = steps;
  if (!first) throw new Error('Chemin de relation vide');
  const inner = rest.length ? (child: string) => existsCondition(registry, rest, child, aliases) : null;
  return exists(alias, links(registry, first.relation, aliases, inner));
}
