import { bookingNoteCreateSchema, bookingNoteUpdateSchema } from '@app/domain';
import { authorOf } from '../core/context.js';
import type { Resource } from '../engine/types.js';
import { f } from './fields.js';

export const bookingNotes: Resource = {
  name: 'booking-notes',
  table: 'booking_notes',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    content: f.text({ notNull: true }),
    user_id: f.integer(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: { booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' } },
  search: ['content'],
  defaultOrder: [{ field: 'created_at', direction: 'ASC' }],
  routes: { list: {}, read: {}, create: {}, update: {}, delete: {} },
  write: {
    create: bookingNoteCreateSchema,
    update: bookingNoteUpdateSchema,
    beforeWrite: ({ ctx }, values, existing) => {
      if (!existing) values.user_id = authorOf(ctx.auth);
    },
  },
};
