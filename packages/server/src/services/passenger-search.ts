import { OPEN_BOOKING_STATUS_IDS, SEARCH_MIN_LENGTH } from '@app/domain';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError, ValidationError } from '../core/errors.js';
import { type Dialect, fold } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { tableVersions } from '../engine/count-cache.js';
import { escapeLike, literalLimit } from '../engine/sql.js';
import {
  foldedTermsLike,
  keptTerms,
  lookupKey,
  matchingTerms,
  type ResolvedTerms,
  resolveTerms,
} from '../engine/term-cache.js';
import type { KnownVersions } from '../engine/types.js';
import { precompiled } from './precompiled.js';

// POST /api/search/passengers-for-flight (the passenger search dialog): find bookings by passenger name,
// ticket number, booking number (or alternative number) or phone, to pick passengers to register on a flight.

/** Bookings answered at most: the dialog is a picker, not a list; a longer search narrows it. */
export const SEARCH_MAX_BOOKINGS = 20;

// What the picker shows and sends back, nothing more: a search answers 20 bookings of a common name with their
// passengers, and the customers' emails, phones and ages have no business travelling with each keystroke (with them
// the answer was 30 kB, a third of it built for nothing).
const PASSENGER_COLUMNS = ['id', 'ticket_number', 'is_referent', 'weight'] as const;
const BOOKING_COLUMNS = ['id', 'number', 'number_alt', 'passengers_number'] as const;

const contains = (text: string): string => `%${escapeLike(text)}%`;

/**
 * The distinct values of an indexed column (terms tables of migrations 0004 and 0007) that contain `text`, accent-
 * and case-insensitively, as a subquery: the trigram index finds the few terms, the column's B-tree the rows.
 * SQLite's FTS5 trigram needs 3 characters; a shorter word scans the terms (thousands, not the 300,000 rows).
 */
function termsContaining(dialect: Dialect, terms: string, text: string, known?: ResolvedTerms): Expression<unknown> {
  if (dialect === 'postgres') return sql`(${foldedTermsLike(terms, contains(text))})`;
  // SQLite: the kept terms as a json_each list (PostgreSQL's walk takes them as an array: newestBookingsByName).
  const kept = known?.get(lookupKey({ terms, kind: 'contains', text }));
  if (kept) return sql`(${keptTerms(kept)})`;
  const table = sql.table(terms);
  if ([...text].length >= SEARCH_MIN_LENGTH) return sql`(${matchingTerms({ terms, kind: 'contains', text })})`;
  return sql`(select value from ${table} where fold(value) like ${contains(fold(text) ?? text)} escape '\\')`;
}

/**
 * The bookings with a passenger having every word of the text in their first or last name ("hélène rous" finds
 * Hélène Rousseau, and so does "rousseau helene"), as a select of booking ids named `id`. One word: the bookings
 * straight from the name indexes, which hold the booking id (a common name is thousands of entries: no row
 * lookup each). Several words: the passengers matching each word, intersected with one `id IN (...)` per word,
 * each a UNION of two index lookups (written with OR, SQLite scanned the 300,000 passengers: 76 ms against 4 ms).
 * Not INTERSECT: SQLite gives every compound operator the same precedence, PostgreSQL does not.
 */
function bookingsByName(dialect: Dialect, text: string): RawBuilder<unknown> | null {
  const words = [...new Set((fold(text) ?? '').split(/\s+/).filter(Boolean))].slice(0, 5);
  if (words.length === 0) return null;
  const lastNames = (word: string) => termsContaining(dialect, 'passengers_last_name_terms', word);
  const firstNames = (word: string) => termsContaining(dialect, 'passengers_first_name_terms', word);
  const [only] = words;
  if (words.length === 1 && only !== undefined) {
    return sql`select booking_id as id from passengers where last_name in ${lastNames(only)}
      union select booking_id as id from passengers where first_name in ${firstNames(only)}`;
  }
  const perWord = words.map(
    (word) => sql`id in (select id from passengers where last_name in ${lastNames(word)}
      union select id from passengers where first_name in ${firstNames(word)})`,
  );
  return sql`select booking_id as id from passengers where ${sql.join(perWord, sql` and `)}`;
}

/** Statuses whose bookings come first, still to fly (pending, in progress), as a SQL list. */
const OPEN_STATUSES = sql.join(OPEN_BOOKING_STATUS_IDS.map((s) => sql.lit(s)));

/**
 * The newest bookings (at most `SEARCH_MAX_BOOKINGS`), open ones first, with a passenger whose last or first name
 * contains the one word `word` (3+ characters: the trigram index finds the terms). A common name is thousands of
 * passengers: collecting them all to sort by booking status cost 2 to 3 ms. Instead each matching term reads its
 * 20 newest open bookings from the partial (name, booking) index of open bookings' passengers (migration 0024), and
 * the answer's bookings are among those, merged here. Closed bookings are read only when the open ones fall short.
 */
async function newestBookingsByName(
  db: Kysely<DB>,
  dialect: Dialect,
  word: string,
  versions?: KnownVersions,
): Promise<number[]> {
  const known = await resolveTerms(
    { db, dialect },
    (['last_name', 'first_name'] as const).map((column) => ({
      terms: `passengers_${column}_terms`,
      table: 'passengers',
      kind: 'contains' as const,
      text: word,
    })),
    (reading, tables) => tableVersions(reading, tables, versions),
  );
  /** Each matching term's newest bookings, open or closed, merged newest first. */
  const walk = async (open: boolean): Promise<number[]> => {
    // Literals, not bound values: the planners use the partial index only for a condition they can see.
    const newest = (column: 'last_name' | 'first_name') =>
      sql`select distinct p.booking_id as x from passengers p
        where p.${sql.id(column)} = t.value and p.booking_is_open = ${sql.lit(open ? 1 : 0)}
        order by p.booking_id desc limit ${literalLimit(SEARCH_MAX_BOOKINGS)}`;
    const perTerm = (column: 'last_name' | 'first_name') => {
      const terms = `passengers_${column}_terms`;
      const ids =
        dialect === 'postgres'
          ? sql`(select coalesce(json_agg(n.x), '[]') from (${newest(column)}) n)`
          : sql`(select json_group_array(n.x) from (${newest(column)}) n)`;
      // PostgreSQL: the kept terms as an array parameter, so that the walk holds no LIKE and is prepared once
      // (with the terms' LIKE inside, PostgreSQL planned it again at every run: 0.8 ms against 0.4 of work). The
      // array behind a sub-select: a custom plan, which sees its length, then always looked cheaper than the
      // generic one, and PostgreSQL planned the walk again at every run (0.15 ms for 0.05 of work).
      const kept = known.get(lookupKey({ terms, kind: 'contains', text: word }));
      if (dialect === 'postgres' && kept)
        return sql`select ${ids} as ids from unnest((select ${kept}::text[])) as t(value)`;
      return sql`select ${ids} as ids from ${sql.table(terms)} t where t.value in ${termsContaining(dialect, terms, word, known)}`;
    };
    const rows = await sql<{
      ids: string | number[];
    }>`${perTerm('last_name')} union all ${perTerm('first_name')}`.execute(db);
    const ids = new Set<number>();
    for (const row of rows.rows) {
      for (const id of typeof row.ids === 'string' ? (JSON.parse(row.ids) as number[]) : row.ids) ids.add(Number(id));
    }
    return [...ids].sort((a, b) => b - a).slice(0, SEARCH_MAX_BOOKINGS);
  };
  const open = await walk(true);
  return open.length < SEARCH_MAX_BOOKINGS ? [...open, ...(await walk(false))].slice(0, SEARCH_MAX_BOOKINGS) : open;
}

/**
 * The newest bookings, open ones first, among the union of `sources` (selects of booking ids named `id`). The
 * matching ids are joined to their bookings, not `b.id IN (...)`: SQLite then walked the matches back to each
 * passenger row (13 ms for a common name against 2.5 ms).
 */
async function newestMatches(db: Kysely<DB>, sources: RawBuilder<unknown>[]): Promise<number[]> {
  const matches = await db
    .selectFrom(sql<{ id: number }>`(${sql.join(sources, sql` union `)})`.as('m'))
    .innerJoin('bookings as b', (join) => join.on(sql<SqlBool>`b.id = m.id`))
    .select('b.id')
    .orderBy(sql`case when b.booking_status_id in (${OPEN_STATUSES}) then 0 else 1 end`)
    .orderBy('b.id', 'desc')
    .limit(literalLimit(SEARCH_MAX_BOOKINGS))
    .execute();
  return matches.map((m) => m.id);
}

/**
 * The answer (`PassengerSearchResult[]`) as JSON text, built by the database in one statement: the bookings in the
 * order of `ids`, each with its status, referent, passengers (referent first, then by id; `is_registered` on
 * `flightId`) and linked bookings (either side of booking_links, each once, oldest link first). Assembled in
 * JavaScript it was five statements and 20 bookings' worth of objects to build and serialise again (30 kB for a
 * common name): 1.4 ms of the server a search against 1.0 (bench i, SQLite), 5 round trips against 3 (PostgreSQL).
 */
function answerQuery(db: Kysely<DB>, dialect: Dialect, ids: unknown, flightId: unknown) {
  const pg = dialect === 'postgres';
  const object = (fields: [string, RawBuilder<unknown>][]) =>
    sql`${sql.raw(pg ? 'json_build_object' : 'json_object')}(${sql.join(
      fields.map(([key, value]) => sql`${sql.lit(key)}, ${value}`),
    )})`;
  const column = (alias: string, name: string): [string, RawBuilder<unknown>] => [name, sql.ref(`${alias}.${name}`)];
  const columns = (alias: string, names: readonly string[]) => names.map((name) => column(alias, name));
  // SQLite builds JSON text: its JSON functions keep a nested value as JSON through the sub-selects (SQLite 3.51).
  // JSONB, its binary form, made the same answer 25 % slower (280 against 210 µs for bench i): the whole answer was
  // then turned into text once more at the end.
  /** A JSON array of `item` over the rows of `from`, in `order`; [] when none. */
  const array = (item: RawBuilder<unknown>, from: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    pg
      ? sql`coalesce((select json_agg(${item} order by ${order}) from ${from}), '[]'::json)`
      : sql`(select json_group_array(${item} order by ${order}) from ${from})`;
  const passenger = (registered: boolean) =>
    object([
      ...columns('p', PASSENGER_COLUMNS),
      // fullName() of booking-summaries.ts: with two parts, trimming the joined text is the same.
      ['full_name', sql`trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))`],
      ...(registered
        ? ([
            [
              'is_registered',
              pg
                ? sql`exists(select 1 from registrations r where r.flight_id = ${flightId} and r.passenger_id = p.id)`
                : sql`json(iif(exists(select 1 from registrations r where r.flight_id = ${flightId} and r.passenger_id = p.id), 'true', 'false'))`,
            ],
          ] as [string, RawBuilder<unknown>][])
        : []),
    ]);
  const booking = (alias: string) => {
    const b = sql.id(alias);
    return [
      ...columns(alias, BOOKING_COLUMNS),
      // Its status joined beside it (`${alias}_s`): a sub-select per booking cost more than the row it reads.
      ['booking_status', object(columns(`${alias}_s`, ['id', 'slug', 'label']))],
      [
        'referent_passenger',
        // The lowest id among the referents, found in the (booking_id, is_referent) index: no sort per booking.
        sql`(select ${passenger(false)} from passengers p where p.id = (select min(q.id) from passengers q
          where q.booking_id = ${b}.id and q.is_referent = 1))`,
      ],
      [
        'passengers',
        array(passenger(true), sql`passengers p where p.booking_id = ${b}.id`, sql`p.is_referent desc, p.id`),
      ],
    ] as [string, RawBuilder<unknown>][];
  };
  // A link is symmetric for the user: the other side of each link of b, once, by its oldest link.
  const linked = sql`bookings lb join booking_statuses lb_s on lb_s.id = lb.booking_status_id
    join (select k.other, min(k.link_id) as first_link from (
      select l.linked_booking_id as other, l.id as link_id from booking_links l where l.booking_id = b.id
      union all select l.booking_id as other, l.id as link_id from booking_links l where l.linked_booking_id = b.id
    ) k where k.other <> b.id group by k.other) kk on lb.id = kk.other`;
  // Most bookings have no link: two index probes spare them the grouping and sorting of none.
  const hasLinks = sql`exists(select 1 from booking_links l where l.booking_id = b.id)
    or exists(select 1 from booking_links l where l.linked_booking_id = b.id)`;
  const empty = pg ? sql`'[]'::json` : sql`json('[]')`;
  const item = object([
    ...booking('b'),
    [
      'linked_bookings',
      sql`case when ${hasLinks} then ${array(object(booking('lb')), linked, sql`kk.first_link`)} else ${empty} end`,
    ],
  ]);
  const main = pg
    ? sql`unnest(${ids}::int[]) with ordinality as m(id, pos)`
    : sql`(select value as id, key as pos from json_each(${ids})) m`;
  return db.selectNoFrom(
    sql<string>`${array(item, sql`${main} join bookings b on b.id = m.id join booking_statuses b_s on b_s.id = b.booking_status_id`, sql`m.pos`)}${sql.raw(pg ? '::text' : '')}`.as(
      'answer',
    ),
  );
}

// Compiled once per database (services/precompiled.ts): the statement is 4 kB of SQL, as long to build as to run.
const answerQueries = {
  sqlite: precompiled((db, ids: string, flightId: number) => answerQuery(db, 'sqlite', ids, flightId), 2),
  postgres: precompiled((db, ids: number[], flightId: number) => answerQuery(db, 'postgres', ids, flightId), 2),
};

async function answerOf(db: Kysely<DB>, dialect: Dialect, ids: number[], flightId: number): Promise<string> {
  const rows =
    dialect === 'postgres'
      ? await answerQueries.postgres(db, ids, flightId)
      : await answerQueries.sqlite(db, JSON.stringify(ids), flightId);
  return rows[0]?.answer ?? '[]';
}

/** Phone numbers are stored as typed (`06 12 34 56 78`, `06.12...`): compare digits only. */
const phoneContains = (digits: string): Expression<SqlBool> =>
  sql<SqlBool>`replace(replace(replace(replace(p.phone, ' ', ''), '.', ''), '-', ''), '/', '') LIKE ${contains(digits)}`;

export async function searchPassengersForFlight(
  db: Kysely<DB>,
  dialect: Dialect,
  input: { search: string; flight_id: number },
  /** The versions the read request holds (engine/count-cache.ts), for the kept terms. */
  versions?: KnownVersions,
): Promise<string> {
  const raw = input.search.trim();
  // A search starting with # is a booking-number lookup.
  const isBookingLookup = raw.startsWith('#');
  const text = isBookingLookup ? raw.slice(1).trim() : raw;
  if (text.length < SEARCH_MIN_LENGTH) {
    throw ValidationError.field('search', `La recherche doit contenir au moins ${SEARCH_MIN_LENGTH} caractères.`);
  }
  // The flight is looked up beside the search (PostgreSQL: one round trip less to wait for); a missing flight is a
  // 404 whatever the search finds.
  const flight = db.selectFrom('flights').select('id').where('id', '=', input.flight_id).executeTakeFirst();

  // Candidate bookings. Codes (booking, alternative and ticket numbers, phones) hold digits and names do not:
  // a text with digits is looked up as a code, a text with letters as a name (both when it has both).
  const hasDigit = /\d/.test(text);
  const hasLetter = /\p{L}/u.test(text);
  // Each source is a select of booking ids through one index; they are UNIONed, never OR-ed (an OR of IN lists
  // made SQLite scan the table).
  const sources: RawBuilder<unknown>[] = [];
  if (hasDigit || isBookingLookup) {
    sources.push(
      sql`select id from bookings where number in ${termsContaining(dialect, 'bookings_number_terms', text)}`,
      sql`select id from bookings where number_alt in ${termsContaining(dialect, 'bookings_number_alt_terms', text)}`,
    );
  }
  if (!isBookingLookup && hasDigit) {
    sources.push(
      sql`select booking_id as id from passengers where ticket_number in ${termsContaining(dialect, 'passengers_ticket_number_terms', text)}`,
    );
    const digits = text.replace(/[\s.\-/]/g, '').replace(/^\+/, '');
    if (/^\d+$/.test(digits) && digits.length >= SEARCH_MIN_LENGTH) {
      sources.push(sql`select p.booking_id as id from passengers p where ${phoneContains(digits)}`);
    }
  }
  if (!isBookingLookup && hasLetter) {
    const names = bookingsByName(dialect, text);
    if (names) sources.push(names);
  }
  if (sources.length === 0) {
    if (!(await flight)) throw new NotFoundError('Vol introuvable.');
    return '[]';
  }

  const words = (fold(text) ?? '').split(/\s+/).filter(Boolean);
  const [word] = words;
  const [found, mainIds] = await Promise.all([
    flight,
    !hasDigit && !isBookingLookup && words.length === 1 && word !== undefined && [...word].length >= SEARCH_MIN_LENGTH
      ? newestBookingsByName(db, dialect, word, versions)
      : newestMatches(db, sources),
  ]);
  if (!found) throw new NotFoundError('Vol introuvable.');
  if (mainIds.length === 0) return '[]';
  return answerOf(db, dialect, mainIds, input.flight_id);
}
