import { DEFAULT_PER_PAGE, parseListQuery, QueryError, schemaFields } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { createApiClient } from '../auth/api-tokens.js';
import { MESSAGES } from '../auth/messages.js';
import { nameField, parseBody, parseId } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import { recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';

// API keys (settings area: manage_settings or su). The token is answered once, at creation; the table
// holds its sha256 only and the list never shows it. A bearer token itself never reaches these routes.

const SETTINGS: { access: RouteAccess } = { access: { capability: 'manage_settings' } };
const SORTABLE = ['id', 'name', 'created_at', 'last_used_at'] as const;
const SUPPORTED = new Set(['order', 'page', 'per_page']);

export async function registerApiClientRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  /** Plain array, or `{data, count, sum, prev, next}` with `page` (the generic data list's shape). */
  app.get('/api/api-clients', { config: SETTINGS }, async (request) => {
    const raw = request.query as Record<string, string | string[] | undefined>;
    let query: ReturnType<typeof parseListQuery>;
    try {
      query = parseListQuery(raw);
    } catch (error) {
      if (error instanceof QueryError) throw new BadRequestError(error.message);
      throw error;
    }
    for (const [param, value] of Object.entries(query)) {
      if (value !== undefined && !SUPPORTED.has(param)) {
        throw new BadRequestError(`Paramètre non pris en charge pour les clés d'API : « ${param} »`);
      }
    }
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
  });

  app.post('/api/api-clients', { config: SETTINGS }, async (request, reply) => {
    const { name } = parseBody(schemaFields.payload({ name: nameField }), request.body);
    const client = await db.transaction().execute(async (trx) => {
      const created = await createApiClient(trx, name);
      // The token is never recorded: only the name (engine/history.ts).
      await recordHistory(trx, request.auth, [
        { resource: 'api-clients', recordId: created.id, action: 'create', changes: { name: [null, created.name] } },
      ]);
      return created;
    });
    return reply.code(201).send({ id: client.id, name: client.name, token: client.token });
  });

  app.delete('/api/api-clients/:id', { config: SETTINGS }, async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    await db.transaction().execute(async (trx) => {
      const row =
        id === null
          ? undefined
          : await trx.selectFrom('api_clients').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new NotFoundError(MESSAGES.apiClientNotFound);
      await trx.deleteFrom('api_clients').where('id', '=', row.id).execute();
      await recordHistory(trx, request.auth, [
        { resource: 'api-clients', recordId: row.id, action: 'delete', changes: { name: [row.name, null] } },
      ]);
    });
    return reply.code(204).send();
  });
}
