import type { Paginated } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import { listResource, type Row } from '../engine/index.js';
import { pathId } from './params.js';

// The history of one booking (its own writes and those of its passengers, notes, requested dates, links,
// registrations...) and of one flight, for whoever may open those pages; newest first, 20 per page. The whole log
// is the generic `history` list (resources/history.ts), administrators only.

const PER_PAGE = 20;

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
  const owned =
    (table: 'bookings' | 'flights', column: 'booking_id' | 'flight_id', missing: string) =>
    async (request: FastifyRequest): Promise<Paginated<Row>> => {
      const id = pathId(request);
      const page = pageOf(request);
      const exists = await app.ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw new NotFoundError(missing);
      return listResource({ ...app.ctx, auth: request.auth }, 'history', {
        filters: [{ field: column, op: '=', value: String(id) }],
        order: [{ field: 'id', direction: 'DESC' }],
        page,
        per_page: PER_PAGE,
      });
    };
  app.get('/api/bookings/:id/history', owned('bookings', 'booking_id', 'Réservation introuvable.'));
  app.get('/api/flights/:id/history', owned('flights', 'flight_id', 'Vol introuvable.'));
}
