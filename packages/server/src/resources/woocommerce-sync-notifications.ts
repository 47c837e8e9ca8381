import type { Resource } from '../engine/types.js';
import { f } from './fields.js';

export const woocommerceSyncNotifications: Resource = {
  name: 'woocommerce-sync-notifications',
  table: 'woocommerce_sync_notifications',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    status: f.string({ notNull: true }),
    message: f.text(),
    is_success: f.flag(),
    created_at: f.timestamp(),
  },
  relations: { booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' } },
  defaultOrder: [{ field: 'created_at', direction: 'DESC' }],
  routes: { list: {}, read: {} },
};
