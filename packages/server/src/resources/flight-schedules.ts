import type { Resource } from '../engine/types.js';
import { byPosition, f, readOnly } from './fields.js';

export const flightSchedules: Resource = {
  name: 'flight-schedules',
  table: 'flight_schedules',
  fields: { id: f.id(), label: f.string({ notNull: true }), position: f.integer({ notNull: true }) },
  relations: {
    bookings: {
      kind: 'manyToMany',
      target: 'bookings',
      pivot: 'booking_flight_schedules',
      localKey: 'flight_schedule_id',
      foreignKey: 'booking_id',
    },
  },
  defaultOrder: byPosition,
  routes: readOnly(),
};
