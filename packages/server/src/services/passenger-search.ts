import { SEARCH_MIN_LENGTH } from '@app/domain';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { fold } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import {
  type BookingSummary,
  groupBy,
  loadBookingSummaries,
  loadPassengers,
  type PassengerSummary,
  referentOf,
} from './booking-summaries.js';
import { loadBookingLinks } from './bookings.js';

// POST /api/search/passengers-for-flight (SPEC §2.4 passenger search, §7.3): find bookings by passenger name,
// ticket number, booking number (or alternative number) or phone, to pick passengers to register on a flight.

/** Bookings answered at most: the dialog is a picker, not a list; a longer search narrows it. */
export const SEARCH_MAX_BOOKINGS = 20;

export type SearchPassenger = PassengerSummary & { is_registered: boolean };
export type SearchBooking = BookingSummary & {
  referent_passenger: PassengerSummary | null;
  passengers: SearchPassenger[];
};
export type PassengerSearchResult = SearchBooking & { linked_bookings: SearchBooking[] };

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `fold(column) LIKE %text%`, accent- and case-insensitive on both engines (fold() is in the schema). */
function folded(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`fold(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

/** Phone numbers are stored as typed (`06 12 34 56 78`, `06.12...`): compare digits only. */
function phoneDigits(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`replace(replace(replace(replace(${column}, ' ', ''), '.', ''), '-', ''), '/', '') LIKE ${pattern}`;
}

export async function searchPassengersForFlight(
  db: Kysely<DB>,
  input: { search: string; flight_id: number },
): Promise<PassengerSearchResult[]> {
  const raw = input.search.trim();
  // SPEC §5.3: a search starting with # is a booking-number lookup.
  const isBookingLookup = raw.startsWith('#');
  const text = isBookingLookup ? raw.slice(1).trim() : raw;
  if (text.length < SEARCH_MIN_LENGTH) {
    throw ValidationError.field('search', `La recherche doit contenir au moins ${SEARCH_MIN_LENGTH} caractères.`);
  }
  const flight = await db.selectFrom('flights').select('id').where('id', '=', input.flight_id).executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');

  const pattern = `%${escapeLike(fold(text) ?? '')}%`;
  const digits = text.replace(/[\s.\-/]/g, '');
  const isPhone = /^\+?\d+$/.test(digits) && digits.replace('+', '').length >= SEARCH_MIN_LENGTH;

  const matches = await db
    .selectFrom('bookings as b')
    .select('b.id')
    .where(({ or, exists, selectFrom, ref }) => {
      const onBooking = [folded(ref('b.number'), pattern), folded(ref('b.number_alt'), pattern)];
      if (isBookingLookup) return or(onBooking);
      return or([
        ...onBooking,
        exists(
          selectFrom('passengers as p')
            .select(sql`1`.as('one'))
            .whereRef('p.booking_id', '=', 'b.id')
            .where(({ or: orP, ref: refP }) =>
              orP([
                folded(refP('p.last_name'), pattern),
                folded(refP('p.first_name'), pattern),
                folded(sql`${refP('p.first_name')} || ' ' || ${refP('p.last_name')}`, pattern),
                folded(sql`${refP('p.last_name')} || ' ' || ${refP('p.first_name')}`, pattern),
                folded(refP('p.ticket_number'), pattern),
                ...(isPhone ? [phoneDigits(refP('p.phone'), `%${digits.replace('+', '')}%`)] : []),
              ]),
            ),
        ),
      ]);
    })
    // Bookings still open (pending, in progress) first: those are the ones to put on a flight.
    .orderBy(sql`case when b.booking_status_id in (1, 2) then 0 else 1 end`)
    .orderBy('b.id', 'desc')
    .limit(SEARCH_MAX_BOOKINGS)
    .execute();
  if (matches.length === 0) return [];

  const mainIds = matches.map((m) => m.id);
  const links = await loadBookingLinks(db, mainIds);
  const allIds = [...new Set([...mainIds, ...links.map((l) => l.linked_id)])];
  const [bookings, passengers] = await Promise.all([
    loadBookingSummaries(db, allIds),
    loadPassengers(db, { bookingIds: allIds }),
  ]);
  const registered =
    passengers.length === 0
      ? []
      : await db
          .selectFrom('registrations')
          .select('passenger_id')
          .where('flight_id', '=', input.flight_id)
          .where(
            'passenger_id',
            'in',
            passengers.map((p) => p.id),
          )
          .execute();
  const registeredIds = new Set(registered.map((r) => r.passenger_id));
  const passengersOf = groupBy(passengers, (p) => p.booking_id);
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  const linksOf = groupBy(links, (l) => l.booking_id);

  const withPassengers = (booking: BookingSummary): SearchBooking => {
    const list = passengersOf.get(booking.id) ?? [];
    return {
      ...booking,
      referent_passenger: referentOf(list),
      passengers: list.map((p) => ({ ...p, is_registered: registeredIds.has(p.id) })),
    };
  };
  return mainIds.flatMap((id) => {
    const booking = bookingById.get(id);
    if (!booking) return [];
    const linked = (linksOf.get(id) ?? []).flatMap((l) => {
      const other = bookingById.get(l.linked_id);
      return other ? [withPassengers(other)] : [];
    });
    return [{ ...withPassengers(booking), linked_bookings: linked }];
  });
}
