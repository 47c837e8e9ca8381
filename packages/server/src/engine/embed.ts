// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import { type AliasedRawBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { runShaped } from './compiled.js';
import { MAX_EMBED_ROWS, RowBudget } from './limits.js';
import { orderSql, simpleOrder } from './order.js';
import type { EmbedNode } from './plan.js';
import { fieldExpression } from './resolve.js';
import { fieldSelections } from './select.js';
import { and, literalLimit, ref, table } from './sql.js';
import type { EngineContext, Relation, Row } from './types.js';

// Stage 6: `embed=rel,rel.sub`. One query per relation per level, over the parent keys with IN (chunked for
// the engines' parameter limits), whatever the number of parent rows: no N+1. Nested embeds then run on all
// the loaded children at once. Each embedded row answers its resource's fields, computed ones included.

const CHUNK = 500;
const KEY = '__key';

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

const distinct = (values: unknown[]): (string | number)[] =>
  [...new Set(values.filter((v) => v !== null && v !== undefined))] as (string | number)[];

const inList = (expr: RawBuilder<unknown>, ids: (string | number)[]) =>
  sql<SqlBool>`${expr} in (${sql.join(ids.map((id) => sql`${id}`))})`;

/**
 * Runs `build` over the ids, chunked; each (relation, step, chunk length) compiled once (compiled.ts). Each query
 * reads at most one row more than the relation's ceiling (EMBED_LIMIT): a relation far over it (the bookings of
 * every prestation) is refused after reading 5,001 rows, not 100,000, and a second chunk (over 500 parents) at most
 * doubles that before the budget stops it.
 */
async function selectRows(
  ctx: EngineContext,
  load: Load,
  owner: Relation,
  step: string,
  ids: (string | number)[],
  build: (ids: (string | number)[]) => any,
): Promise<Row[]> {
  const db = ctx.db as unknown as Kysely<any>;
  const rows: Row[] = [];
  for (const part of chunks(ids)) {
    const varies = owner.whereKey?.();
    const chunk = await runShaped<Row>(
      db,
      owner,
      varies === undefined ? step : `${step}|${varies}`,
      part,
      (v) => build(v as (string | number)[]),
      { constantsInKey: varies !== undefined },
    );
    rows.push(...chunk);
    // Checked chunk by chunk: a relation over its ceiling stops before the next chunk is read.
    load.budget.take(load.path, rows.length, chunk.length);
  }
  return rows;
}

/** The LIMIT of every embed statement, a literal (sql.ts, literalLimit). */
const EMBED_LIMIT = literalLimit(MAX_EMBED_ROWS + 1);

/** Where a relation is being loaded: its path in the `embed` parameter, and the answer's row budget. */
type Load = { path: string; budget: RowBudget };

function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const map = new Map<unknown, Row[]>();
  for (const row of rows) {
    const k = row[key];
    delete row[key];
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Loads one relation for the given parent rows, sets it on each, and returns the loaded children. */
async function loadRelation(ctx: EngineContext, load: Load, node: EmbedNode, parents: Row[]): Promise<Row[]> {
  const db = ctx.db as unknown as Kysely<any>;
  const { relation, resource: target, name } = node;
  const c = 'e0';
  const where = (alias: string) => (relation.where ? [relation.where(alias)] : []);
  // Built only when a shape is compiled (compiled.ts), not on every call.
  const order = () => orderSql(simpleOrder(target, relation.order ?? target.defaultOrder, c));

  if (relation.kind === 'belongsTo') {
    const ids = distinct(parents.map((p) => p[relation.foreignKey]));
    const rows = await selectRows(ctx, load, relation, 'belongsTo', ids, (part) =>
      db
        .selectFrom(`${target.table} as ${c}`)
        .select(fieldSelections(target, c))
        .where(and([...where(c), inList(ref(c, 'id'), part)]))
        .limit(EMBED_LIMIT),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of parents) p[name] = byId.get(p[relation.foreignKey]) ?? null;
    return rows;
  }

  const parentIds = distinct(parents.map((p) => p.id));
  let grouped: Map<unknown, Row[]>;
  if (relation.kind === 'hasMany') {
    const rows = await selectRows(ctx, load, relation, 'children', parentIds, (part) =>
      db
        .selectFrom(`${target.table} as ${c}`)
        .select([...fieldSelections(target, c), sql`${ref(c, relation.foreignKey)}`.as(KEY)])
        .where(and([...where(c), inList(ref(c, relation.foreignKey), part)]))
        .orderBy(order())
        .limit(EMBED_LIMIT),
    );
    grouped = groupBy(rows, KEY);
  } else if (relation.kind === 'manyToMany') {
    const p = 'e1';
    const rows = await selectRows(ctx, load, relation, 'children', parentIds, (part) =>
      db
        .selectFrom(`${relation.pivot} as ${p}`)
        .innerJoin(`${target.table} as ${c}`, (join: any) =>
          join.on(sql<SqlBool>`${ref(c, 'id')} = ${ref(p, relation.foreignKey)}`),
        )
        .select([...fieldSelections(target, c), sql`${ref(p, relation.localKey)}`.as(KEY)])
        .where(and([...where(c), inList(ref(p, relation.localKey), part)]))
        .orderBy(order())
        .limit(EMBED_LIMIT),
    );
    grouped = groupBy(rows, KEY);
  } else {
    // symmetric: read the pivot in both directions, then the targets once.
    const p = 'e1';
    const pairs = (await selectRows(ctx, load, relation, 'pairs', parentIds, (part) =>
      db
        .selectFrom(`${relation.pivot} as ${p}`)
        .select([sql`${ref(p, relation.localKey)}`.as('a'), sql`${ref(p, relation.foreignKey)}`.as('b')])
        .where(
          sql<SqlBool>`(${inList(ref(p, relation.localKey), part)} or ${inList(ref(p, relation.foreignKey), part)})`,
        )
        .limit(EMBED_LIMIT),
    )) as { a: number; b: number }[];
    const wanted = new Set(parentIds);
    const edges: [number, number][] = [];
    for (const { a, b } of pairs) {
      if (wanted.has(a)) edges.push([a, b]);
      if (wanted.has(b)) edges.push([b, a]);
    }
    const targets = await selectRows(
      ctx,
      load,
      relation,
      'targets',
      distinct(edges.map(([, other]) => other)),
      (part) =>
        db
          .selectFrom(`${target.table} as ${c}`)
          .select(fieldSelections(target, c))
          .where(and([...where(c), inList(ref(c, 'id'), part)]))
          .orderBy(order())
          .limit(EMBED_LIMIT),
    );
    const position = new Map(targets.map((t, i) => [t.id, i]));
    grouped = new Map();
    for (const [owner, other] of edges.sort((x, y) => (position.get(x[1]) ?? 0) - (position.get(y[1]) ?? 0))) {
      const row = targets[position.get(other) ?? -1];
      if (!row) continue;
      const list = grouped.get(owner) ?? [];
      list.push({ ...row });
      grouped.set(owner, list);
    }
  }

  const children: Row[] = [];
  const single = relation.kind === 'hasMany' && relation.single;
  for (const parent of parents) {
    const list = grouped.get(parent.id) ?? [];
    parent[name] = single ? (list[0] ?? null) : list;
    children.push(...(single ? list.slice(0, 1) : list));
  }
  return children;
}

// Folded embeds: an embed of at most one row per parent (a belongsTo lookup, a `single` child such as the
// referent passenger) with nothing nested under it is answered inside the parents' own statement, as a JSON
// object sub-select, instead of a query of its own: one statement (one PostgreSQL round trip) for a page and its
// lookups. JSON keeps SQLite's values as they are; on PostgreSQL, timestamps are put back in the driver's form.
// On a page (100 parents at most) or a detail read, a plain list of children (a booking's requested dates, a
// flight's teammates through their pivot) folds the same way, as a JSON array of at most FOLDED_LIST_CAP children
// per parent: when a parent reaches it, the folded arrays are dropped and the relation is loaded by its own query,
// with its ceiling (MAX_EMBED_ROWS), as before.

const FOLDED = '__folded_';
/** json_object / json_build_object take two arguments per field: keep well under both engines' limits. */
const MAX_FOLDED_FIELDS = 40;
/** Children a folded list reads per parent; 100 parents × 50 stays within MAX_EMBED_ROWS. */
export const FOLDED_LIST_CAP = 50;

/**
 * How an embed comes with its parents' statement: one object, a list (a page's or a record's: `foldsLists`), or
 * not at all (null).
 */
export function foldKind(node: EmbedNode, foldsLists: boolean): 'one' | 'list' | null {
  const { relation } = node;
  if (node.children.length) return null;
  if (Object.values(node.resource.fields).filter((f) => !f.hidden).length > MAX_FOLDED_FIELDS) return null;
  if (relation.kind === 'belongsTo' || (relation.kind === 'hasMany' && relation.single)) return 'one';
  return (relation.kind === 'hasMany' || relation.kind === 'manyToMany') && foldsLists ? 'list' : null;
}

/** The folded embeds of `nodes` as JSON sub-selects on the parent row `alias`. */
export function foldedSelections(
  ctx: EngineContext,
  nodes: EmbedNode[],
  alias: string,
  foldsLists: boolean,
): AliasedRawBuilder<unknown, string>[] {
  return nodes.flatMap((node, i) => {
    const kind = foldKind(node, foldsLists);
    if (!kind) return [];
    const { relation, resource: target } = node;
    const c = `f${i}`;
    const pairs = Object.entries(target.fields)
      .filter(([, f]) => !f.hidden)
      .map(([name, f]) => sql`${sql.lit(name)}, ${fieldExpression(name, f, c)}`);
    const object =
      ctx.dialect === 'sqlite' ? sql`json_object(${sql.join(pairs)})` : sql`json_build_object(${sql.join(pairs)})`;
    const where = relation.where ? [relation.where(c)] : [];
    const column = `${FOLDED}${node.name}`;
    if (relation.kind === 'belongsTo') {
      where.push(sql<SqlBool>`${ref(c, 'id')} = ${ref(alias, relation.foreignKey)}`);
      return [sql`(select ${object} from ${table(target.table, c)} where ${and(where)})`.as(column)];
    }
    // A many-to-many list reads its pivot joined to the targets, as loadRelation does.
    let from = table(target.table, c);
    if (relation.kind === 'manyToMany') {
      const p = `${c}p`;
      from = sql`${table(relation.pivot, p)} join ${from} on ${ref(c, 'id')} = ${ref(p, relation.foreignKey)}`;
      where.push(sql<SqlBool>`${ref(p, relation.localKey)} = ${ref(alias, 'id')}`);
    } else {
      where.push(sql<SqlBool>`${ref(c, (relation as { foreignKey: string }).foreignKey)} = ${ref(alias, 'id')}`);
    }
    const orderList = simpleOrder(target, relation.order ?? target.defaultOrder, c);
    const order = orderSql(orderList);
    if (kind === 'one') {
      return [
        sql`(select ${object} from ${table(target.table, c)} where ${and(where)} order by ${order} limit 1)`.as(column),
      ];
    }
    // The children in order, capped, then gathered in that order: an aggregate's input order is not the
    // sub-select's by right, so the order keys come along (k0, k1...: a row_number() window cost three times as much).
    // SQLite's JSON loses its type through the sub-select: json() gives it back.
    const l = `${c}l`;
    const keys = orderList.map((o, i) => sql`${o.expr} as ${sql.id(`k${i}`)}`);
    const outerOrder = orderSql(orderList.map((o, i) => ({ ...o, expr: sql.ref(`${l}.k${i}`) })));
    const children = sql`select ${object} as o, ${sql.join(keys)} from ${from} where ${and(where)} order by ${order} limit ${literalLimit(FOLDED_LIST_CAP)}`;
    const list =
      ctx.dialect === 'sqlite'
        ? sql`json_group_array(json(${sql.ref(`${l}.o`)}) order by ${outerOrder})`
        : sql`json_agg(${sql.ref(`${l}.o`)} order by ${outerOrder})`;
    return [sql`(select ${list} from (${children}) as ${sql.id(l)})`.as(column)];
  });
}

const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/;

/** Puts each folded embed's value in place (parsed, typed like loaded rows); returns the nodes left to load. */
function unfold(
  ctx: EngineContext,
  rows: Row[],
  nodes: EmbedNode[],
  budget: RowBudget,
  foldsLists: boolean,
): EmbedNode[] {
  const rest: EmbedNode[] = [];
  for (const node of nodes) {
    const kind = foldKind(node, foldsLists);
    if (!kind) {
      rest.push(node);
      continue;
    }
    const column = `${FOLDED}${node.name}`;
    const stamps = Object.entries(node.resource.fields)
      .filter(([, f]) => f.type === 'timestamp' && !f.hidden)
      .map(([name]) => name);
    const typed = (value: Row): Row => {
      if (ctx.dialect === 'postgres') {
        for (const name of stamps) {
          const v = value[name];
          if (typeof v === 'string') value[name] = new Date(hasZone.test(v) ? v : `${v}Z`).toISOString();
        }
      }
      return value;
    };
    const values = rows.map((row) => {
      const raw = row[column];
      delete row[column];
      return typeof raw === 'string' ? JSON.parse(raw) : (raw ?? null);
    });
    if (kind === 'list' && values.some((list) => Array.isArray(list) && list.length >= FOLDED_LIST_CAP)) {
      rest.push(node); // a parent may have more: read the usual way
      continue;
    }
    let loaded = 0;
    rows.forEach((row, i) => {
      const value = values[i];
      if (kind === 'list') {
        const list = ((value ?? []) as Row[]).map(typed);
        loaded += list.length;
        row[node.name] = list;
      } else {
        if (value) loaded += 1;
        row[node.name] = value ? typed(value as Row) : null;
      }
    });
    budget.take(node.name, loaded, loaded);
  }
  return rest;
}

/** The embeds of rows read with foldedSelections: the folded ones put in place, the others loaded. */
export async function loadFoldedAndEmbeds(
  ctx: EngineContext,
  rows: Row[],
  nodes: EmbedNode[],
  foldsLists: boolean,
): Promise<void> {
  const budget = new RowBudget(rows.length);
  const rest = unfold(ctx, rows, nodes, budget, foldsLists);
  await loadEmbeds(ctx, rows, rest, budget);
}

export async function loadEmbeds(
  ctx: EngineContext,
  rows: Row[],
  nodes: EmbedNode[],
  budget = new RowBudget(rows.length),
  prefix = '',
): Promise<void> {
  if (!rows.length) return;
  for (const node of nodes) {
    const path = `${prefix}${node.name}`;
    const children = await loadRelation(ctx, { path, budget }, node, rows);
    if (node.children.length) await loadEmbeds(ctx, children, node.children, budget, `${path}.`);
  }
}
