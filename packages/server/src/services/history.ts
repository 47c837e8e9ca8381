import type { Paginated } from '@app/domain';
import type { AppContext, Auth } from '../core/context.js';
import { NotFoundError } from '../core/errors.js';
import { listResource, type Row } from '../engine/index.js';

// The history of one booking (its own writes and those of its passengers, notes, requested dates, links,
// registrations...) and of one flight, for whoever may open those pages; newest first, 20 per page. The whole log
// is the generic `history` list (resources/history.ts), administrators only.

const PER_PAGE = 20;

const OWNERS = {
  booking: { table: 'bookings', column: 'booking_id', missing: 'Réservation introuvable.' },
  flight: { table: 'flights', column: 'flight_id', missing: 'Vol introuvable.' },
} as const;

/** One page of a booking's or a flight's history; 404 in French when it does not exist. */
export async function ownerHistory(
  ctx: AppContext,
  auth: Auth | null | undefined,
  owner: keyof typeof OWNERS,
  id: number,
  page: number,
): Promise<Paginated<Row>> {
  const { table, column, missing } = OWNERS[owner];
  const exists = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new NotFoundError(missing);
  return listResource({ ...ctx, auth: auth ?? null }, 'history', {
    filters: [{ field: column, op: '=', value: String(id) }],
    order: [{ field: 'id', direction: 'DESC' }],
    page,
    per_page: PER_PAGE,
  });
}
