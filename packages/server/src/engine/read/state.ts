// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { type CountKey, countKeyOf, type VersionReader, versionReader } from '../count-cache.js';
import { orderExpressions, orderSql } from '../order.js';
import type { Plan } from '../plan.js';
import { searchTermsLookups } from '../search.js';
import { Aliases, and } from '../sql.js';
import { type ResolvedTerms, resolveTerms, type TermsLookup } from '../term-cache.js';
import type { EngineContext, Registry } from '../types.js';
import { whereOf } from './query.js';

/** Conditions a caller adds to a read (a detail read's `id = …`), on the root's alias. */
export type ExtraConditions = (alias: string) => RawBuilder<SqlBool>[];

/** What every stage of one list read shares: its plan, its aliases, the tables' versions read once, its search's terms. */
export type ListRead = {
  ctx: EngineContext;
  registry: Registry;
  plan: Plan;
  db: Kysely<any>;
  aliases: Aliases;
  root: string;
  extra: ExtraConditions;
  /** How many conditions the caller adds: any of them keeps the read from a compiled shape. */
  extraCount: number;
  /** The tables' versions, read once for every cache this read consults (the search's terms and totals). */
  knownVersions: Map<string, string>;
  read: VersionReader;
  countKey: () => CountKey | null;
  lookups: TermsLookup[];
  terms: ResolvedTerms | undefined;
  /** SQLite: the search tested row by row on the rows the rest leaves (isCorrelatedSearchCheaper), set before use. */
  correlatedSearch: boolean;
  /** The read's FROM, WHERE (caller's conditions included) and ORDER BY, built on first use only. */
  generic: () => { base: any; order: RawBuilder<unknown> };
};

/** Opens a read: with a search, the versions of the tables it reads and the terms its text matches, once. */
export async function openRead(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  extra: ExtraConditions,
): Promise<ListRead> {
  const db = ctx.db as unknown as Kysely<any>;
  const aliases = new Aliases();
  const root = aliases.take();
  // The versions read with the request's session, when it has them (a read outside any transaction).
  const knownVersions = new Map<string, string>(db.isTransaction ? [] : (ctx.versions ?? []));
  const read = versionReader(knownVersions);
  let key: CountKey | null | undefined;
  const countKey = () => {
    if (key === undefined) key = countKeyOf(ctx, registry, plan);
    return key;
  };
  const searchKey = plan.search ? countKey() : null;
  if (searchKey && !db.isTransaction) await read(db, searchKey.tables);
  // SQLite: the terms the search text matches, read once per text while their tables are unchanged.
  const lookups = plan.search ? searchTermsLookups(registry, plan.resource, plan.search) : [];
  const terms = plan.search ? await resolveTerms(ctx, lookups, read) : undefined;
  // Built on first use only: the compiled shapes do without them.
  let built: { base: any; order: RawBuilder<unknown> } | null = null;
  const state: ListRead = {
    ctx,
    registry,
    plan,
    db,
    aliases,
    root,
    extra,
    extraCount: extra(root).length,
    knownVersions,
    read,
    countKey,
    lookups,
    terms,
    correlatedSearch: false,
    generic: () => {
      if (!built) {
        const where = and([
          ...extra(root),
          ...whereOf(ctx, registry, plan, root, aliases, state.correlatedSearch, terms),
        ]);
        built = {
          base: db.selectFrom(`${plan.resource.table} as ${root}`).where(where),
          order: orderSql(orderExpressions(registry, plan.resource, plan.order, root, aliases)),
        };
      }
      return built;
    },
  };
  return state;
}
