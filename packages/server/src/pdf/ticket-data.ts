import { SETTING_DEFAULTS, TICKET_TEMPLATE_BASES, websiteLabel } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

// What a printed ticket holds (issue 8): the operator and its details (issue 27: name, address, phone, email,
// website), the booking and ticket numbers, the passenger, the prestation and location, the validity, and which
// layout (ticket template base) draws it.

export type TicketBase = (typeof TICKET_TEMPLATE_BASES)[number]['slug'];

export type Ticket = {
  ticketNumber: string;
  passengerName: string;
  passengerType: string | null;
};

export type TicketOperator = {
  name: string;
  /** Lines of the postal address (setting company_address); empty when not set. */
  address: string[];
  phone: string | null;
  email: string | null;
  /** As printed: without 'https://'. */
  website: string | null;
};

export type TicketSheet = {
  base: TicketBase;
  operator: TicketOperator;
  booking: { number: string; numberAlt: string | null };
  prestation: string | null;
  location: string | null;
  /** Last day the ticket can be used, YYYY-MM-DD; null when the purchase date is unknown. */
  validUntil: string | null;
  tickets: Ticket[];
};

/** Months a voucher stays valid after purchase, for a booking without a validity date (issue 12 sets one). */
const VALIDITY_MONTHS = 12;

const BASES = TICKET_TEMPLATE_BASES.map((base) => base.slug) as readonly string[];
const asBase = (slug: string | null | undefined): TicketBase =>
  (slug && BASES.includes(slug) ? slug : TICKET_TEMPLATE_BASES[0].slug) as TicketBase;

/** The purchase date plus the validity, the day before the same date a year later. */
export function validityEnd(bookedAt: string | null, months = VALIDITY_MONTHS): string | null {
  if (!bookedAt) return null;
  const date = new Date(`${bookedAt.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCMonth(date.getUTCMonth() + months);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The operator's details from the settings; those not set are left out of the ticket. */
export async function loadTicketOperator(db: Kysely<DB>): Promise<TicketOperator> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['company_name', 'company_address', 'company_phone', 'company_email', 'company_website'])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value?.trim() || null;
  const website = value('company_website');
  return {
    name: value('company_name') ?? (SETTING_DEFAULTS.company_name || 'Montgolfière'),
    address: (value('company_address') ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    phone: value('company_phone'),
    email: value('company_email'),
    website: website ? websiteLabel(website) : null,
  };
}

/** The sheet of a booking's tickets (every passenger, referent first), or of one passenger; null when missing. */
export async function loadTicketSheet(
  db: Kysely<DB>,
  target: { bookingId: number } | { passengerId: number },
): Promise<TicketSheet | null> {
  let bookingId: number;
  if ('passengerId' in target) {
    const passenger = await db
      .selectFrom('passengers')
      .select('booking_id')
      .where('id', '=', target.passengerId)
      .executeTakeFirst();
    if (!passenger) return null;
    bookingId = passenger.booking_id;
  } else {
    bookingId = target.bookingId;
  }
  const booking = await db
    .selectFrom('bookings as b')
    .leftJoin('prestations as pr', 'pr.id', 'b.prestation_id')
    .leftJoin('ticket_templates as tt', 'tt.id', 'pr.ticket_template_id')
    .leftJoin('locations as l', 'l.id', 'b.location_id')
    .select([
      'b.number',
      'b.number_alt',
      'b.booked_at',
      'b.validity_date',
      'pr.label as prestation',
      'tt.template_base',
      'l.label as location',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) return null;
  let passengers = db
    .selectFrom('passengers as p')
    .leftJoin('passenger_types as t', 't.id', 'p.passenger_type_id')
    .select(['p.id', 'p.ticket_number', 'p.first_name', 'p.last_name', 't.label as type'])
    .where('p.booking_id', '=', bookingId)
    .orderBy('p.is_referent', 'desc')
    .orderBy('p.id');
  if ('passengerId' in target) passengers = passengers.where('p.id', '=', target.passengerId);
  const rows = await passengers.execute();
  return {
    base: asBase(booking.template_base),
    operator: await loadTicketOperator(db),
    booking: { number: booking.number, numberAlt: booking.number_alt },
    prestation: booking.prestation ?? null,
    location: booking.location ?? null,
    // The booking's own validity (issue 12: set on creation, edited, extended by 'Prolonger'), so a reprinted
    // ticket shows an extension; the old rule only for a booking without one.
    validUntil: booking.validity_date ?? validityEnd(booking.booked_at),
    tickets: rows.map((row) => ({
      ticketNumber: row.ticket_number ?? '',
      passengerName: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Passager',
      passengerType: row.type ?? null,
    })),
  };
}

export const SAMPLE_OPERATOR: TicketOperator = {
  name: 'Montgolfière',
  address: ['12 rue des Tanneurs', '21200 Beaune'],
  phone: '03 80 00 00 00',
  email: 'contact@exemple.fr',
  website: 'www.exemple.fr',
};

/**
 * A sample sheet for the ticket-template preview (settings), in the chosen layout: sample passengers, and the
 * operator's own details (the preview shows what the tickets will print, a missing detail missing).
 */
export function sampleTicketSheet(base: string, operator: TicketOperator = SAMPLE_OPERATOR): TicketSheet {
  return {
    base: asBase(base),
    operator,
    booking: { number: '2026-00042', numberAlt: 'CADEAU-7731' },
    prestation: 'Vol découverte',
    location: 'Beaune – Hospices',
    validUntil: validityEnd('2026-05-14'),
    tickets: [
      { ticketNumber: '2026-00042-01', passengerName: 'Éléonore Lefèvre', passengerType: 'Adulte' },
      { ticketNumber: '2026-00042-02', passengerName: 'Noël Lefèvre', passengerType: 'Enfant' },
    ],
  };
}
