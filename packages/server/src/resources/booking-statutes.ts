import type { Resource } from '../engine/types.js';
import { byPosition, readOnly, statusFields } from './fields.js';

export const bookingStatuses: Resource = {
  name: 'booking-statutes',
  table: 'booking_statuses',
  fields: statusFields,
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'booking_status_id' } },
  defaultOrder: byPosition,
  routes: readOnly(),
};
