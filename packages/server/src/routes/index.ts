import type { FastifyInstance } from 'fastify';

/** Endpoints of SPEC §7 that are not plain CRUD (bookings, flights, planning, lookups, settings...). */
export async function registerSpecialRoutes(_app: FastifyInstance): Promise<void> {}
