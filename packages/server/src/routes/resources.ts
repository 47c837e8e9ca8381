import type { FastifyInstance } from 'fastify';

/** Generic list/detail/create/update/delete routes for every declared resource (engine/). */
export async function registerResourceRoutes(_app: FastifyInstance): Promise<void> {}
