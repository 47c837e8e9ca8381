import { sql } from 'kysely';
import { ref, table } from '../engine/sql.js';
import type { Field, Resource } from '../engine/types.js';
import { f, fullNameSql } from './fields.js';

// Read-only records of issue 12: the validity extensions of a booking ('Prolonger') and the manifest a
// weather-postponed flight keeps. Both are written only by their services (services/validity.ts,
// services/postponement.ts), never through the generic writes.

/** The author's name (not the user record: an operator reading a booking has no access to the users list). */
const userName: Field = {
  type: 'string',
  sql: (a) => {
    const u = `${a}_u`;
    return sql`(select ${fullNameSql(u)} from ${table('users', u)} where ${ref(u, 'id')} = ${ref(a, 'user_id')})`;
  },
};

/** An automatic extension's author reads 'Automatique' (issue 29); a manual one's, its user's name. */
const extensionAuthor: Field = {
  type: 'string',
  sql: (a) => {
    const u = `${a}_u`;
    return sql`(case when ${ref(a, 'rule')} is not null then 'Automatique' else (select ${fullNameSql(u)}
      from ${table('users', u)} where ${ref(u, 'id')} = ${ref(a, 'user_id')}) end)`;
  },
};

/** The extension's mail: 'pending', 'sent' or 'failed' (withdrawn, or given up), null when none was queued. */
const mailColumn = (column: 'status' | 'sent_at'): Field => ({
  type: column === 'status' ? 'string' : 'timestamp',
  sql: (a) => {
    const m = `${a}_m`;
    return sql`(select ${ref(m, column)} from ${table('outbox_mails', m)} where ${ref(m, 'id')} = ${ref(a, 'outbox_mail_id')})`;
  },
  reads: ['outbox_mails'],
});

export const bookingValidityExtensions: Resource = {
  name: 'booking-validity-extensions',
  table: 'booking_validity_extensions',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    months: f.integer({ notNull: true }),
    reason: f.string({ notNull: true }),
    previous_validity_date: f.date(),
    validity_date: f.date({ notNull: true }),
    user_id: f.integer(),
    user_name: extensionAuthor,
    created_at: f.timestamp(),
    // Issue 29: the automatic rule ('near_expiry', 'attempts') and the postponed flight; the mail that told the
    // customer, and whether it left.
    rule: f.string(),
    flight_id: f.integer(),
    outbox_mail_id: f.integer(),
    mail_status: mailColumn('status'),
    mail_sent_at: mailColumn('sent_at'),
  },
  relations: { booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' } },
  defaultOrder: [{ field: 'created_at', direction: 'DESC' }],
  routes: { list: {}, read: {} },
};

export const flightPostponements: Resource = {
  name: 'flight-postponements',
  table: 'flight_postponements',
  fields: {
    id: f.id(),
    flight_id: f.integer({ notNull: true }),
    passenger_id: f.integer(),
    booking_id: f.integer(),
    full_name: f.string(),
    weight: f.number(),
    registered_at: f.timestamp({ notNull: false }),
    postponed_at: f.timestamp(),
    user_id: f.integer(),
    user_name: userName,
  },
  relations: {
    flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' },
    passenger: { kind: 'belongsTo', target: 'passengers', foreignKey: 'passenger_id' },
    booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' },
  },
  defaultOrder: [
    { field: 'booking_id', direction: 'ASC' },
    { field: 'id', direction: 'ASC' },
  ],
  routes: { list: {}, read: {} },
};
