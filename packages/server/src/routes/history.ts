import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../core/errors.js';
import { ownerHistory } from '../services/history.js';
import { pathId } from './params.js';

// The history pages of a booking and of a flight (services/history.ts).

/** `?page=N` only: 1 to 100,000 (the page bound of every list), nothing else. */
function pageOf(request: FastifyRequest): number {
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (key !== 'page') throw new BadRequestError(`Paramètre inconnu : « ${key} ».`);
  }
  if (query.page === undefined) return 1;
  const raw = String(query.page);
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > 100_000)
    throw new BadRequestError('Le numéro de page est invalide.');
  return Number(raw);
}

export async function registerHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bookings/:id/history', async (request) =>
    ownerHistory(app.ctx, request.auth, 'booking', pathId(request), pageOf(request)),
  );
  app.get('/api/flights/:id/history', async (request) =>
    ownerHistory(app.ctx, request.auth, 'flight', pathId(request), pageOf(request)),
  );
}
