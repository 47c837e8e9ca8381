// biome-ignore-all lint/suspicious/noExplicitAny: runs any query the engine builds
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { defineCache } from '../core/caches.js';

// Kysely builds and compiles a query again on every call: for an embed over ten ids that is more time than the
// database takes to answer it. The engine's deferred-join reads (a page's rows by id, each embed, each append)
// have a SHAPE that depends only on the declarations and on how many ids they read, so each shape is compiled
// once, with markers standing for the values, and later calls only put the values in place (like
// services/precompiled.ts, for queries with an IN list).
// Safety rule: a shape is kept only when EVERY bound parameter of the compiled query is one of the markers; a
// declaration binding a value of its own (a date, a setting) makes the shape uncacheable, and it is then built
// and compiled on every call as before, unless the caller vouches that its key determines those values
// (`constantsInKey`: a relation's whereKey, today's date): they are then kept in the shape as constants. Same for
// a Kysely instance with plugins.

type Shape = { compiled: CompiledQuery; slots: number[] } | null;

export type ShapeOptions = { constantsInKey?: boolean };

const MAX_SHAPES_PER_OWNER = 200;

/**
 * Shapes per database, per owner (a declaration object: a resource, a relation) and key; bounded per owner. Kept
 * under the database's adapter, which its transactions share (SQLite and PostgreSQL compile differently).
 */
const shapes = defineCache<Kysely<any>, WeakMap<object, Map<string, Shape>>>(
  {
    name: 'engine/compiled.ts (runShaped)',
    keeps:
      "The compiled SQL of a read's shape (a page's ids, its rows by id, an embed, a count), with markers for its values",
    key: 'Owner (the resource or relation declaration), shape key (read/shape.ts, rowsKey) and number of values',
    invalidatedBy: 'Never (SQL text, not data); a shape binding any value that is not a marker is not kept',
    bound: `${MAX_SHAPES_PER_OWNER} shapes per owner and database`,
    attachedTo: 'database',
  },
  () => new WeakMap(),
  { keyOf: (db) => db.getExecutor().adapter },
);

const marker = (index: number): string => `\u0000engine-value-${index}\u0000`;

function shapeOf(
  build: (values: readonly unknown[]) => Compilable<unknown>,
  arity: number,
  constantsInKey: boolean,
): Shape {
  const markers = Array.from({ length: arity }, (_, i) => marker(i));
  const compiled = build(markers).compile();
  const slots = compiled.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
  const used = slots.filter((s) => s >= 0);
  // A value may stand in several places (the same ids in a sub-select and in the outer WHERE); each must be used.
  if ((!constantsInKey && used.length !== slots.length) || new Set(used).size !== arity) {
    return null;
  }
  return { compiled, slots };
}

/**
 * Runs `build(values)`, compiled once per (database, owner, key, number of values): `key` must name everything but the values that
 * changes the SQL text (the number of values in an IN list, the counts asked...).
 */
export async function runShaped<R>(
  db: Kysely<any>,
  owner: object,
  key: string,
  values: readonly unknown[],
  build: (values: readonly unknown[]) => Compilable<R>,
  options: ShapeOptions = {},
): Promise<R[]> {
  const executor = db.getExecutor();
  // Plugins transform a query when it is compiled: with any installed (a query counter in tests, a camel-case
  // mapper), every call is built and compiled through them as usual.
  if (executor.plugins.length) return (await db.executeQuery<R>(build(values))).rows;
  const byOwner = shapes.of(db);
  let byKey = byOwner.get(owner);
  if (!byKey) {
    byKey = new Map();
    byOwner.set(owner, byKey);
  }
  const fullKey = `${key}|${values.length}`;
  let shape = byKey.get(fullKey);
  if (shape === undefined) {
    shape = shapeOf(
      build as (values: readonly unknown[]) => Compilable<unknown>,
      values.length,
      options.constantsInKey === true,
    );
    if (byKey.size >= MAX_SHAPES_PER_OWNER) byKey.delete(byKey.keys().next().value as string);
    byKey.set(fullKey, shape);
  }
  if (!shape) return (await db.executeQuery<R>(build(values))).rows;
  const { compiled, slots } = shape;
  const parameters = slots.map((s, i) => (s < 0 ? compiled.parameters[i] : values[s]));
  const result = await db.executeQuery<R>({ ...compiled, parameters });
  return result.rows;
}
