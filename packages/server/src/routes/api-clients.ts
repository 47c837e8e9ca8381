import { apiClientCreateSchema, parseListQuery, QueryError } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { BadRequestError } from '../core/errors.js';
import { addApiClient, listApiClients, removeApiClient } from '../services/api-clients.js';

// API keys (settings area: manage_settings or su): validated here, kept by services/api-clients.ts. A bearer token
// itself never reaches these routes.

const SETTINGS: { access: RouteAccess } = { access: { capability: 'manage_settings' } };
const SUPPORTED = new Set(['order', 'page', 'per_page']);

export async function registerApiClientRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

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
    return listApiClients(db, query);
  });

  app.post('/api/api-clients', { config: SETTINGS }, async (request, reply) => {
    const { name } = parseBody(apiClientCreateSchema, request.body);
    return reply.code(201).send(await addApiClient(db, request.auth, name));
  });

  app.delete('/api/api-clients/:id', { config: SETTINGS }, async (request, reply) => {
    await removeApiClient(db, request.auth, (request.params as { id: string }).id);
    return reply.code(204).send();
  });
}
