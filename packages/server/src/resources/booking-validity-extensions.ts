import { sql } from 'kysely';
import { ref, table } from '../engine/sql.js';
import type { Field, Resource } from '../engine/types.js';
import { f, fullNameSql } from './fields.js';

// A booking's validity extensions ('Prolonger', the weather rules): read-only here, written only by
// services/validity.ts and services/voucher-rules.ts.

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
