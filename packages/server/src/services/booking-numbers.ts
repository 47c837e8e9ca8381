import { type Kysely, sql } from 'kysely';
import { NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';

// Booking and ticket numbers: `YYYY-NNNNN` and `<booking number>-NN`. These are proposals:
// the unique indexes on bookings.number / number_alt / passengers.ticket_number are the real guard on write.

/** The operator works in France: the year of creation is the year in Paris, not in UTC. */
export function parisYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' }).format(now));
}

type NumberColumn =
  | { table: 'bookings'; column: 'number' | 'number_alt' }
  | { table: 'passengers'; column: 'ticket_number' };

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Highest sequence among the values of a column written `${prefix}<digits>`. Values that merely start with the
 * prefix (hand-typed numbers such as `2026-00012-bis`) are ignored, never parsed into a wrong sequence.
 */
async function maxSequence(
  db: Kysely<DB>,
  { table, column }: NumberColumn,
  prefix: string,
  digits: string,
): Promise<number> {
  const pattern = new RegExp(`^${escapeRegExp(prefix)}(\\d${digits})$`);
  const values = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as('value'))
    .where(sql<boolean>`${sql.ref(column)} LIKE ${`${escapeLike(prefix)}%`} ESCAPE '\\'`)
    .execute();
  let max = 0;
  for (const { value } of values) {
    const match = pattern.exec(value);
    if (match) max = Math.max(max, Number(match[1]));
  }
  return max;
}

/**
 * Next booking number for the year: one above the highest `YYYY-NNNNN` already used as number OR number_alt
 * that year, so gaps (deleted bookings) are never filled and imported alternative numbers are never collided with.
 */
export async function nextBookingNumber(db: Kysely<DB>, now: Date = new Date()): Promise<string> {
  const prefix = `${parisYear(now)}-`;
  const fromNumber = await maxSequence(db, { table: 'bookings', column: 'number' }, prefix, '{5}');
  const fromAlt = await maxSequence(db, { table: 'bookings', column: 'number_alt' }, prefix, '{5}');
  return `${prefix}${String(Math.max(fromNumber, fromAlt) + 1).padStart(5, '0')}`;
}

/**
 * Next ticket number of a booking: its number, a dash and a two-digit index one above the highest index in use
 * with that prefix (whichever booking holds it, so the proposal is always free).
 */
export async function nextTicketNumber(db: Kysely<DB>, bookingId: number): Promise<string> {
  const booking = await db.selectFrom('bookings').select('number').where('id', '=', bookingId).executeTakeFirst();
  if (!booking) throw new NotFoundError('Réservation introuvable.');
  const prefix = `${booking.number}-`;
  const max = await maxSequence(db, { table: 'passengers', column: 'ticket_number' }, prefix, '{2,}');
  return `${prefix}${String(max + 1).padStart(2, '0')}`;
}
