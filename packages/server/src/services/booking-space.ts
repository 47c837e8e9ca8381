import {
  addDays,
  BOOKING_STATUSES,
  type BookingSpace,
  FLIGHT_STATUSES,
  SPACE_NOT_FOUND,
  type SpaceFlight,
  type SpaceLinkState,
  type SpacePassenger,
  spacePassengerCreateSchema,
  spacePassengerUpdateSchema,
  spaceRegistrationRequestSchema,
  spaceRequestedDateSchema,
} from '@app/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { sha256 } from '../auth/session-format.js';
import { parseBody } from '../auth/validation.js';
import { today as operatorToday } from '../core/clock.js';
import { type Auth, authorOf } from '../core/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { CUSTOMER_SPACE, diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';
import { bookingContacts, queueBookingMail, render, settingValue } from '../mail/compose.js';
import { enqueueMail } from '../mail/queue.js';
import { nextTicketNumber } from './booking-numbers.js';
import { BOOKING_RULE_MESSAGES, lockBooking } from './booking-rules.js';
import { PASSENGER_SUMMARY_COLUMNS } from './booking-summaries.js';
import { assertPassengersNotSealed } from './flight-records.js';
import { queuedMailEntry } from './mail.js';
import { MAX_PENDING_REQUESTS_PER_BOOKING, REGISTRATION_REQUEST_MESSAGES } from './registration-requests.js';
import { addSpaceLink, SPACE_TOKEN_SHAPE, spaceUrl } from './space-links.js';

// Issue 28: the passenger's private space per booking (/espace/{token}). The customer opens it from a link staff
// send (the confirmation mail carries it by default), completes names and weights, asks for dates and public
// flights, and staff see each change in the booking's history under « Client (espace en ligne) ».
//
// The link is the only key: 256 random bits, kept only as their SHA-256 (the database alone opens no space). It
// lives while the booking is open, until its validity date or 30 days after its last flight, whichever is later;
// a canceled or expired booking closes it. Every refusal of a link (unknown, revoked, expired, closed booking) is
// the same 404 with the same message, so nothing tells a guessed token from a dead one.

type Db = Kysely<DB> | Transaction<DB>;
type Trx = Transaction<DB>;

/** Days the space stays open after the booking's last flight (the customer reads what happened, rebooks). */
export const DAYS_AFTER_LAST_FLIGHT = 30;
/** Without a validity date or a flight, a link lives this long. */
const DAYS_WITHOUT_DATE = 365;
/** Requested dates one booking may hold: the list stays one a person reads. */
export const MAX_REQUESTED_DATES = 30;

export const SPACE_MESSAGES = {
  notFound: SPACE_NOT_FOUND,
  passengerNotFound: 'Passager introuvable.',
  dateNotFound: 'Date introuvable.',
  tooManyPassengers: (n: number) =>
    `Cette réservation compte ${n} passager${n > 1 ? 's' : ''} : vous ne pouvez pas en ajouter davantage.`,
  dateBeforeToday: "Choisissez une date à partir d'aujourd'hui.",
  dateAfterValidity: (validity: string) =>
    `Choisissez une date jusqu'au ${validity.slice(8, 10)}/${validity.slice(5, 7)}/${validity.slice(0, 4)}, fin de validité de votre bon.`,
  dateTaken: 'Cette date est déjà demandée.',
  tooManyDates: `${MAX_REQUESTED_DATES} dates au plus : retirez-en une d'abord.`,
  alreadyRequested: 'Vous avez déjà demandé ce vol : votre demande attend la réponse de notre équipe.',
  tooManyRequests: `${MAX_PENDING_REQUESTS_PER_BOOKING} demandes au plus en attente : attendez une réponse.`,
  unknownType: 'Qualité inconnue.',
  noBeneficiary: "Aucun email de bénéficiaire sur cette réservation : renseignez-le d'abord.",
  weightFlown: 'Ce passager a déjà volé : son poids fait partie du dossier du vol et ne peut plus être modifié.',
} as const;

const day = (value: unknown): string => String(value).slice(0, 10);
const stamp = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

const CLOSED_STATUSES: number[] = [BOOKING_STATUSES.canceled.id, BOOKING_STATUSES.expired.id];

/** The last day a link of this booking opens the space (the later of its validity and last flight + 30 days). */
async function expiryOf(
  db: Db,
  booking: { id: number; validity_date: string | null },
  createdAt: string | null,
): Promise<string> {
  const last = await db
    .selectFrom('registrations as r')
    .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
    .innerJoin('flights as f', 'f.id', 'r.flight_id')
    .select((eb) => eb.fn.max('f.scheduled_date').as('date'))
    .where('p.booking_id', '=', booking.id)
    .executeTakeFirst();
  const candidates = [
    booking.validity_date ? day(booking.validity_date) : null,
    last?.date ? addDays(day(last.date), DAYS_AFTER_LAST_FLIGHT) : null,
  ].filter((d): d is string => d !== null);
  if (candidates.length === 0) return addDays((createdAt ?? new Date().toISOString()).slice(0, 10), DAYS_WITHOUT_DATE);
  return candidates.sort().at(-1)!;
}

async function bookingForLink(db: Db, bookingId: number) {
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'validity_date', 'booking_status_id'])
    .where('id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) throw new NotFoundError('Réservation introuvable.');
  return booking;
}

/**
 * POST /api/bookings/{id}/space-link: the booking's links replaced by a new one, shown once. A canceled or expired
 * booking has no space (409).
 */
export async function createSpaceLink(
  db: Kysely<DB>,
  bookingId: number,
  auth: Auth | null,
): Promise<{ url: string; expires_at: string }> {
  return db.transaction().execute(async (trx) => {
    const booking = await bookingForLink(trx, bookingId);
    if (CLOSED_STATUSES.includes(booking.booking_status_id)) {
      throw new ConflictError('Cette réservation est annulée ou périmée : elle n’a plus d’espace client.');
    }
    const removed = await trx
      .deleteFrom('booking_space_links')
      .where('booking_id', '=', bookingId)
      .returning('id')
      .execute();
    const now = new Date();
    const token = await addSpaceLink(trx, bookingId, now);
    await recordHistory(trx, auth, [
      {
        resource: 'bookings',
        recordId: bookingId,
        action: 'update',
        // Which happened, never the token (engine/history.ts keeps no secret).
        changes: { space_link: [removed.length > 0 ? 'Lien précédent' : null, 'Nouveau lien'] },
        bookingId,
      },
    ]);
    return { url: spaceUrl(token), expires_at: await expiryOf(trx, booking, now.toISOString()) };
  });
}

/** DELETE /api/bookings/{id}/space-link: every link of the booking stops opening the space. */
export async function revokeSpaceLinks(db: Kysely<DB>, bookingId: number, auth: Auth | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await bookingForLink(trx, bookingId);
    const removed = await trx
      .deleteFrom('booking_space_links')
      .where('booking_id', '=', bookingId)
      .returning('id')
      .execute();
    if (removed.length === 0) return;
    await recordHistory(trx, auth, [
      {
        resource: 'bookings',
        recordId: bookingId,
        action: 'update',
        changes: { space_link: ['Actif', 'Révoqué'] },
        bookingId,
      },
    ]);
  });
}

/** GET /api/bookings/{id}/space-link: whether a link is active, since when, last used when. */
export async function spaceLinkState(db: Kysely<DB>, bookingId: number): Promise<SpaceLinkState> {
  const booking = await bookingForLink(db, bookingId);
  const row = await db
    .selectFrom('booking_space_links')
    .select((eb) => [eb.fn.max('created_at').as('created_at'), eb.fn.max('last_used_at').as('last_used_at')])
    .where('booking_id', '=', bookingId)
    .executeTakeFirst();
  const createdAt = stamp(row?.created_at);
  const isOpen = !CLOSED_STATUSES.includes(booking.booking_status_id);
  const expiresAt = createdAt ? await expiryOf(db, booking, createdAt) : null;
  return {
    is_active: createdAt !== null && isOpen && expiresAt !== null && expiresAt >= operatorToday(),
    created_at: createdAt,
    last_used_at: stamp(row?.last_used_at),
    expires_at: expiresAt,
  };
}

export type SpaceBooking = {
  id: number;
  linkId: number;
  number: string;
  passengers_number: number;
  validity_date: string | null;
  booking_status_id: number;
  prestation_id: number | null;
  location_id: number | null;
};

/** The booking a token opens, or the one 404 (unknown, revoked, expired, canceled). Marks the link used. */
export async function resolveSpace(db: Kysely<DB>, token: string, now = new Date()): Promise<SpaceBooking> {
  if (!SPACE_TOKEN_SHAPE.test(token)) throw new NotFoundError(SPACE_MESSAGES.notFound);
  const row = await db
    .selectFrom('booking_space_links as l')
    .innerJoin('bookings as b', 'b.id', 'l.booking_id')
    .select([
      'l.id as linkId',
      'l.created_at',
      'b.id',
      'b.number',
      'b.passengers_number',
      'b.validity_date',
      'b.booking_status_id',
      'b.prestation_id',
      'b.location_id',
    ])
    .where('l.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || CLOSED_STATUSES.includes(row.booking_status_id)) throw new NotFoundError(SPACE_MESSAGES.notFound);
  const validity = row.validity_date ? day(row.validity_date) : null;
  if ((await expiryOf(db, { id: row.id, validity_date: validity }, stamp(row.created_at))) < operatorToday(now)) {
    throw new NotFoundError(SPACE_MESSAGES.notFound);
  }
  await db
    .updateTable('booking_space_links')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', row.linkId)
    .execute();
  return { ...row, validity_date: validity };
}

const flightOf = (row: {
  id: number;
  scheduled_date: unknown;
  scheduled_time: unknown;
  location: string | null;
  flight_status_id: number;
}): SpaceFlight => {
  const status = Object.values(FLIGHT_STATUSES).find((s) => s.id === row.flight_status_id);
  return {
    id: row.id,
    date: day(row.scheduled_date),
    time: String(row.scheduled_time).slice(0, 5),
    location: row.location,
    status: { slug: status?.slug ?? '', label: status?.label ?? '' },
  };
};

/** The coming public flights the booking may ask to join: planned, public, its prestation and location when set. */
async function offersFor(db: Db, booking: SpaceBooking, today: string) {
  let query = db
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .leftJoin('prestations as pr', 'pr.id', 'f.prestation_id')
    .leftJoin('balloons as ba', 'ba.id', 'f.balloon_id')
    .select([
      'f.id',
      'f.scheduled_date',
      'f.scheduled_time',
      'l.label as location',
      'pr.label as prestation',
      'ba.passengers as seats',
      (eb) =>
        eb
          .selectFrom('registrations as r')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('r.flight_id', '=', 'f.id')
          .as('taken'),
    ])
    .where('f.is_public', '=', 1)
    .where('f.flight_status_id', '=', FLIGHT_STATUSES.planned.id)
    .where('f.scheduled_date', '>=', today)
    .orderBy('f.scheduled_date')
    .orderBy('f.scheduled_time')
    .orderBy('f.id')
    .limit(literalLimit(50));
  if (booking.validity_date) query = query.where('f.scheduled_date', '<=', booking.validity_date);
  if (booking.prestation_id !== null) {
    const prestationId = booking.prestation_id;
    query = query.where((eb) => eb.or([eb('f.prestation_id', 'is', null), eb('f.prestation_id', '=', prestationId)]));
  }
  if (booking.location_id !== null) {
    const locationId = booking.location_id;
    query = query.where((eb) => eb.or([eb('f.location_id', 'is', null), eb('f.location_id', '=', locationId)]));
  } else {
    // The widget's rule: a restrictive location is not advertised to a booking that is not its own.
    query = query.where((eb) => eb.or([eb('f.location_id', 'is', null), eb('l.is_restrictive', '=', 0)]));
  }
  return query.execute();
}

/** GET /api/space/{token}: what the space shows. Weights only here and to staff. */
export async function readSpace(db: Kysely<DB>, booking: SpaceBooking, now = new Date()): Promise<BookingSpace> {
  const today = operatorToday(now);
  const details = await db
    .selectFrom('bookings as b')
    .leftJoin('prestations as pr', 'pr.id', 'b.prestation_id')
    .leftJoin('locations as l', 'l.id', 'b.location_id')
    .select(['pr.label as prestation', 'l.label as location'])
    .where('b.id', '=', booking.id)
    .executeTakeFirstOrThrow();
  const passengers = await db
    .selectFrom('passengers')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'age', 'weight', 'passenger_type_id', 'is_referent'])
    .where('booking_id', '=', booking.id)
    .orderBy('is_referent', 'desc')
    .orderBy('id')
    .execute();
  const flights = await db
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .select(['f.id', 'f.scheduled_date', 'f.scheduled_time', 'f.flight_status_id', 'l.label as location'])
    .where((eb) =>
      eb.or([
        eb(
          'f.id',
          'in',
          eb
            .selectFrom('registrations as r')
            .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
            .select('r.flight_id')
            .where('p.booking_id', '=', booking.id),
        ),
        eb(
          'f.id',
          'in',
          eb.selectFrom('flight_postponements').select('flight_id').where('booking_id', '=', booking.id),
        ),
      ]),
    )
    .orderBy('f.scheduled_date')
    .orderBy('f.scheduled_time')
    .execute();
  const next = flights.find((f) => f.flight_status_id === FLIGHT_STATUSES.planned.id && day(f.scheduled_date) >= today);
  const realized = flights.filter((f) => f.flight_status_id === FLIGHT_STATUSES.realized.id).at(-1);
  const postponed = flights.filter((f) => f.flight_status_id === FLIGHT_STATUSES.weatherPostponed.id).at(-1);
  const types = await db.selectFrom('passenger_types').select(['id', 'label']).orderBy('label').execute();
  const dates = await db
    .selectFrom('requested_dates')
    .select(['id', 'date'])
    .where('booking_id', '=', booking.id)
    .orderBy('date')
    .execute();
  const requests = await db
    .selectFrom('registration_requests as rr')
    .innerJoin('flights as f', 'f.id', 'rr.flight_id')
    .select(['rr.id', 'rr.flight_id', 'rr.status', 'f.scheduled_date', 'f.scheduled_time'])
    .where('rr.booking_id', '=', booking.id)
    // Requests for flights still to fly: an accepted request of a postponed flight would read as a booked seat.
    .where('f.flight_status_id', '=', FLIGHT_STATUSES.planned.id)
    .where('f.scheduled_date', '>=', today)
    .orderBy('f.scheduled_date')
    .execute();
  const isEditable =
    Object.values(BOOKING_STATUSES).find((s) => s.id === booking.booking_status_id)?.isEditable ?? false;
  const offers = isEditable ? await offersFor(db, booking, today) : [];
  const pendingFlights = new Set(requests.filter((r) => r.status === 'pending').map((r) => r.flight_id));
  const registeredFlights = new Set(flights.map((f) => f.id));
  const status = Object.values(BOOKING_STATUSES).find((s) => s.id === booking.booking_status_id);
  return {
    booking: {
      number: booking.number,
      prestation: details.prestation,
      location: details.location,
      validity_date: booking.validity_date,
      status: { slug: status?.slug ?? '', label: status?.label ?? '' },
      passengers_number: booking.passengers_number,
      is_editable: isEditable,
    },
    next_flight: next ? flightOf(next) : null,
    last_flight: realized ? flightOf(realized) : null,
    // The notice stands while no flight is planned since the postponement.
    postponed_flight: postponed && !next ? flightOf(postponed) : null,
    passengers: passengers.map(
      (p): SpacePassenger => ({
        id: p.id,
        first_name: p.first_name,
        last_name: p.last_name,
        email: p.email,
        phone: p.phone,
        age: p.age,
        weight: p.weight === null ? null : Number(p.weight),
        passenger_type_id: p.passenger_type_id,
        is_referent: p.is_referent === 1,
      }),
    ),
    passenger_types: types,
    requested_dates: dates.map((d) => ({ id: d.id, date: day(d.date) })),
    offers: offers
      .filter((f) => !registeredFlights.has(f.id))
      .map((f) => ({
        id: f.id,
        date: day(f.scheduled_date),
        time: String(f.scheduled_time).slice(0, 5),
        location: f.location,
        prestation: f.prestation,
        seats_left: f.seats === null ? null : Math.max(0, Number(f.seats) - Number(f.taken ?? 0)),
        is_requested: pendingFlights.has(f.id),
      }))
      // A flight without the seats the booking needs is not offered.
      .filter((f) => f.seats_left === null || f.seats_left >= Math.max(1, booking.passengers_number)),
    registration_requests: requests.map((r) => ({
      id: r.id,
      flight_id: r.flight_id,
      date: day(r.scheduled_date),
      time: String(r.scheduled_time).slice(0, 5),
      status: r.status,
    })),
    today,
  };
}

/** Takes the booking's lock; a completed, canceled or expired booking's parts no longer change (409). */
async function lockEditable(trx: Trx, booking: SpaceBooking): Promise<void> {
  if ((await lockBooking(trx, booking.id)) !== true) throw new ConflictError(BOOKING_RULE_MESSAGES.partsLocked);
}

/** 'Complété par le client le …': stamped by each change through the space (not a change anyone else made). */
const markCompleted = (trx: Trx, bookingId: number, now: Date) =>
  trx
    .updateTable('bookings')
    .set({ completed_by_customer_at: now.toISOString() })
    .where('id', '=', bookingId)
    .execute();

async function assertPassengerType(trx: Trx, typeId: number | null | undefined): Promise<void> {
  if (typeId === null || typeId === undefined) return;
  const row = await trx.selectFrom('passenger_types').select('id').where('id', '=', typeId).executeTakeFirst();
  if (!row) throw ValidationError.field('passenger_type_id', SPACE_MESSAGES.unknownType);
}

/**
 * A weight changed while the passenger is on a planned flight to come: the pilot's mass plan changed, so the flight
 * and the dashboard say 'Poids modifié après inscription' until staff mark it seen. One open item per passenger and
 * flight: a second change updates its new weight and keeps the weight the plan was made with.
 */
async function flagWeightChange(trx: Trx, passengerId: number, before: number | null, after: number | null, now: Date) {
  const flights = await trx
    .selectFrom('registrations as r')
    .innerJoin('flights as f', 'f.id', 'r.flight_id')
    .select('r.flight_id')
    .where('r.passenger_id', '=', passengerId)
    .where('f.flight_status_id', '=', FLIGHT_STATUSES.planned.id)
    .where('f.scheduled_date', '>=', operatorToday(now))
    .execute();
  for (const { flight_id } of flights) {
    const open = await trx
      .selectFrom('passenger_weight_changes')
      .select('id')
      .where('passenger_id', '=', passengerId)
      .where('flight_id', '=', flight_id)
      .where('seen_at', 'is', null)
      .executeTakeFirst();
    if (open) {
      await trx
        .updateTable('passenger_weight_changes')
        .set({ weight: after, changed_at: now.toISOString() })
        .where('id', '=', open.id)
        .execute();
    } else {
      await trx
        .insertInto('passenger_weight_changes')
        .values({
          passenger_id: passengerId,
          flight_id,
          previous_weight: before,
          weight: after,
          changed_at: now.toISOString(),
        })
        .execute();
    }
  }
}

/** PUT /api/space/{token}/passengers/{id}: one of the booking's passengers completed or corrected. */
export async function updateSpacePassenger(
  db: Kysely<DB>,
  booking: SpaceBooking,
  passengerId: number,
  body: unknown,
  now = new Date(),
): Promise<SpacePassenger> {
  const values = parseBody(spacePassengerUpdateSchema, body);
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('passengers')
      .select(PASSENGER_SUMMARY_COLUMNS)
      .where('id', '=', passengerId)
      .where('booking_id', '=', booking.id)
      .executeTakeFirst();
    if (!existing) throw new NotFoundError(SPACE_MESSAGES.passengerNotFound);
    await lockEditable(trx, booking);
    await assertPassengerType(trx, values.passenger_type_id);
    const changes = diffRow({ ...existing }, values);
    // A weight is a mass of a sealed flight's record once the passenger flew on it: refused, as staff's own edit.
    if ('weight' in changes) {
      await assertPassengersNotSealed(trx, [passengerId]).catch((error) => {
        throw error instanceof ConflictError ? new ConflictError(SPACE_MESSAGES.weightFlown) : error;
      });
    }
    if (Object.keys(changes).length > 0) {
      await trx
        .updateTable('passengers')
        .set({ ...values, updated_at: now.toISOString() })
        .where('id', '=', passengerId)
        .execute();
      const after = { ...existing, ...values };
      await recordHistory(trx, CUSTOMER_SPACE, [
        { resource: 'passengers', recordId: passengerId, action: 'update', changes, bookingId: booking.id, row: after },
      ]);
      if ('weight' in changes) {
        const before = existing.weight === null ? null : Number(existing.weight);
        await flagWeightChange(trx, passengerId, before, values.weight ?? null, now);
      }
      await markCompleted(trx, booking.id, now);
    }
    return passengerOut(trx, passengerId);
  });
}

async function passengerOut(trx: Db, passengerId: number): Promise<SpacePassenger> {
  const p = await trx
    .selectFrom('passengers')
    .select(PASSENGER_SUMMARY_COLUMNS)
    .where('id', '=', passengerId)
    .executeTakeFirstOrThrow();
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    age: p.age,
    weight: p.weight === null ? null : Number(p.weight),
    passenger_type_id: p.passenger_type_id,
    is_referent: p.is_referent === 1,
  };
}

/**
 * POST /api/space/{token}/passengers: a passenger added, up to the booking's passengers_number. The ticket number
 * and the referent are the server's: the next number of the booking, the first passenger is the referent.
 */
export async function createSpacePassenger(
  db: Kysely<DB>,
  booking: SpaceBooking,
  body: unknown,
  now = new Date(),
): Promise<SpacePassenger> {
  const values = parseBody(spacePassengerCreateSchema, body);
  return db.transaction().execute(async (trx) => {
    await lockEditable(trx, booking);
    await assertPassengerType(trx, values.passenger_type_id);
    const count = await trx
      .selectFrom('passengers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_id', '=', booking.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= booking.passengers_number) {
      throw ValidationError.field('passengers', SPACE_MESSAGES.tooManyPassengers(booking.passengers_number));
    }
    const hasReferent = await trx
      .selectFrom('passengers')
      .select('id')
      .where('booking_id', '=', booking.id)
      .where('is_referent', '=', 1)
      .executeTakeFirst();
    const row = {
      ...values,
      booking_id: booking.id,
      ticket_number: await nextTicketNumber(trx, booking.id),
      is_referent: hasReferent ? 0 : 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    const inserted = await trx.insertInto('passengers').values(row).returning('id').executeTakeFirstOrThrow();
    await recordHistory(trx, CUSTOMER_SPACE, [
      {
        resource: 'passengers',
        recordId: inserted.id,
        action: 'create',
        changes: diffRow(null, row),
        bookingId: booking.id,
        row,
      },
    ]);
    await markCompleted(trx, booking.id, now);
    return passengerOut(trx, inserted.id);
  });
}

/** POST /api/space/{token}/requested-dates {date}: from today to the validity date, once per date. */
export async function addSpaceRequestedDate(db: Kysely<DB>, booking: SpaceBooking, body: unknown, now = new Date()) {
  const { date } = parseBody(spaceRequestedDateSchema, body);
  if (date < operatorToday(now)) throw ValidationError.field('date', SPACE_MESSAGES.dateBeforeToday);
  if (booking.validity_date && date > booking.validity_date) {
    throw ValidationError.field('date', SPACE_MESSAGES.dateAfterValidity(booking.validity_date));
  }
  return db.transaction().execute(async (trx) => {
    await lockEditable(trx, booking);
    const dates = await trx
      .selectFrom('requested_dates')
      .select(['id', 'date'])
      .where('booking_id', '=', booking.id)
      .execute();
    if (dates.some((d) => day(d.date) === date)) throw ValidationError.field('date', SPACE_MESSAGES.dateTaken);
    if (dates.length >= MAX_REQUESTED_DATES) throw ValidationError.field('date', SPACE_MESSAGES.tooManyDates);
    const row = { booking_id: booking.id, date };
    const inserted = await trx.insertInto('requested_dates').values(row).returning('id').executeTakeFirstOrThrow();
    await recordHistory(trx, CUSTOMER_SPACE, [
      {
        resource: 'requested-dates',
        recordId: inserted.id,
        action: 'create',
        changes: diffRow(null, row),
        bookingId: booking.id,
        row,
      },
    ]);
    await markCompleted(trx, booking.id, now);
    return { id: inserted.id, date };
  });
}

/** DELETE /api/space/{token}/requested-dates/{id}: one of the booking's own dates only. */
export async function removeSpaceRequestedDate(
  db: Kysely<DB>,
  booking: SpaceBooking,
  dateId: number,
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('requested_dates')
      .select(['id', 'booking_id', 'date'])
      .where('id', '=', dateId)
      .where('booking_id', '=', booking.id)
      .executeTakeFirst();
    if (!existing) throw new NotFoundError(SPACE_MESSAGES.dateNotFound);
    await lockEditable(trx, booking);
    await trx.deleteFrom('requested_dates').where('id', '=', dateId).execute();
    const row = { booking_id: existing.booking_id, date: day(existing.date) };
    await recordHistory(trx, CUSTOMER_SPACE, [
      {
        resource: 'requested-dates',
        recordId: dateId,
        action: 'delete',
        changes: diffRow(row, null),
        bookingId: booking.id,
        row,
      },
    ]);
    await markCompleted(trx, booking.id, now);
  });
}

/**
 * POST /api/space/{token}/registration-requests {flight_id}: asks to join one of the offered flights, filed exactly
 * as the widget files it, for staff to 'Accepter' / 'Refuser'. Unlike the widget, the customer is known: a refusal
 * says why.
 */
export async function fileSpaceRegistrationRequest(
  db: Kysely<DB>,
  booking: SpaceBooking,
  body: unknown,
  now = new Date(),
) {
  const { flight_id } = parseBody(spaceRegistrationRequestSchema, body);
  const today = operatorToday(now);
  const offered = (await offersFor(db, booking, today)).find((f) => f.id === flight_id);
  const seatsLeft = offered && offered.seats !== null ? Number(offered.seats) - Number(offered.taken ?? 0) : null;
  if (!offered || (seatsLeft !== null && seatsLeft < Math.max(1, booking.passengers_number))) {
    // Another booking's flight, a private one or one without the seats: not this space's to ask (404).
    throw new NotFoundError(REGISTRATION_REQUEST_MESSAGES.flightNotOffered);
  }
  return db.transaction().execute(async (trx) => {
    await lockEditable(trx, booking);
    const pending = await trx
      .selectFrom('registration_requests')
      .select('flight_id')
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'pending')
      .execute();
    if (pending.some((r) => r.flight_id === flight_id)) {
      throw ValidationError.field('flight_id', SPACE_MESSAGES.alreadyRequested);
    }
    if (pending.length >= MAX_PENDING_REQUESTS_PER_BOOKING) {
      throw ValidationError.field('flight_id', SPACE_MESSAGES.tooManyRequests);
    }
    const filed = await trx
      .insertInto('registration_requests')
      .values({ booking_id: booking.id, flight_id, created_at: now.toISOString(), status: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
    const entries: HistoryEntry[] = [
      {
        resource: 'registration-requests',
        recordId: filed.id,
        action: 'create',
        changes: diffRow(null, { ...filed }),
        bookingId: booking.id,
        flightId: flight_id,
      },
    ];
    await recordHistory(trx, CUSTOMER_SPACE, entries);
    await markCompleted(trx, booking.id, now);
    return { id: filed.id, flight_id, status: filed.status };
  });
}

/** Open 'Poids modifié après inscription' items of a flight (its page), newest first. */
export async function flightWeightChanges(db: Kysely<DB>, flightId: number) {
  const rows = await db
    .selectFrom('passenger_weight_changes as w')
    .innerJoin('passengers as p', 'p.id', 'w.passenger_id')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select([
      'w.id',
      'w.passenger_id',
      'p.first_name',
      'p.last_name',
      'b.id as booking_id',
      'b.number as booking_number',
      'w.previous_weight',
      'w.weight',
      'w.changed_at',
    ])
    .where('w.flight_id', '=', flightId)
    .where('w.seen_at', 'is', null)
    // Only while the passenger is still on the flight.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('registrations as r')
          .select('r.id')
          .whereRef('r.passenger_id', '=', 'w.passenger_id')
          .whereRef('r.flight_id', '=', 'w.flight_id'),
      ),
    )
    .orderBy('w.changed_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(literalLimit(200))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    passenger_id: r.passenger_id,
    full_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
    booking_id: r.booking_id,
    booking_number: r.booking_number,
    previous_weight: r.previous_weight === null ? null : Number(r.previous_weight),
    weight: r.weight === null ? null : Number(r.weight),
    changed_at: stamp(r.changed_at),
  }));
}

/** POST /api/flights/{id}/weight-changes/seen: staff took the new weights into the plan. */
export async function markWeightChangesSeen(db: Kysely<DB>, flightId: number, auth: Auth | null, now = new Date()) {
  const flight = await db.selectFrom('flights').select('id').where('id', '=', flightId).executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  const updated = await db
    .updateTable('passenger_weight_changes')
    .set({ seen_at: now.toISOString(), seen_by_user_id: auth?.kind === 'user' ? auth.user.id : null })
    .where('flight_id', '=', flightId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return { seen: Number(updated.numUpdatedRows) };
}

/** SQL condition of the dashboard: an open weight change on a planned flight from today. */
export const openWeightChangesSql = (today: string) => sql`select count(*) from passenger_weight_changes w
  join flights f on f.id = w.flight_id
  join registrations r on r.passenger_id = w.passenger_id and r.flight_id = w.flight_id
  where w.seen_at is null and f.flight_status_id = ${FLIGHT_STATUSES.planned.id} and f.scheduled_date >= ${today}`;

/**
 * The space's link sent by mail (a link of its own in each mail): in the booking's confirmation to the buyer, or in
 * 'Bon cadeau : votre espace' to the gift's beneficiary; queued and written to the booking's history in one go.
 */
export async function sendSpaceLinkMail(
  db: Kysely<DB>,
  auth: Auth | null,
  bookingId: number,
  to: 'buyer' | 'beneficiary',
): Promise<{ id: number; recipient: string }> {
  const userId = authorOf(auth);
  return db.transaction().execute(async (trx) => {
    let mail: { id: number; recipient: string };
    let template: string;
    if (to === 'buyer') {
      template = 'booking-confirmation';
      mail = await queueBookingMail(trx, bookingId, 'booking-confirmation', userId);
    } else {
      template = 'gift-space';
      const booking = await trx
        .selectFrom('bookings')
        .select(['beneficiary_name', 'beneficiary_email'])
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (!booking) throw new NotFoundError();
      if (!booking.beneficiary_email) throw ValidationError.field('to', SPACE_MESSAGES.noBeneficiary);
      const contact = (await bookingContacts(trx, [bookingId])).get(bookingId)!;
      const rendered = await render(
        trx,
        template,
        {
          'booking.number': contact.number,
          'beneficiary.full_name': booking.beneficiary_name ?? '',
          'customer.full_name': contact.customerName,
          'booking.passengers_number': contact.passengersNumber,
          'company.name': await settingValue(trx, 'company_name'),
        },
        bookingId,
      );
      const queuedMail = await enqueueMail(trx, {
        to: booking.beneficiary_email,
        ...rendered,
        templateSlug: template,
        bookingId,
        userId,
      });
      mail = { id: queuedMail.id, recipient: booking.beneficiary_email };
    }
    await recordHistory(trx, auth, [queuedMailEntry(mail.id, template, bookingId)]);
    return mail;
  });
}
