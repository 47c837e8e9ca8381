import { FLIGHT_STATUSES, MESSAGES, passengerCreateSchema, passengerUpdateSchema } from '@app/domain';
import { sql } from 'kysely';
import { today } from '../core/clock.js';
import { ref } from '../engine/sql.js';
import type { Relation, Resource } from '../engine/types.js';
import { applyReferentRule, BOOKING_RULE_MESSAGES, beforePassengerDelete } from '../services/booking-rules.js';
import { assertPassengersNotSealed } from '../services/flight-records.js';
import { f, fullName } from './fields.js';

const byDate = [
  { field: 'scheduled_date', direction: 'ASC' as const },
  { field: 'scheduled_time', direction: 'ASC' as const },
];

/** The passenger's flights (through registrations), optionally only those matching `where`. */
const flightsWhere = (where?: Relation['where']): Relation => ({
  kind: 'manyToMany',
  target: 'flights',
  pivot: 'registrations',
  localKey: 'passenger_id',
  foreignKey: 'flight_id',
  order: byDate,
  ...(where ? { where } : {}),
});

// Passengers: ticket number unique ("Ce numéro existe déjà"); exactly one referent per booking, no
// deletion while registered on a flight, nothing changes on a not-editable booking (services/booking-rules.ts).
export const passengers: Resource = {
  name: 'passengers',
  table: 'passengers',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    ticket_number: f.string({ textIndex: true }),
    // Terms tables of migrations 0004 and 0007: searched through their trigram index, not by folding each row.
    first_name: f.string({ textIndex: true }),
    last_name: f.string({ textIndex: true }),
    full_name: fullName(),
    is_referent: f.flag(),
    email: f.string(),
    phone: f.string(),
    department: f.string(),
    age: f.integer(),
    weight: f.number(),
    passenger_type_id: f.integer(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: {
    booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' },
    passenger_type: { kind: 'belongsTo', target: 'passenger-types', foreignKey: 'passenger_type_id' },
    registrations: { kind: 'hasMany', target: 'registrations', foreignKey: 'passenger_id' },
    flights: flightsWhere(),
    next_flights: {
      ...flightsWhere(
        (a) =>
          sql`${ref(a, 'flight_status_id')} = ${sql.lit(FLIGHT_STATUSES.planned.id)} and ${ref(a, 'scheduled_date')} >= ${today()}`,
      ),
      // Today (the operator's day, core/clock.ts) is the only value it binds (the statuses are literals): embeds compile once a day, not on every read.
      whereKey: () => today(),
    },
    // Literal statuses, not bound values: a relation binding none is compiled once (engine/compiled.ts).
    realized_flights: flightsWhere((a) => sql`${ref(a, 'flight_status_id')} = ${sql.lit(FLIGHT_STATUSES.realized.id)}`),
    // A weather postponement unregisters the passengers and keeps the manifest apart (services/postponement.ts).
    postponed_flights: {
      kind: 'manyToMany',
      target: 'flights',
      pivot: 'flight_postponements',
      localKey: 'passenger_id',
      foreignKey: 'flight_id',
      order: byDate,
      where: (a) => sql`${ref(a, 'flight_status_id')} = ${sql.lit(FLIGHT_STATUSES.weatherPostponed.id)}`,
    },
  },
  search: ['last_name', 'first_name', 'ticket_number', 'phone', 'email'],
  hashSearch: ['booking.number', 'booking.number_alt'],
  defaultOrder: [
    { field: 'is_referent', direction: 'DESC' },
    { field: 'id', direction: 'ASC' },
  ],
  routes: { list: {}, read: {}, create: {}, update: {}, delete: {} },
  write: {
    create: passengerCreateSchema,
    update: passengerUpdateSchema,
    unique: [{ field: 'ticket_number', message: MESSAGES.numberAlreadyExists }],
    exclusive: [{ field: 'is_referent', scope: 'booking_id' }],
    dependents: [
      { table: 'registrations', column: 'passenger_id', message: BOOKING_RULE_MESSAGES.registeredPassenger },
    ],
    beforeWrite: async ({ trx }, values, existing) => {
      // Issue 30: a passenger's weight is a mass of every sealed flight they are registered on.
      if (existing && values.weight !== undefined && values.weight !== existing.weight) {
        await assertPassengersNotSealed(trx, [Number(existing.id)]);
      }
      await applyReferentRule(trx, values, existing);
    },
    beforeDelete: ({ trx, ctx }, existing) => beforePassengerDelete(trx, existing, ctx.auth),
  },
};
