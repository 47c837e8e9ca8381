import type { BookingSummary, PassengerSummary } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

// Compact booking and passenger shapes shared by the special endpoints (linked bookings, a flight's bookings,
// the passenger search). Loaded in one query per concern for a whole set of ids, never one query per row.

export type { BookingSummary, PassengerSummary };

/** The columns of a PassengerSummary (full_name aside), shared with the add-passengers answer built in SQL. */
export const PASSENGER_SUMMARY_COLUMNS = [
  'id',
  'booking_id',
  'ticket_number',
  'first_name',
  'last_name',
  'is_referent',
  'email',
  'phone',
  'department',
  'age',
  'weight',
  'passenger_type_id',
] as const;

/** The booking columns of a BookingSummary (its status object aside), shared likewise. */
export const BOOKING_SUMMARY_COLUMNS = [
  'id',
  'number',
  'number_alt',
  'booked_at',
  'passengers_number',
  'booking_status_id',
  'customer_id',
  'location_id',
  'prestation_id',
  'has_pre_flight_infos',
] as const;

export const fullName = (first: string | null, last: string | null): string =>
  [first, last]
    .filter((part) => part?.trim())
    .join(' ')
    .trim();

/** Bookings by id, in the order of `ids` (ids not found are skipped). */
export async function loadBookingSummaries(db: Kysely<DB>, ids: readonly number[]): Promise<BookingSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('booking_statuses as s', 's.id', 'b.booking_status_id')
    .select([
      ...BOOKING_SUMMARY_COLUMNS.map((c) => `b.${c}` as const),
      's.slug as status_slug',
      's.label as status_label',
    ])
    .where('b.id', 'in', [...ids])
    .execute();
  const byId = new Map(
    rows.map(({ status_slug, status_label, ...b }) => [
      b.id,
      { ...b, booking_status: { id: b.booking_status_id, slug: status_slug, label: status_label } },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Passengers of the given bookings (or only the given passenger ids), referent first, then by id. */
export async function loadPassengers(
  db: Kysely<DB>,
  where: { bookingIds: readonly number[]; referentsOnly?: boolean } | { passengerIds: readonly number[] },
): Promise<PassengerSummary[]> {
  const ids = 'bookingIds' in where ? where.bookingIds : where.passengerIds;
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('passengers')
    .select([...PASSENGER_SUMMARY_COLUMNS])
    .where('bookingIds' in where ? 'booking_id' : 'id', 'in', [...ids])
    .$if('referentsOnly' in where && where.referentsOnly === true, (q) => q.where('is_referent', '=', 1))
    .orderBy('booking_id')
    .orderBy('is_referent', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((p) => ({ ...p, full_name: fullName(p.first_name, p.last_name) }));
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

export const referentOf = (passengers: readonly PassengerSummary[] | undefined): PassengerSummary | null =>
  passengers?.find((p) => p.is_referent === 1) ?? null;
