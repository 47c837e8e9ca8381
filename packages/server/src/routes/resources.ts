import { type ListQuery, parseListQuery, QUERY_PARAMS, QueryError, type RawQueryParams } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createResource, deleteResource, getResource, listResource, updateResource } from '../engine/index.js';
import type { EngineContext } from '../engine/types.js';
import { BadRequestError } from '../http/errors.js';
import { RESOURCES } from '../resources/index.js';
import { pathId } from './params.js';

// Generic list/detail/create/update/delete routes for every declared resource (resources/index.ts), each
// with the access policy its declaration gives (the auth plugin enforces it). Thin: parse, call, answer.

/** The query string as a ListQuery; a grammar error or an unknown parameter is a 400 naming it. */
export function listQueryOf(request: FastifyRequest): ListQuery {
  const params = (request.query ?? {}) as RawQueryParams;
  for (const key of Object.keys(params)) {
    if (!(QUERY_PARAMS as readonly string[]).includes(key))
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
  const ctxOf = (request: FastifyRequest): EngineContext => ({ ...app.ctx, auth: request.auth });

  for (const { name, routes } of RESOURCES) {
    const base = `/api/${name}`;
    if (routes.list) {
      app.get(base, { config: { access: routes.list } }, (request) =>
        listResource(ctxOf(request), name, listQueryOf(request)),
      );
    }
    if (routes.read) {
      app.get(`${base}/:id`, { config: { access: routes.read } }, (request) =>
        getResource(ctxOf(request), name, pathId(request), listQueryOf(request)),
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
