import { FLIGHT_STATUSES, type PublicRegistrationRequest, SETTING_DEFAULTS } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { today } from '../core/clock.js';
import { type Auth, authorOf } from '../core/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB, RegistrationRequestStatus } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { bookingContacts, bookingVariables, frenchLongDate, render, settingValue } from '../mail/compose.js';
import { enqueueMail } from '../mail/queue.js';
import { lockBooking } from './booking-rules.js';
import { lockEditableFlight } from './registrations.js';

// Registration requests (issue 11 points 3 and 4). A customer on the public planning widget asks to join a public
// flight with a booking number and the referent's last name; staff then accept (the booking's passengers are
// registered on the flight) or refuse it, and the customer gets a mail either way.
//
// Filing never tells whether a booking exists: a wrong pair, a closed booking or a request already waiting all get
// the same answer as a recorded one, so the form cannot be used to find booking numbers (it is rate-limited per IP
// too, routes/public.ts). Only what is public anyway (the flight is no longer offered) is said.

export const REGISTRATION_REQUEST_MESSAGES = {
  widgetDisabled: "Le planning public n'est pas activé.",
  flightNotOffered: "Ce vol n'est plus proposé : choisissez-en un autre.",
  alreadyDecided: 'Cette demande a déjà été traitée.',
  bookingClosed: 'Cette réservation est terminée, annulée ou périmée : ses passagers ne peuvent plus être inscrits.',
  noPassenger: "Cette réservation n'a aucun passager à inscrire : ajoutez ses passagers d'abord.",
  notEnoughSeats: (left: number, wanted: number) =>
    `Places insuffisantes sur ce vol : ${Math.max(left, 0)} place${left > 1 ? 's' : ''} restante${left > 1 ? 's' : ''} pour ${wanted} passager${wanted > 1 ? 's' : ''}.`,
} as const;

/** Waiting requests one booking may have at once: a flood from one booking never buries the staff's list. */
export const MAX_PENDING_REQUESTS_PER_BOOKING = 5;

type Db = Kysely<DB> | Transaction<DB>;

export async function isWidgetEnabled(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'planning_widgets_enabled')
    .executeTakeFirst();
  return (row?.value ?? SETTING_DEFAULTS.planning_widgets_enabled) === '1';
}

/** Case, accents and spacing do not matter when a customer types a name ('Éléonore  DUPONT' = 'eleonore dupont'). */
export const foldName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’-]+/g, ' ')
    .trim();

/** A public flight the widget offers: planned, marked public, not in the past. */
async function assertFlightOffered(db: Db, flightId: number, today: string): Promise<void> {
  const flight = await db
    .selectFrom('flights')
    .select('id')
    .where('id', '=', flightId)
    .where('is_public', '=', 1)
    .where('flight_status_id', '=', FLIGHT_STATUSES.planned.id)
    .where('scheduled_date', '>=', today)
    .executeTakeFirst();
  if (!flight) throw ValidationError.field('flight_id', REGISTRATION_REQUEST_MESSAGES.flightNotOffered);
}

/**
 * POST /api/public/registration-requests. Resolves whether anything was recorded only for the tests: the route
 * answers the same in every case.
 */
export async function fileRegistrationRequest(
  db: Kysely<DB>,
  input: PublicRegistrationRequest,
  now = new Date(),
): Promise<{ isRecorded: boolean }> {
  if (!(await isWidgetEnabled(db))) throw new NotFoundError(REGISTRATION_REQUEST_MESSAGES.widgetDisabled);
  await assertFlightOffered(db, input.flight_id, today(now));
  const number = input.booking_number.trim();
  return db.transaction().execute(async (trx) => {
    const booking = await trx
      .selectFrom('bookings as b')
      .innerJoin('booking_statuses as s', 's.id', 'b.booking_status_id')
      .select(['b.id', 's.is_editable'])
      .where((eb) => eb.or([eb('b.number', '=', number), eb('b.number_alt', '=', number)]))
      .orderBy('b.id')
      .executeTakeFirst();
    // Read even without a booking, so a wrong number costs the same queries as a wrong name.
    const referent = await trx
      .selectFrom('passengers')
      .select('last_name')
      .where('booking_id', '=', booking?.id ?? 0)
      .where('is_referent', '=', 1)
      .executeTakeFirst();
    const typed = foldName(input.last_name);
    const isMatch = booking !== undefined && typed !== '' && foldName(referent?.last_name ?? '') === typed;
    if (!isMatch || !booking.is_editable) return { isRecorded: false };
    // Serialises two requests of the same booking, so the checks below hold when the row is inserted.
    await lockBooking(trx, booking.id);
    const pending = await trx
      .selectFrom('registration_requests')
      .select(['flight_id'])
      .where('booking_id', '=', booking.id)
      .where('status', '=', 'pending')
      .execute();
    const isDuplicate = pending.some((row) => row.flight_id === input.flight_id);
    if (isDuplicate || pending.length >= MAX_PENDING_REQUESTS_PER_BOOKING) return { isRecorded: false };
    const filed = await trx
      .insertInto('registration_requests')
      .values({ booking_id: booking.id, flight_id: input.flight_id, created_at: now.toISOString(), status: 'pending' })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Filed from the public widget: nobody signed in, the history says 'Système'.
    await recordHistory(trx, null, [
      {
        resource: 'registration-requests',
        recordId: filed.id,
        action: 'create',
        changes: diffRow(null, { ...filed }),
        bookingId: filed.booking_id,
        flightId: filed.flight_id,
      },
    ]);
    return { isRecorded: true };
  });
}

type Decision = 'accepted' | 'refused';

/** Takes the request's row lock and checks it still waits (two staff members never decide it twice). */
async function lockPendingRequest(trx: Transaction<DB>, requestId: number) {
  await lockRow(trx, 'registration_requests', requestId);
  const request = await trx
    .selectFrom('registration_requests')
    .select(['id', 'booking_id', 'flight_id', 'status'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request) throw new NotFoundError("Demande d'inscription introuvable.");
  if (request.status !== 'pending') throw new ConflictError(REGISTRATION_REQUEST_MESSAGES.alreadyDecided);
  return request;
}

/** Marks the request decided and returns its history entry (recorded with the decision's other writes). */
async function markDecided(
  trx: Transaction<DB>,
  request: { id: number; booking_id: number; flight_id: number; status: RegistrationRequestStatus },
  status: RegistrationRequestStatus,
  userId: number | null,
): Promise<HistoryEntry> {
  const decision = { status, decided_at: new Date().toISOString(), decided_by_user_id: userId };
  await trx.updateTable('registration_requests').set(decision).where('id', '=', request.id).execute();
  return {
    resource: 'registration-requests',
    recordId: request.id,
    action: 'update',
    changes: diffRow({ status: request.status, decided_at: null, decided_by_user_id: null }, decision),
    bookingId: request.booking_id,
    flightId: request.flight_id,
  };
}

export type MailOutcome = { status: 'queued'; recipient: string } | { status: 'no-address' };

/** The customer's answer, queued in the decision's transaction: it leaves only if the decision commits. */
async function queueDecisionMail(
  trx: Transaction<DB>,
  decision: Decision,
  bookingId: number,
  flightId: number,
  userId: number | null,
): Promise<MailOutcome> {
  const contact = (await bookingContacts(trx, [bookingId])).get(bookingId);
  if (!contact?.recipient) return { status: 'no-address' };
  const flight = await trx
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .select(['f.scheduled_date', 'f.scheduled_time', 'l.label as location'])
    .where('f.id', '=', flightId)
    .executeTakeFirstOrThrow();
  const slug = decision === 'accepted' ? 'registration-request-accepted' : 'registration-request-refused';
  const rendered = await render(
    trx,
    slug,
    {
      ...bookingVariables(contact, await settingValue(trx, 'company_name')),
      'flight.date': frenchLongDate(flight.scheduled_date),
      'flight.time': flight.scheduled_time.slice(0, 5),
      'flight.location': flight.location ?? '',
    },
    bookingId,
  );
  await enqueueMail(trx, { to: contact.recipient, ...rendered, templateSlug: slug, bookingId, flightId, userId });
  return { status: 'queued', recipient: contact.recipient };
}

export type DecisionResult = { id: number; status: Decision; registered: number; mail: MailOutcome };

/**
 * 'Accepter': registers every passenger of the booking not yet on the flight, marks the request accepted and queues
 * the customer's mail, all in one transaction. Refused (409, with the reason) when the flight is no longer editable
 * (postponed, canceled or realized), the booking is closed (completed, canceled or expired), it has no passenger, or the balloon has not enough seats left; the
 * flight's row lock (services/registrations.ts) keeps the seat count true under concurrent registrations.
 */
export async function acceptRegistrationRequest(
  db: Kysely<DB>,
  requestId: number,
  auth: Auth | null,
): Promise<DecisionResult> {
  const userId = authorOf(auth);
  return db.transaction().execute(async (trx) => {
    const request = await lockPendingRequest(trx, requestId);
    if ((await lockBooking(trx, request.booking_id)) === false) {
      throw new ConflictError(REGISTRATION_REQUEST_MESSAGES.bookingClosed);
    }
    const flight = await lockEditableFlight(trx, request.flight_id);
    const passengers = await trx
      .selectFrom('passengers')
      .select('id')
      .where('booking_id', '=', request.booking_id)
      .orderBy('id')
      .execute();
    if (passengers.length === 0) throw new ConflictError(REGISTRATION_REQUEST_MESSAGES.noPassenger);
    const registered = await trx
      .selectFrom('registrations')
      .select('passenger_id')
      .where('flight_id', '=', request.flight_id)
      .execute();
    const onFlight = new Set(registered.map((row) => row.passenger_id));
    const toRegister = passengers.filter((p) => !onFlight.has(p.id));
    if (flight.seats !== null && flight.seats !== undefined) {
      const left = Number(flight.seats) - registered.length;
      if (toRegister.length > left) {
        throw new ConflictError(REGISTRATION_REQUEST_MESSAGES.notEnoughSeats(left, toRegister.length));
      }
    }
    const history: HistoryEntry[] = [];
    if (toRegister.length > 0) {
      const createdAt = new Date().toISOString();
      const inserted = await trx
        .insertInto('registrations')
        .values(toRegister.map((p) => ({ flight_id: request.flight_id, passenger_id: p.id, created_at: createdAt })))
        .returning(['id', 'passenger_id'])
        .execute();
      for (const r of inserted) {
        history.push({
          resource: 'registrations',
          recordId: r.id,
          action: 'create',
          changes: diffRow(null, { flight_id: request.flight_id, passenger_id: r.passenger_id }),
          bookingId: request.booking_id,
          flightId: request.flight_id,
        });
      }
    }
    history.push(await markDecided(trx, request, 'accepted', userId));
    await recordHistory(trx, auth, history);
    const mail = await queueDecisionMail(trx, 'accepted', request.booking_id, request.flight_id, userId);
    return { id: request.id, status: 'accepted', registered: toRegister.length, mail };
  });
}

/** 'Refuser': closes the request and queues the customer's mail, in one transaction. */
export async function refuseRegistrationRequest(
  db: Kysely<DB>,
  requestId: number,
  auth: Auth | null,
): Promise<DecisionResult> {
  const userId = authorOf(auth);
  return db.transaction().execute(async (trx) => {
    const request = await lockPendingRequest(trx, requestId);
    await recordHistory(trx, auth, [await markDecided(trx, request, 'refused', userId)]);
    const mail = await queueDecisionMail(trx, 'refused', request.booking_id, request.flight_id, userId);
    return { id: request.id, status: 'refused', registered: 0, mail };
  });
}
