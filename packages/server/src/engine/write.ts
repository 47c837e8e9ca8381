// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import type { Kysely, Transaction } from 'kysely';
import type { ZodError } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { constraintViolation } from './db-errors.js';
import { diffRow, erasePersonal, ownersOf, recordHistory, scrubPersonalHistory } from './history.js';
import { runGet } from './list.js';
import { targetOf } from './relations.js';
import { literalLimit } from './sql.js';
import type { EngineContext, Registry, Resource, Row, WriteScope, WriteSpec } from './types.js';

// Generic writes: POST creates (201), PUT changes only the fields sent (200), DELETE (204).
// Every change of one write runs in one transaction: the row, exclusive flags (is_default), id lists written
// through pivots, and the checks that answer 422 (payload, unknown ids, uniqueness) or 409 (still used).

export const writeMessages = {
  unknownId: 'La valeur sélectionnée n’existe pas.',
  stillUsed: 'Cet élément est encore utilisé et ne peut pas être supprimé.',
  invalid: 'Les données envoyées sont invalides.',
} as const;

/** zod issues → `{field: [message]}`; an unknown key is reported on that key. */
export function zodErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), issue.message);
      continue;
    }
    add(issue.path.length ? issue.path.join('.') : '_', issue.message);
  }
  return errors;
}

function parse(schema: NonNullable<WriteSpec['create']>, body: unknown): Row {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ValidationError(zodErrors(result.error), writeMessages.invalid);
  return { ...result.data };
}

const nowIso = () => new Date().toISOString();

function resourceOf(registry: Registry, name: string): Resource & { write: WriteSpec } {
  const resource = registry.get(name);
  if (!resource?.write) throw new Error(`Ressource sans écriture : ${name}`);
  return resource as Resource & { write: WriteSpec };
}

/** Splits a parsed payload into column values and id lists of writable relations. */
function split(resource: Resource, data: Row): { values: Row; lists: Map<string, number[]> } {
  const lists = new Map<string, number[]>();
  const values: Row = {};
  for (const [key, value] of Object.entries(data)) {
    if (resource.write?.relations?.includes(key)) lists.set(key, value as number[]);
    else values[key] = value;
  }
  return { values, lists };
}

async function findRow(trx: Kysely<any>, resource: Resource, id: number): Promise<Row | null> {
  return ((await trx.selectFrom(resource.table).selectAll().where('id', '=', id).executeTakeFirst()) as Row) ?? null;
}

/** Foreign keys of belongsTo relations, and id lists of writable relations, must point at existing rows. */
async function checkReferences(
  trx: Kysely<any>,
  registry: Registry,
  resource: Resource,
  values: Row,
  lists: Map<string, number[]>,
) {
  const errors: Record<string, string[]> = {};
  for (const relation of Object.values(resource.relations ?? {})) {
    if (relation.kind !== 'belongsTo') continue;
    const value = values[relation.foreignKey];
    if (value === undefined || value === null) continue;
    const target = targetOf(registry, relation);
    const found = await trx.selectFrom(target.table).select('id').where('id', '=', value).executeTakeFirst();
    if (!found) errors[relation.foreignKey] = [writeMessages.unknownId];
  }
  for (const [name, ids] of lists) {
    if (!ids.length) continue;
    const relation = resource.relations?.[name];
    if (!relation) throw new Error(`Relation inscriptible non déclarée : ${resource.name}.${name}`);
    const target = targetOf(registry, relation);
    const found = await trx.selectFrom(target.table).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) errors[name] = [writeMessages.unknownId];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, writeMessages.invalid);
}

/** The server-side re-check of unique columns (booking numbers and ticket numbers: "Ce numéro existe déjà"). */
async function checkUnique(trx: Kysely<any>, resource: Resource, merged: Row, changed: Row, id: number | null) {
  const errors: Record<string, string[]> = {};
  for (const rule of resource.write?.unique ?? []) {
    const touched = rule.field in changed || (rule.scope !== undefined && rule.scope in changed);
    const value = merged[rule.field];
    if (!touched || value === null || value === undefined || value === '') continue;
    let query = trx.selectFrom(resource.table).select('id').where(rule.field, '=', value);
    if (rule.scope) query = query.where(rule.scope, '=', merged[rule.scope]);
    if (id !== null) query = query.where('id', '<>', id);
    if (await query.executeTakeFirst()) errors[rule.field] = [rule.message];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]?.[0]);
}

/** Setting an exclusive flag clears it on the other rows (of the same scope). */
async function clearExclusive(trx: Kysely<any>, resource: Resource, merged: Row, changed: Row, id: number | null) {
  for (const rule of resource.write?.exclusive ?? []) {
    if (changed[rule.field] !== 1) continue;
    let query = trx
      .updateTable(resource.table)
      .set({ [rule.field]: 0 })
      .where(rule.field, '=', 1);
    if (rule.scope) query = query.where(rule.scope, '=', merged[rule.scope]);
    if (id !== null) query = query.where('id', '<>', id);
    await query.execute();
  }
}

async function writeLists(
  trx: Kysely<any>,
  registry: Registry,
  resource: Resource,
  id: number,
  lists: Map<string, number[]>,
) {
  for (const [name, ids] of lists) {
    const relation = resource.relations?.[name];
    if (!relation) continue;
    if (relation.kind === 'manyToMany') {
      // The links that stay are kept as they are (a pivot's own columns: a teammate on board stays on board);
      // those gone are removed, the new ones added.
      let gone = trx.deleteFrom(relation.pivot).where(relation.localKey, '=', id);
      if (ids.length) gone = gone.where(relation.foreignKey, 'not in', ids);
      await gone.execute();
      if (ids.length) {
        const kept = await trx
          .selectFrom(relation.pivot)
          .select(relation.foreignKey)
          .where(relation.localKey, '=', id)
          .execute();
        const keptIds = new Set(kept.map((row) => Number(row[relation.foreignKey])));
        const added = [...new Set(ids)].filter((other) => !keptIds.has(other));
        if (added.length) {
          await trx
            .insertInto(relation.pivot)
            .values(added.map((other) => ({ [relation.localKey]: id, [relation.foreignKey]: other })))
            .execute();
        }
      }
    } else if (relation.kind === 'hasMany') {
      const target = targetOf(registry, relation);
      let clear = trx
        .updateTable(target.table)
        .set({ [relation.foreignKey]: null })
        .where(relation.foreignKey, '=', id);
      if (ids.length) clear = clear.where('id', 'not in', ids);
      await clear.execute();
      if (ids.length) {
        await trx
          .updateTable(target.table)
          .set({ [relation.foreignKey]: id })
          .where('id', 'in', ids)
          .execute();
      }
    } else {
      throw new Error(`Relation non inscriptible : ${resource.name}.${name}`);
    }
  }
}

/** The ids a writable relation holds now (the history's old value of a list write). */
async function readLists(
  trx: Kysely<any>,
  registry: Registry,
  resource: Resource,
  id: number,
  names: Iterable<string>,
): Promise<Row> {
  const out: Row = {};
  for (const name of names) {
    const relation = resource.relations?.[name];
    if (relation?.kind === 'manyToMany') {
      const rows = await trx
        .selectFrom(relation.pivot)
        .select(relation.foreignKey)
        .where(relation.localKey, '=', id)
        .execute();
      out[name] = rows.map((r: Row) => Number(r[relation.foreignKey])).sort((a, b) => a - b);
    } else if (relation?.kind === 'hasMany') {
      const target = targetOf(registry, relation);
      const rows = await trx.selectFrom(target.table).select('id').where(relation.foreignKey, '=', id).execute();
      out[name] = rows.map((r: Row) => Number(r.id)).sort((a, b) => a - b);
    }
  }
  return out;
}

const sortedLists = (lists: Map<string, number[]>): Row =>
  Object.fromEntries([...lists].map(([name, ids]) => [name, [...ids].sort((a, b) => a - b)]));

/** One history entry for a write of the engine, in its transaction (engine/history.ts). */
async function recordWrite(
  scope: WriteScope,
  resource: Resource,
  id: number,
  action: 'create' | 'update' | 'delete',
  row: Row,
  changes: ReturnType<typeof diffRow>,
) {
  const trx = scope.trx as unknown as Kysely<any>;
  const owners = await ownersOf(trx, resource.name, id, row);
  await recordHistory(scope.trx, scope.ctx.auth, [
    { resource: resource.name, recordId: id, action, changes, ...owners, row },
  ]);
}

/** A unique violation the checks missed (a race): the same 422 as the check; anything else rethrown. */
function mapWriteError(resource: Resource, error: unknown): never {
  const violation = constraintViolation(error);
  if (violation?.kind === 'unique') {
    const rule = resource.write?.unique?.find((u) => violation.columns.includes(u.field));
    if (rule) throw new ValidationError({ [rule.field]: [rule.message] }, rule.message);
  }
  if (violation?.kind === 'foreignKey')
    throw new ValidationError({ _: [writeMessages.unknownId] }, writeMessages.invalid);
  throw error;
}

async function inTransaction<T>(ctx: EngineContext, run: (scope: WriteScope) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx: Transaction<DB>) => run({ ctx: { ...ctx, db: trx }, trx }));
}

/** POST: `created` is false when an idempotent create found the row already there (answer 200, not 201). */
export async function createRecord(
  ctx: EngineContext,
  registry: Registry,
  name: string,
  body: unknown,
): Promise<{ row: Row; created: boolean }> {
  const resource = resourceOf(registry, name);
  if (!resource.write.create) throw new Error(`Création non déclarée : ${name}`);
  const { values, lists } = split(resource, parse(resource.write.create, body));
  for (const [key, value] of Object.entries(resource.write.defaults ?? {})) {
    if (values[key] === undefined) values[key] = value;
  }
  try {
    return await inTransaction(ctx, async (scope) => {
      const trx = scope.trx as unknown as Kysely<any>;
      const keys = resource.write.idempotentOn;
      if (keys?.length) {
        let query = trx.selectFrom(resource.table).select('id');
        for (const key of keys) query = query.where(key, '=', values[key]);
        const existing = await query.executeTakeFirst();
        if (existing) return { row: await runGet(scope.ctx, registry, name, existing.id), created: false };
      }
      await resource.write.beforeWrite?.(scope, values, null, lists);
      await checkReferences(trx, registry, resource, values, lists);
      await checkUnique(trx, resource, values, values, null);
      await clearExclusive(trx, resource, values, values, null);
      const inserted = await trx.insertInto(resource.table).values(values).returning('id').executeTakeFirstOrThrow();
      const written = { ...values, ...sortedLists(lists) };
      await recordWrite(scope, resource, inserted.id, 'create', values, diffRow(null, written));
      await writeLists(trx, registry, resource, inserted.id, lists);
      return { row: await runGet(scope.ctx, registry, name, inserted.id), created: true };
    });
  } catch (error) {
    mapWriteError(resource, error);
  }
}

/** PUT: only the fields sent change; an empty payload answers the record unchanged. */
export async function updateRecord(
  ctx: EngineContext,
  registry: Registry,
  name: string,
  id: number,
  body: unknown,
): Promise<Row> {
  const resource = resourceOf(registry, name);
  if (!resource.write.update) throw new Error(`Modification non déclarée : ${name}`);
  const { values, lists } = split(resource, parse(resource.write.update, body));
  try {
    return await inTransaction(ctx, async (scope) => {
      const trx = scope.trx as unknown as Kysely<any>;
      const existing = await findRow(trx, resource, id);
      if (!existing) throw new NotFoundError();
      await resource.write.beforeWrite?.(scope, values, existing, lists);
      const merged = { ...existing, ...values };
      await checkReferences(trx, registry, resource, values, lists);
      await checkUnique(trx, resource, merged, values, id);
      await clearExclusive(trx, resource, merged, values, id);
      const before = { ...existing, ...(await readLists(trx, registry, resource, id, lists.keys())) };
      if (Object.keys(values).length) {
        if ('updated_at' in resource.fields) values.updated_at = nowIso();
        await trx.updateTable(resource.table).set(values).where('id', '=', id).execute();
      }
      await recordWrite(scope, resource, id, 'update', merged, diffRow(before, { ...values, ...sortedLists(lists) }));
      await writeLists(trx, registry, resource, id, lists);
      return runGet(scope.ctx, registry, name, id);
    });
  } catch (error) {
    mapWriteError(resource, error);
  }
}

/** DELETE: refused (409, nothing deleted) while declared dependents exist, or when the database says so. */
export async function deleteRecord(ctx: EngineContext, registry: Registry, name: string, id: number): Promise<void> {
  const resource = resourceOf(registry, name);
  try {
    await inTransaction(ctx, async (scope) => {
      const trx = scope.trx as unknown as Kysely<any>;
      const existing = await findRow(trx, resource, id);
      if (!existing) throw new NotFoundError();
      for (const dependent of resource.write.dependents ?? []) {
        const { message } = dependent;
        if (typeof message === 'function') {
          // Counting costs one indexed range scan on the foreign key; the user learns how much still uses it.
          const { count } = await trx
            .selectFrom(dependent.table)
            .select((eb) => eb.fn.countAll().as('count'))
            .where(dependent.column, '=', id)
            .executeTakeFirstOrThrow();
          if (Number(count) > 0) throw new ConflictError(message(Number(count)));
          continue;
        }
        const used = await trx
          .selectFrom(dependent.table)
          .select(dependent.column)
          .where(dependent.column, '=', id)
          .limit(literalLimit(1))
          .executeTakeFirst();
        if (used) throw new ConflictError(message);
      }
      await resource.write.beforeDelete?.(scope, existing);
      // Personal data follows the record: no clear value of the person stays in its history (decisions.md).
      await scrubPersonalHistory(trx, resource.name, id);
      await trx.deleteFrom(resource.table).where('id', '=', id).execute();
      await recordWrite(scope, resource, id, 'delete', existing, erasePersonal(resource.name, diffRow(existing, null)));
    });
  } catch (error) {
    if (constraintViolation(error)?.kind === 'foreignKey') throw new ConflictError(writeMessages.stillUsed);
    throw error;
  }
}
