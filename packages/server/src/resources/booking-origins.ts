import { bookingOriginCreateSchema, bookingOriginUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, usedBy } from './fields.js';

export const bookingOrigins: Resource = {
  name: 'booking-origins',
  table: 'booking_origins',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'booking_origin_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: bookingOriginCreateSchema,
    update: bookingOriginUpdateSchema,
    dependents: [
      {
        table: 'bookings',
        column: 'booking_origin_id',
        message: usedBy('Cette origine est utilisée par', 'réservation', 'réservations'),
      },
    ],
  },
};
