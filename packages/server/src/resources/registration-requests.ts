import type { Resource } from '../engine/types.js';
import { f, readOnly } from './fields.js';

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
