import { sql } from 'kysely';
import { ref, table } from '../engine/sql.js';
import type { Field, Resource } from '../engine/types.js';
import { f, fullNameSql } from './fields.js';

// The manifest a weather-postponed flight keeps: read-only here, written only by services/postponement.ts.

/** The author's name (not the user record: an operator reading a booking has no access to the users list). */
const userName: Field = {
  type: 'string',
  sql: (a) => {
    const u = `${a}_u`;
    return sql`(select ${fullNameSql(u)} from ${table('users', u)} where ${ref(u, 'id')} = ${ref(a, 'user_id')})`;
  },
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
