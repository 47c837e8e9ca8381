import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { defineCache } from '../core/caches.js';
import type { DB } from '../db/schema.js';

// Kysely rebuilds and recompiles a query on every call: for a wide select that is more time than SQLite takes
// to answer it. On hot read paths (the planning day, read by every planning screen and by API clients) a
// query is compiled once per database instance, with markers standing for the arguments, and later calls only
// put the arguments in place. For queries whose SHAPE never depends on the arguments: no IN list of variable
// length, no clause added or left out depending on a value.

type Slot = { arg: number } | { value: unknown };
type Prepared = { compiled: CompiledQuery; slots: Slot[] };

const marker = (index: number): string => `\u0000precompiled-argument-${index}\u0000`;

/** Per database (its Kysely instance), each query's compiled form, by the function that builds it. */
const prepared = defineCache<Kysely<DB>, Map<object, Prepared>>(
  {
    name: 'services/precompiled.ts (precompiled)',
    keeps:
      'The compiled SQL of a hot service query whose shape never depends on its arguments (the planning day, the session lookup, the passenger search)',
    key: 'The query (the function that builds it), per Kysely instance',
    invalidatedBy: 'Never (SQL text, not data)',
    bound: 'One per query and database',
    attachedTo: 'database',
  },
  () => new Map(),
);

export function precompiled<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
  arity: A['length'],
): (db: Kysely<DB>, ...args: A) => Promise<R[]> {
  const prepare = (db: Kysely<DB>): Prepared => {
    const markers = Array.from({ length: arity }, (_, i) => marker(i)) as A;
    const compiled = build(db, ...markers).compile();
    const slots = compiled.parameters.map((value): Slot => {
      const arg = markers.indexOf(value);
      return arg >= 0 ? { arg } : { value };
    });
    const used = new Set(slots.flatMap((s) => ('arg' in s ? [s.arg] : [])));
    if (used.size !== arity) throw new Error('precompiled: every argument must be a bound parameter of the query.');
    return { compiled, slots };
  };
  return async (db, ...args) => {
    // Plugins transform a query when it is compiled: with any installed, build and compile through them each time.
    if (db.getExecutor().plugins.length) return (await db.executeQuery<R>(build(db, ...args))).rows;
    const queries = prepared.of(db);
    let query = queries.get(build);
    if (!query) {
      query = prepare(db);
      queries.set(build, query);
    }
    const parameters = query.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const result = await db.executeQuery<R>({ ...query.compiled, parameters });
    return result.rows;
  };
}
