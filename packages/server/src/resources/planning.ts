import {
  eventCreateSchema,
  eventUpdateSchema,
  flightNoteCreateSchema,
  flightNoteUpdateSchema,
  registrationCreateSchema,
} from '@app/domain';
import type { Resource } from '../engine/types.js';
import { assertFlightNotSealed } from '../services/flight-records.js';
import { checkSeat, lockEditableFlight } from '../services/registrations.js';
import { authorOf, crud, f, readOnly } from './fields.js';

// Around flights: planning events (notes), flight notes, registrations and registration requests.

export const events: Resource = {
  name: 'events',
  table: 'events',
  fields: {
    id: f.id(),
    scheduled_date: f.date({ notNull: true }),
    scheduled_time: f.time({ notNull: true }),
    title: f.string({ notNull: true }),
    description: f.text(),
  },
  search: ['title', 'description'],
  defaultOrder: [
    { field: 'scheduled_date', direction: 'ASC' },
    { field: 'scheduled_time', direction: 'ASC' },
  ],
  routes: crud(),
  write: { create: eventCreateSchema, update: eventUpdateSchema },
};

export const flightNotes: Resource = {
  name: 'flight-notes',
  table: 'flight_notes',
  fields: {
    id: f.id(),
    flight_id: f.integer({ notNull: true }),
    content: f.text({ notNull: true }),
    is_pinned: f.flag(),
    user_id: f.integer(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: { flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' } },
  search: ['content'],
  defaultOrder: [{ field: 'created_at', direction: 'ASC' }],
  routes: crud(),
  write: {
    create: flightNoteCreateSchema,
    update: flightNoteUpdateSchema,
    beforeWrite: async ({ trx, ctx }, values, existing) => {
      // Issue 30: the notes are the flight's remarks, sealed with its record.
      if (existing) await assertFlightNotSealed(trx, Number(existing.flight_id));
      if (values.flight_id !== undefined) await assertFlightNotSealed(trx, Number(values.flight_id));
      if (!existing) values.user_id = authorOf(ctx.auth);
    },
    beforeDelete: ({ trx }, existing) => assertFlightNotSealed(trx, Number(existing.flight_id)),
  },
};

export const registrations: Resource = {
  name: 'registrations',
  table: 'registrations',
  fields: {
    id: f.id(),
    flight_id: f.integer({ notNull: true }),
    passenger_id: f.integer({ notNull: true }),
    created_at: f.timestamp(),
  },
  relations: {
    flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' },
    passenger: { kind: 'belongsTo', target: 'passengers', foreignKey: 'passenger_id' },
  },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {}, read: {}, create: {}, delete: {} },
  write: {
    create: registrationCreateSchema,
    unique: [{ field: 'passenger_id', scope: 'flight_id', message: 'Ce passager est déjà inscrit sur ce vol.' }],
    beforeWrite: async ({ trx }, values) => {
      const isForced = values.force === 1;
      delete values.force;
      await checkSeat(trx, values.flight_id as number, isForced);
    },
    beforeDelete: async ({ trx }, existing) => {
      await lockEditableFlight(trx, existing.flight_id as number);
    },
  },
};

/**
 * Requests from the public planning widget: read-only here; they are filed by
 * POST /api/public/registration-requests and decided by POST /api/registration-requests/{id}/accept|refuse
 * (routes/registration-requests.ts), never deleted. `filters=status|=|pending&page=1&per_page=1` is the count of
 * waiting requests the navigation shows.
 */
export const registrationRequests: Resource = {
  name: 'registration-requests',
  table: 'registration_requests',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    flight_id: f.integer({ notNull: true }),
    created_at: f.timestamp(),
    status: f.string({ notNull: true }),
    decided_at: f.timestamp({ notNull: false }),
  },
  relations: {
    booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' },
    flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' },
  },
  defaultOrder: [{ field: 'created_at', direction: 'DESC' }],
  routes: readOnly(),
};
