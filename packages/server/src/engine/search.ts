import type { RawBuilder, SqlBool } from 'kysely';
import { throughPath } from './filter.js';
import { resolveFieldPath } from './resolve.js';
import { type Aliases, or, TRUE } from './sql.js';
import { textCondition } from './text-match.js';
import type { EngineContext, Registry, Resource } from './types.js';

// Stage 3b: `search=text`, an OR over the resource's declared search paths, each a folded contains-match
// (through the FTS trigram index where declared). A text starting with `#` looks up the `hashSearch` paths
// by prefix instead (booking numbers, SPEC §5.3).
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
  const paths = (isHash ? resource.hashSearch : resource.search) ?? [];
  return or(
    paths.map((p) => {
      const path = resolveFieldPath(registry, resource, p);
      return throughPath(registry, path.steps, alias, aliases, (a) =>
        textCondition(ctx, path.resource, path.name, path.field, a, {
          kind: isHash ? 'prefix' : 'contains',
          text: term,
        }),
      );
    }),
  );
}
