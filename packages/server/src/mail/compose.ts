import { type BookingTemplate, customerDisplayName, SETTING_DEFAULTS } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { findEmailTemplate } from '../services/email-templates.js';
import { addSpaceLink, SPACE_URL_PATTERN, spaceUrl } from '../services/space-links.js';
import type { AttachmentSpec } from './attachments.js';
import { enqueueMail } from './queue.js';
import { renderTemplate, type TemplateVariables } from './templates.js';

// Mails staff send from a booking or a flight (POST /api/bookings/{id}/emails, /api/flights/{id}/convocations):
// the template of the slug, its variables taken from the records, the signature appended, queued with the
// booking or flight it belongs to.

export const NO_ADDRESS =
  'Aucune adresse email pour cette réservation : renseignez celle du passager référent ou du client.';

type Db = Kysely<DB> | Transaction<DB>;

const clean = (value: string | null | undefined): string => (value ?? '').trim();
const joinName = (first: string | null, last: string | null): string => `${clean(first)} ${clean(last)}`.trim();

export async function settingValue(db: Db, key: 'company_name' | 'email_signature'): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? SETTING_DEFAULTS[key];
}

type Rendered = { subject: string; html: string; secrets: string[] };

/**
 * Template and signature rendered; a missing template is a 422, not a 500 (the fixed set is seeded). A template
 * using {{booking.space_url}} gets a new link of `spaceBookingId` (issue 28): its token is a secret the outbox's
 * copy drops once the mail has left.
 */
export async function render(
  db: Db,
  slug: string,
  variables: TemplateVariables,
  spaceBookingId?: number,
): Promise<Rendered> {
  const template = await findEmailTemplate(db, slug);
  if (!template) throw ValidationError.field('template', `Modèle d'email introuvable : ${slug}.`);
  let filled = variables;
  const secrets: string[] = [];
  if (spaceBookingId !== undefined && SPACE_URL_PATTERN.test(`${template.subject}${template.body}`)) {
    const token = await addSpaceLink(db, spaceBookingId);
    filled = { ...variables, 'booking.space_url': spaceUrl(token) };
    secrets.push(token);
  }
  // The signature is staff HTML sanitized when saved (services/settings.ts), and again with the mail when queued.
  const html = renderTemplate(template.body, filled, 'html') + (await settingValue(db, 'email_signature'));
  return { subject: renderTemplate(template.subject, filled, 'text'), html, secrets };
}

export type BookingContact = {
  number: string;
  passengersNumber: number;
  /** Flights its passengers were postponed from for the weather (issue 29). */
  weatherPostponements: number;
  customerName: string;
  referentName: string;
  /** The referent passenger's email, else the customer's; null when neither has one. */
  recipient: string | null;
};

export async function bookingContacts(db: Db, bookingIds: number[]): Promise<Map<number, BookingContact>> {
  const contacts = new Map<number, BookingContact>();
  if (bookingIds.length === 0) return contacts;
  const bookings = await db
    .selectFrom('bookings as b')
    .leftJoin('customers as c', 'c.id', 'b.customer_id')
    .select([
      'b.id',
      'b.number',
      'b.passengers_number',
      'b.weather_postponements',
      'c.first_name',
      'c.last_name',
      'c.company_name',
      'c.customer_type_id',
      'c.email as customer_email',
    ])
    .where('b.id', 'in', bookingIds)
    .execute();
  const referents = await db
    .selectFrom('passengers')
    .select(['booking_id', 'first_name', 'last_name', 'email'])
    .where('booking_id', 'in', bookingIds)
    .where('is_referent', '=', 1)
    .orderBy('id')
    .execute();
  for (const b of bookings) {
    const referent = referents.find((p) => p.booking_id === b.id);
    const customerName = customerDisplayName(b);
    contacts.set(b.id, {
      number: b.number,
      passengersNumber: b.passengers_number,
      weatherPostponements: b.weather_postponements,
      customerName,
      referentName: referent ? joinName(referent.first_name, referent.last_name) : '',
      recipient: clean(referent?.email) || clean(b.customer_email) || null,
    });
  }
  return contacts;
}

export const bookingVariables = (contact: BookingContact, companyName: string): TemplateVariables => ({
  'booking.number': contact.number,
  'customer.full_name': contact.customerName,
  'referent.full_name': contact.referentName,
  'booking.passengers_number': contact.passengersNumber,
  'booking.weather_postponements': contact.weatherPostponements,
  'company.name': companyName,
});

/** Queues one booking mail in the caller's transaction; 404 unknown booking, 422 without an address. */
export async function queueBookingMail(
  trx: Transaction<DB>,
  bookingId: number,
  template: BookingTemplate,
  userId: number | null,
): Promise<{ id: number; recipient: string; status: 'pending' }> {
  const contact = (await bookingContacts(trx, [bookingId])).get(bookingId);
  if (!contact) throw new NotFoundError();
  if (!contact.recipient) throw ValidationError.field('recipient', NO_ADDRESS);
  const rendered = await render(
    trx,
    template,
    bookingVariables(contact, await settingValue(trx, 'company_name')),
    bookingId,
  );
  const attachments: AttachmentSpec[] =
    template === 'tickets' ? [{ kind: 'booking-tickets', booking_id: bookingId }] : [];
  const queued = await enqueueMail(trx, {
    to: contact.recipient,
    ...rendered,
    templateSlug: template,
    bookingId,
    userId,
    attachments,
  });
  if (template === 'pre-flight-information') {
    await trx
      .updateTable('bookings')
      .set({ has_pre_flight_infos: 1, updated_at: new Date().toISOString() })
      .where('id', '=', bookingId)
      .execute();
  }
  return queued;
}

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « samedi 20 juin 2026 » for '2026-06-20' (a calendar date: formatted in UTC so no zone shifts the day). */
export const frenchLongDate = (date: string): string => LONG_DATE.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

/**
 * One flight-convocation per booking with passengers registered on the flight, to its referent (or customer);
 * bookings without an address are skipped and listed. Runs in the caller's transaction.
 */
export async function queueConvocations(
  trx: Transaction<DB>,
  flightId: number,
  userId: number | null,
): Promise<{ queued: number; skipped: { booking_id: number; number: string }[] }> {
  const flight = await trx
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .select(['f.id', 'f.scheduled_date', 'f.scheduled_time', 'l.label as location'])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new NotFoundError();
  const registered = await trx
    .selectFrom('registrations as r')
    .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
    .select('p.booking_id')
    .distinct()
    .where('r.flight_id', '=', flightId)
    .execute();
  return queueFlightMails(
    trx,
    'flight-convocation',
    flight,
    registered.map((r) => r.booking_id).sort((x, y) => x - y),
    userId,
  );
}

export type FlightMailsResult = { queued: number; skipped: { booking_id: number; number: string }[] };

/**
 * One mail of `template` about `flight` per booking, in the given order, to its referent (or customer); bookings
 * without an address are skipped and listed. Runs in the caller's transaction (convocations, weather postponement).
 */
export async function queueFlightMails(
  trx: Transaction<DB>,
  template: string,
  flight: { id: number; scheduled_date: string; scheduled_time: string; location: string | null },
  bookingIds: number[],
  userId: number | null,
): Promise<FlightMailsResult> {
  const contacts = await bookingContacts(trx, bookingIds);
  const companyName = await settingValue(trx, 'company_name');
  let queued = 0;
  const skipped: FlightMailsResult['skipped'] = [];
  for (const bookingId of bookingIds) {
    const contact = contacts.get(bookingId);
    if (!contact) continue;
    if (!contact.recipient) {
      skipped.push({ booking_id: bookingId, number: contact.number });
      continue;
    }
    const rendered = await render(
      trx,
      template,
      {
        ...bookingVariables(contact, companyName),
        'flight.date': frenchLongDate(flight.scheduled_date),
        'flight.time': flight.scheduled_time.slice(0, 5),
        'flight.location': flight.location ?? '',
        'passenger.full_name': contact.referentName || contact.customerName,
      },
      bookingId,
    );
    await enqueueMail(trx, {
      to: contact.recipient,
      ...rendered,
      templateSlug: template,
      bookingId,
      flightId: flight.id,
      userId,
    });
    queued += 1;
  }
  return { queued, skipped };
}
