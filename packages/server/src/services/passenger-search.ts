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
const contains = (text: string): string => `%${escapeLike(text)}%`;

/** Beyond this many distinct names for one word, the word is matched row by row instead (still correct). */
const NAME_LIST_MAX = 1000;

type NameColumn = 'first_name' | 'last_name';
/** Per word: the distinct names containing it (folded), or null when too many to list. */
type WordNames = Record<NameColumn, string[] | null>;

/**
 * The distinct values of a name column that contain `word`, accent- and case-insensitively. fold() runs on the
 * distinct values only (a few thousand names), never on every passenger row: on SQLite it is a JS function.
 */
async function namesContaining(db: Kysely<DB>, column: NameColumn, word: string): Promise<string[] | null> {
  // MATERIALIZED: otherwise SQLite pushes the filter below the DISTINCT and folds every row.
  const rows = await db
    .with(
      (cte) => cte('d').materialized(),
      (qb) =>
        qb
          .selectFrom('passengers')
          .select(sql<string>`${sql.ref(column)}`.as('v'))
          .distinct(),
    )
    .selectFrom('d')
    .select('d.v')
    .where(sql<SqlBool>`fold(d.v) LIKE ${contains(word)} ESCAPE '\\'`)
    .limit(NAME_LIST_MAX + 1)
    .execute();
  return rows.length > NAME_LIST_MAX ? null : rows.map((r) => r.v);
}

/** `column IN (names)`, or the row-by-row folded match when the list was too long; null when nothing can match. */
function nameCondition(column: NameColumn, names: string[] | null, word: string): Expression<SqlBool> | null {
  if (names === null) return sql<SqlBool>`fold(${sql.ref(`p.${column}`)}) LIKE ${contains(word)} ESCAPE '\\'`;
  if (names.length === 0) return null;
  return sql<SqlBool>`${sql.ref(`p.${column}`)} in (${sql.join(names)})`;
}

/**
 * Every word of the text must be in the first or the last name ("hélène rous" finds Hélène Rousseau, and so
 * does "rousseau helene"); null when some word matches no name at all.
 */
async function passengerNameCondition(db: Kysely<DB>, text: string): Promise<Expression<SqlBool> | null> {
  const words = [...new Set((fold(text) ?? '').split(/\s+/).filter(Boolean))].slice(0, 5);
  const conditions: Expression<SqlBool>[] = [];
  for (const word of words) {
    const names: WordNames = {
      first_name: await namesContaining(db, 'first_name', word),
      last_name: await namesContaining(db, 'last_name', word),
    };
    const either = (['first_name', 'last_name'] as const).flatMap((column) => {
      const condition = nameCondition(column, names[column], word);
      return condition ? [condition] : [];
    });
    if (either.length === 0) return null;
    conditions.push(either.length === 1 ? either[0]! : sql<SqlBool>`(${either[0]!} or ${either[1]!})`);
  }
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : null;
}

/**
 * Numbers (booking, alternative, ticket) are codes: a case-insensitive contains-match with the engine's native
 * lower() and LIKE, no accent folding needed, no JS function per row.
 */
const codeContains = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${contains(text.toLowerCase())} ESCAPE '\\'`;

/** Phone numbers are stored as typed (`06 12 34 56 78`, `06.12...`): compare digits only. */
const phoneContains = (digits: string): Expression<SqlBool> =>
  sql<SqlBool>`replace(replace(replace(replace(p.phone, ' ', ''), '.', ''), '-', ''), '/', '') LIKE ${contains(digits)}`;

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

  // Candidate bookings. Codes (booking, alternative and ticket numbers, phones) hold digits and names do not:
  // a text with digits is looked up as a code, a text with letters as a name (both when it has both).
  const hasDigit = /\d/.test(text);
  const hasLetter = /\p{L}/u.test(text);
  // Each source is `b.id IN (subquery)`; the planner builds each list once (no per-row evaluation).
  const sources: Expression<SqlBool>[] = [];
  const bookingIdIn = (subquery: Expression<unknown>) => sql<SqlBool>`b.id in ${subquery}`;
  if (hasDigit || isBookingLookup) {
    sources.push(
      bookingIdIn(
        db
          .selectFrom('bookings')
          .select('id')
          .where((eb) => eb.or([codeContains('number', text), codeContains('number_alt', text)])),
      ),
    );
  }
  if (!isBookingLookup && hasDigit) {
    const digits = text.replace(/[\s.\-/]/g, '').replace(/^\+/, '');
    const isPhone = /^\d+$/.test(digits) && digits.length >= SEARCH_MIN_LENGTH;
    const codes = [codeContains('p.ticket_number', text), ...(isPhone ? [phoneContains(digits)] : [])];
    sources.push(
      bookingIdIn(
        db
          .selectFrom('passengers as p')
          .select('p.booking_id')
          .where((eb) => eb.or(codes)),
      ),
    );
  }
  if (!isBookingLookup && hasLetter) {
    const names = await passengerNameCondition(db, text);
    if (names) sources.push(bookingIdIn(db.selectFrom('passengers as p').select('p.booking_id').where(names)));
  }
  if (sources.length === 0) return [];

  const matches = await db
    .selectFrom('bookings as b')
    .select('b.id')
    .where((eb) => eb.or(sources))
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
