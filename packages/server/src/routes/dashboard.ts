import type { FastifyInstance } from 'fastify';
import { jsonOnce } from '../engine/answer-cache.js';
import { readVersions } from '../http/kept-reads.js';
import { dashboard } from '../services/dashboard.js';

// GET /api/dashboard (issue 12 point 1): the landing page of every signed-in user (the default access of /api
// routes). It shows bookings, flights and registration requests, which every staff role reads; an API key never
// reaches it (not declared 'api-client').
export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;
  app.get('/api/dashboard', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(jsonOnce(await dashboard(db, dialect, undefined, readVersions(request)))),
  );
}
