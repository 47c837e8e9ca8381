import { AUTH_MESSAGES, DEFAULT_PER_PAGE, type ListQuery } from '@app/domain';
import type { Kysely } from 'kysely';
import { createApiClient } from '../auth/api-tokens.js';
import { parseId } from '../auth/validation.js';
import type { Auth } from '../core/context.js';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';

// API keys (settings area), for routes/api-clients.ts. The token is answered once, at creation; the table holds its
// sha256 only and the list never shows it. The history keeps the key's name, never its token.

const SORTABLE = ['id', 'name', 'created_at', 'last_used_at'] as const;

/** Plain array, or `{data, count, sum, prev, next}` with `page` (the generic data list's shape); newest first. */
export async function listApiClients(db: Kysely<DB>, query: Pick<ListQuery, 'order' | 'page' | 'per_page'>) {
  let select = db.selectFrom('api_clients').select(['id', 'name', 'created_at', 'last_used_at']);
  for (const { field, direction } of query.order ?? [{ field: 'created_at', direction: 'DESC' as const }]) {
    const column = SORTABLE.find((name) => name === field);
    if (!column) throw new BadRequestError(`Champ de tri inconnu : « ${field} »`);
    select = select.orderBy(column, direction === 'DESC' ? 'desc' : 'asc');
  }
  select = select.orderBy('id', 'desc');
  if (query.page === undefined) return select.execute();
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const { count } = await db
    .selectFrom('api_clients')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const data = await select
    .limit(literalLimit(perPage))
    .offset((query.page - 1) * perPage)
    .execute();
  const total = Number(count);
  return {
    data,
    count: total,
    sum: null,
    prev: query.page > 1 ? query.page - 1 : null,
    next: query.page * perPage < total ? query.page + 1 : null,
  };
}

/** Creates a key: its id, name and token (shown this once). */
export async function addApiClient(
  db: Kysely<DB>,
  auth: Auth | null,
  name: string,
): Promise<{ id: number; name: string; token: string }> {
  const client = await db.transaction().execute(async (trx) => {
    const created = await createApiClient(trx, name);
    await recordHistory(trx, auth, [
      { resource: 'api-clients', recordId: created.id, action: 'create', changes: { name: [null, created.name] } },
    ]);
    return created;
  });
  return { id: client.id, name: client.name, token: client.token };
}

/** Deletes the key the request names by its id; 404 for any other value. */
export async function removeApiClient(db: Kysely<DB>, auth: Auth | null, rawId: unknown): Promise<void> {
  const id = parseId(rawId);
  await db.transaction().execute(async (trx) => {
    const row =
      id === null
        ? undefined
        : await trx.selectFrom('api_clients').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError(AUTH_MESSAGES.apiClientNotFound);
    await trx.deleteFrom('api_clients').where('id', '=', row.id).execute();
    await recordHistory(trx, auth, [
      { resource: 'api-clients', recordId: row.id, action: 'delete', changes: { name: [row.name, null] } },
    ]);
  });
}
