import {
  addMonths,
  BOOKING_STATUSES,
  DEFAULT_VALIDITY_MONTHS,
  EXPIRABLE_BOOKING_STATUS_IDS,
  FLIGHT_STATUSES,
  frenchDate,
  MAX_VALIDITY_MONTHS,
  type ValidityExtension,
} from '@app/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { today as operatorToday } from '../core/clock.js';
import { type Auth, authorOf } from '../core/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB, ExtensionRule } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { bookingContacts, bookingVariables, render, settingValue } from '../mail/compose.js';
import { enqueueMail } from '../mail/queue.js';
import { validityAttestationPdf } from '../pdf/lazy.js';
import { lockBooking } from './booking-rules.js';

// Voucher validity (issue 12 point 3): the date set on creation, 'Prolonger', and the daily expiry job.

type Db = Kysely<DB> | Transaction<DB>;

export const VALIDITY_MESSAGES = {
  beforePurchase: "La date de validité ne peut pas précéder la date d'achat.",
  closed: 'Une réservation terminée ou annulée ne peut pas être prolongée.',
  stillPast: (date: string) =>
    `La validité prolongée (${frenchDate(date)}) serait encore dépassée : prolongez de plus de mois.`,
} as const;

/** The `voucher_validity_months` setting (12 when missing or unreadable). */
export async function validityMonths(db: Db): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'voucher_validity_months')
    .executeTakeFirst();
  const months = Number(row?.value);
  return Number.isInteger(months) && months >= 1 && months <= MAX_VALIDITY_MONTHS ? months : DEFAULT_VALIDITY_MONTHS;
}

/**
 * Booking create/update (resources/bookings.ts beforeWrite): a new booking without a validity date gets its
 * purchase date (today when none) + the months setting; the date never precedes the purchase date.
 */
export async function applyValidityRule(
  trx: Transaction<DB>,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Promise<void> {
  if (!existing && (values.validity_date === undefined || values.validity_date === null)) {
    const purchase = typeof values.booked_at === 'string' ? values.booked_at : operatorToday();
    values.validity_date = addMonths(purchase, await validityMonths(trx));
  }
  const merged = { ...existing, ...values };
  const validity = merged.validity_date;
  const bookedAt = merged.booked_at;
  // Only checked when one of the two is written: an old row's dates are not re-judged by an unrelated change.
  if (!('validity_date' in values) && !('booked_at' in values)) return;
  if (typeof validity === 'string' && typeof bookedAt === 'string' && validity < bookedAt) {
    throw ValidationError.field('validity_date', VALIDITY_MESSAGES.beforePurchase);
  }
}

export type ExtensionResult = {
  id: number;
  /** Issue 29: whether the 'Prolongation de validité' mail was queued (asked for, and an address known). */
  mail_queued: boolean;
  booking_id: number;
  months: number;
  reason: string;
  previous_validity_date: string | null;
  validity_date: string;
  booking_status_id: number;
};

/** The booking columns an extension reads, under the booking's lock. */
export type ExtendedBooking = {
  id: number;
  booking_status_id: number;
  booked_at: string | null;
  validity_date: string | null;
  created_at: string;
};

export const lockedBookingForExtension = (trx: Transaction<DB>, bookingId: number) =>
  trx
    .selectFrom('bookings')
    .select(['id', 'booking_status_id', 'booked_at', 'validity_date', 'created_at'])
    .where('id', '=', bookingId)
    .executeTakeFirst();

/** The date an extension starts from: the validity, else purchase (creation) date + the months setting. */
export async function extensionBase(trx: Transaction<DB>, booking: ExtendedBooking): Promise<string> {
  return (
    booking.validity_date ?? addMonths(booking.booked_at ?? booking.created_at.slice(0, 10), await validityMonths(trx))
  );
}

/**
 * Writes one extension in the caller's transaction, the booking locked by the caller: the new date (an expired
 * booking reopens as pending), the extension's row, a note and the history. 'Prolonger' and the automatic rules
 * (services/voucher-rules.ts: `rule` and `flightId` set, no user) write it the same way.
 */
export async function writeExtension(
  trx: Transaction<DB>,
  booking: ExtendedBooking,
  input: { months: number; reason: string; rule?: ExtensionRule | null; flightId?: number | null },
  auth: Auth | null,
  validityDate: string,
) {
  const userId = input.rule ? null : authorOf(auth);
  const status = booking.booking_status_id;
  const reopened = status === BOOKING_STATUSES.expired.id;
  const nextStatus = reopened ? BOOKING_STATUSES.pending.id : status;
  const now = new Date().toISOString();
  await trx
    .updateTable('bookings')
    .set({ validity_date: validityDate, booking_status_id: nextStatus, updated_at: now })
    .where('id', '=', booking.id)
    .execute();
  const extension = await trx
    .insertInto('booking_validity_extensions')
    .values({
      booking_id: booking.id,
      months: input.months,
      reason: input.reason,
      previous_validity_date: booking.validity_date,
      validity_date: validityDate,
      user_id: userId,
      created_at: now,
      rule: input.rule ?? null,
      flight_id: input.flightId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const content =
    `Validité prolongée de ${input.months} mois, jusqu'au ${frenchDate(validityDate)}` +
    `${reopened ? ' (réservation remise en attente)' : ''} : ${input.reason}`;
  const note = await trx
    .insertInto('booking_notes')
    .values({ booking_id: booking.id, content, user_id: userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  // An automatic extension is the system's (no author), whoever postponed the flight.
  await recordHistory(trx, input.rule ? null : auth, [
    {
      resource: 'bookings',
      recordId: booking.id,
      action: 'update',
      changes: diffRow(
        { validity_date: booking.validity_date, booking_status_id: status },
        { validity_date: validityDate, booking_status_id: nextStatus },
      ),
      bookingId: booking.id,
    },
    {
      resource: 'booking-validity-extensions',
      recordId: extension.id,
      action: 'create',
      changes: diffRow(null, { ...extension }),
      bookingId: booking.id,
    },
    {
      resource: 'booking-notes',
      recordId: note.id,
      action: 'create',
      changes: diffRow(null, { ...note }),
      bookingId: booking.id,
    },
  ]);
  return { extension, nextStatus };
}

/**
 * POST /api/bookings/{id}/extend-validity: the validity moves by `months` from its current date (from the
 * purchase date + setting when it had none), recorded with the reason and the user, with a note on the booking.
 * An expired booking whose new date is not past reopens as pending: its customer may fly again. Completed and
 * canceled bookings are not extended (409). One transaction under the booking's lock.
 */
export async function extendValidity(
  db: Kysely<DB>,
  bookingId: number,
  input: Required<Pick<ValidityExtension, 'months' | 'reason'>> & { send_mail?: boolean },
  auth: Auth | null,
  today = operatorToday(),
): Promise<ExtensionResult> {
  return db.transaction().execute(async (trx) => {
    if ((await lockBooking(trx, bookingId)) === null) throw new NotFoundError('Réservation introuvable.');
    const booking = await lockedBookingForExtension(trx, bookingId);
    if (!booking) throw new NotFoundError('Réservation introuvable.');
    const status = booking.booking_status_id;
    if (status === BOOKING_STATUSES.completed.id || status === BOOKING_STATUSES.canceled.id) {
      throw new ConflictError(VALIDITY_MESSAGES.closed);
    }
    const validityDate = addMonths(await extensionBase(trx, booking), input.months);
    if (validityDate < today) throw ValidationError.field('months', VALIDITY_MESSAGES.stillPast(validityDate));
    const { extension, nextStatus } = await writeExtension(trx, booking, input, auth, validityDate);
    const mailQueued = input.send_mail === true && (await queueExtensionMail(trx, extension, authorOf(auth)));
    return {
      id: extension.id,
      mail_queued: mailQueued,
      booking_id: bookingId,
      months: input.months,
      reason: input.reason,
      previous_validity_date: booking.validity_date,
      validity_date: validityDate,
      booking_status_id: nextStatus,
    };
  });
}

/** Notes are inserted by slices: SQLite binds at most 32,766 values per statement. */
const NOTE_BATCH = 500;

/**
 * Turns 'Périmée' every open booking (pending, in progress) whose validity ended before `today`, with a note on
 * each, in the caller's transaction. A booking with a passenger on a planned flight from today on is left alone:
 * its customer was given a seat while the voucher was valid. Idempotent: the UPDATE only matches open bookings,
 * and a second run (or another process's, waiting on the same rows) finds them expired already.
 */
export async function expireBookings(trx: Transaction<DB>, today: string): Promise<number[]> {
  // One UPDATE per open status, so each row's history entry knows the status it left without a read beforehand.
  const rows: { id: number; validity_date: string | null; previous: number }[] = [];
  for (const previous of EXPIRABLE_BOOKING_STATUS_IDS) {
    const expired = await expireWithStatus(trx, today, previous);
    rows.push(...expired.map((row) => ({ ...row, previous })));
  }
  const now = new Date().toISOString();
  for (let i = 0; i < rows.length; i += NOTE_BATCH) {
    const slice = rows.slice(i, i + NOTE_BATCH);
    const notes = await trx
      .insertInto('booking_notes')
      .values(
        slice.map((row) => ({
          booking_id: row.id,
          content: `Réservation périmée automatiquement : bon valable jusqu'au ${frenchDate(row.validity_date ?? today)}.`,
          user_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returningAll()
      .execute();
    // The job's writes are the system's (no auth); the history goes by the same slices as the notes.
    const history: HistoryEntry[] = slice.map((row) => ({
      resource: 'bookings',
      recordId: row.id,
      action: 'update',
      changes: diffRow({ booking_status_id: row.previous }, { booking_status_id: BOOKING_STATUSES.expired.id }),
      bookingId: row.id,
    }));
    for (const note of notes) {
      history.push({
        resource: 'booking-notes',
        recordId: note.id,
        action: 'create',
        changes: diffRow(null, { ...note }),
        bookingId: note.booking_id,
      });
    }
    await recordHistory(trx, null, history);
  }
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

function expireWithStatus(trx: Transaction<DB>, today: string, status: number) {
  return trx
    .updateTable('bookings')
    .set({ booking_status_id: BOOKING_STATUSES.expired.id, updated_at: new Date().toISOString() })
    .where('validity_date', '<', today)
    .where('booking_status_id', '=', status)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('passengers as p')
            .innerJoin('registrations as r', 'r.passenger_id', 'p.id')
            .innerJoin('flights as f', 'f.id', 'r.flight_id')
            .select(sql`1`.as('one'))
            .whereRef('p.booking_id', '=', 'bookings.id')
            .where('f.flight_status_id', '=', FLIGHT_STATUSES.planned.id)
            .where('f.scheduled_date', '>=', today),
        ),
      ),
    )
    .returning(['id', 'validity_date'])
    .execute();
}

export const EXPIRY_JOB = 'expire-bookings';

export type JobRun = { ran: boolean; expired: number[] };

/**
 * The daily expiry, once per day whatever the number of server processes: the job's row is claimed for `today`
 * by one conditional UPDATE in the same transaction as the expiry. A second process's claim waits for the first
 * transaction (row lock on PostgreSQL, the write lock on SQLite), then matches nothing; a process dying mid-run
 * rolls its claim back with its work, so the next tick anywhere runs the day again.
 */
export async function runDailyExpiry(db: Kysely<DB>, today = operatorToday()): Promise<JobRun> {
  return db.transaction().execute(async (trx) => {
    const startedAt = new Date().toISOString();
    const claim = await trx
      .updateTable('scheduled_jobs')
      .set({ run_on: today, started_at: startedAt })
      .where('name', '=', EXPIRY_JOB)
      .where((eb) => eb.or([eb('run_on', 'is', null), eb('run_on', '<', today)]))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return { ran: false, expired: [] };
    const expired = await expireBookings(trx, today);
    await trx
      .updateTable('scheduled_jobs')
      .set({ finished_at: new Date().toISOString(), result: `${expired.length} réservation(s) périmée(s)` })
      .where('name', '=', EXPIRY_JOB)
      .execute();
    return { ran: true, expired };
  });
}

export const VALIDITY_EXTENDED_TEMPLATE_SLUG = 'validity-extended';

/** Queues the 'Prolongation de validité' mail of one extension and links it; false without an address. */
export async function queueExtensionMail(
  trx: Transaction<DB>,
  extension: { id: number; booking_id: number; validity_date: string; reason: string },
  userId: number | null,
): Promise<boolean> {
  const contact = (await bookingContacts(trx, [extension.booking_id])).get(extension.booking_id);
  if (!contact?.recipient) return false;
  const rendered = await render(
    trx,
    VALIDITY_EXTENDED_TEMPLATE_SLUG,
    {
      ...bookingVariables(contact, await settingValue(trx, 'company_name')),
      'validity.date': frenchDate(extension.validity_date),
      'validity.reason': extension.reason,
    },
    extension.booking_id,
  );
  const mail = await enqueueMail(trx, {
    to: contact.recipient,
    ...rendered,
    templateSlug: VALIDITY_EXTENDED_TEMPLATE_SLUG,
    bookingId: extension.booking_id,
    userId,
  });
  await trx
    .updateTable('booking_validity_extensions')
    .set({ outbox_mail_id: mail.id })
    .where('id', '=', extension.id)
    .execute();
  return true;
}

/** A booking's 'Attestation de validité' (PDF) and its file name; 404 for a booking that does not exist. */
export async function validityAttestation(db: Kysely<DB>, bookingId: number): Promise<{ pdf: Buffer; name: string }> {
  const booking = await db.selectFrom('bookings').select('number').where('id', '=', bookingId).executeTakeFirst();
  if (!booking) throw new NotFoundError();
  const pdf = await (await validityAttestationPdf()).renderValidityAttestationPdf(db, bookingId);
  if (!pdf) throw new NotFoundError();
  return { pdf, name: `attestation-validite-${booking.number.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf` };
}
