import type { LinkedBooking } from '@app/domain';
import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { loadBookingSummaries, loadPassengers, type PassengerSummary } from './booking-summaries.js';

export type BookingLink = { booking_id: number; linked_id: number; link_id: number };

/**
 * Links of the given bookings, whichever side of booking_links they sit on (a link is symmetric for the user),
 * each pair once, oldest link first.
 */
export async function loadBookingLinks(db: Kysely<DB>, bookingIds: readonly number[]): Promise<BookingLink[]> {
  if (bookingIds.length === 0) return [];
  const ids = [...bookingIds];
  const rows = await db
    .selectFrom('booking_links')
    .select(['id as link_id', 'booking_id', 'linked_booking_id as linked_id'])
    .where('booking_id', 'in', ids)
    .unionAll(
      db
        .selectFrom('booking_links')
        .select(['id as link_id', 'linked_booking_id as booking_id', 'booking_id as linked_id'])
        .where('linked_booking_id', 'in', ids),
    )
    .execute();
  const seen = new Set<string>();
  return rows
    .sort((a, b) => a.link_id - b.link_id)
    .filter((link) => {
      const key = `${link.booking_id}:${link.linked_id}`;
      if (seen.has(key) || link.booking_id === link.linked_id) return false;
      seen.add(key);
      return true;
    });
}

/** GET /api/bookings/{id}/linked: linked bookings in both directions, with referent passenger and passenger count. */
export async function listLinkedBookings(db: Kysely<DB>, bookingId: number): Promise<LinkedBooking[]> {
  const booking = await db.selectFrom('bookings').select('id').where('id', '=', bookingId).executeTakeFirst();
  if (!booking) throw new NotFoundError('Réservation introuvable.');
  const links = await loadBookingLinks(db, [bookingId]);
  if (links.length === 0) return [];
  const ids = links.map((link) => link.linked_id);
  const [bookings, referents, counts] = await Promise.all([
    loadBookingSummaries(db, ids),
    loadPassengers(db, { bookingIds: ids, referentsOnly: true }),
    db
      .selectFrom('passengers')
      .select(['booking_id', sql<number>`count(*)`.as('n')])
      .where('booking_id', 'in', ids)
      .groupBy('booking_id')
      .execute(),
  ]);
  const linkIdOf = new Map(links.map((link) => [link.linked_id, link.link_id]));
  const countOf = new Map(counts.map((c) => [c.booking_id, Number(c.n)]));
  const referentOf = new Map<number, PassengerSummary>();
  for (const p of referents) if (!referentOf.has(p.booking_id)) referentOf.set(p.booking_id, p);
  return bookings
    .map((b) => ({
      ...b,
      booking_link_id: linkIdOf.get(b.id)!,
      referent_passenger: referentOf.get(b.id) ?? null,
      passengers_count: countOf.get(b.id) ?? 0,
    }))
    .sort((a, b) => a.number.localeCompare(b.number));
}
