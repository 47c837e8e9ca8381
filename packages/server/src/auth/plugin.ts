import type { FastifyInstance } from 'fastify';

/** Sessions, CSRF, login/logout, /api/me, password flows, API tokens, route access policy, maintenance. */
export async function registerAuth(_app: FastifyInstance): Promise<void> {}
