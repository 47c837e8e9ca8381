import { type ListQuery, parseListQuery, QUERY_PARAMS, QueryError, type RawQueryParams } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError } from '../core/errors.js';
import {
  createResource,
  deleteResource,
  exportResource,
  getResource,
  listResource,
  updateResource,
} from '../engine/index.js';
import type { EngineContext, KnownVersions, Resource } from '../engine/types.js';
import { csvColumnsOf, csvFilename, sendCsv, wantsCsv } from '../http/csv.js';
import { keptRead } from '../http/kept-reads.js';
import { RESOURCES } from '../resources/index.js';
import { pathId } from './params.js';

// Generic list/detail/create/update/delete routes for every declared resource (resources/index.ts), each
// with the access policy its declaration gives (the auth plugin enforces it). Thin: parse, call, answer.

/** The query string as a ListQuery; a grammar error or an unknown parameter is a 400 naming it. */
export function listQueryOf(request: FastifyRequest, otherParams: readonly string[] = []): ListQuery {
  const params = (request.query ?? {}) as RawQueryParams;
  for (const key of Object.keys(params)) {
    if (!(QUERY_PARAMS as readonly string[]).includes(key) && !otherParams.includes(key))
      throw new BadRequestError(`Paramètre inconnu : « ${key} ».`);
  }
  try {
    return parseListQuery(params);
  } catch (error) {
    if (error instanceof QueryError) throw new BadRequestError(error.message);
    throw error;
  }
}

export async function registerResourceRoutes(app: FastifyInstance): Promise<void> {
  const ctxOf = (request: FastifyRequest, versions?: KnownVersions): EngineContext => ({
    ...app.ctx,
    auth: request.auth,
    ...(versions ? { versions } : {}),
  });

  /** The list as CSV: every row of its filters, search and order, with the columns asked (http/csv.ts). */
  const exportCsv = (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const ctx = ctxOf(request);
    const resource = ctx.registry.get(name) as Resource;
    const isApiClient = request.auth?.kind === 'api-client';
    const columnsParam = (request.query as Record<string, unknown>).columns;
    const allowed = isApiClient ? (resource.apiClient?.fields ?? []) : null;
    const { columns, embeds } = csvColumnsOf(ctx.registry, resource, columnsParam, allowed);
    const query = listQueryOf(request, ['format', 'columns']);
    const embed = [...new Set([...(query.embed ?? []), ...embeds])];
    return sendCsv(
      reply,
      csvFilename(name),
      columns,
      exportResource(ctx, name, embed.length ? { ...query, embed } : query),
    );
  };

  for (const { name, routes, table } of RESOURCES) {
    const base = `/api/${name}`;
    if (routes.list) {
      app.get(base, { config: { access: routes.list } }, (request, reply) =>
        wantsCsv(request)
          ? exportCsv(request, reply, name)
          : keptRead(request, reply, { table }, (versions) =>
              listResource(ctxOf(request, versions), name, listQueryOf(request)),
            ),
      );
    }
    if (routes.read) {
      app.get(`${base}/:id`, { config: { access: routes.read } }, (request, reply) =>
        keptRead(request, reply, { table }, (versions) =>
          getResource(ctxOf(request, versions), name, pathId(request), listQueryOf(request)),
        ),
      );
    }
    if (routes.create) {
      app.post(base, { config: { access: routes.create } }, async (request, reply) => {
        const { row, created } = await createResource(ctxOf(request), name, request.body);
        return reply.code(created ? 201 : 200).send(row);
      });
    }
    if (routes.update) {
      app.put(`${base}/:id`, { config: { access: routes.update } }, (request) =>
        updateResource(ctxOf(request), name, pathId(request), request.body),
      );
    }
    if (routes.delete) {
      app.delete(`${base}/:id`, { config: { access: routes.delete } }, async (request, reply) => {
        await deleteResource(ctxOf(request), name, pathId(request));
        return reply.code(204).send();
      });
    }
  }
}
