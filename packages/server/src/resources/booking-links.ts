import { bookingLinkCreateSchema } from '@app/domain';
import { ValidationError } from '../core/errors.js';
import type { Resource } from '../engine/types.js';
import { assertBookingPartsEditable } from '../services/booking-rules.js';
import { f } from './fields.js';

export const bookingLinks: Resource = {
  name: 'booking-links',
  table: 'booking_links',
  fields: {
    id: f.id(),
    booking_id: f.integer({ notNull: true }),
    linked_booking_id: f.integer({ notNull: true }),
    created_at: f.timestamp(),
  },
  relations: {
    booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' },
    linked_booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'linked_booking_id' },
  },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {}, read: {}, create: {}, delete: {} },
  write: {
    create: bookingLinkCreateSchema,
    // A link reads both ways: B→A is the same link as A→B.
    beforeWrite: async ({ trx }, values) => {
      const a = values.booking_id as number;
      const b = values.linked_booking_id as number;
      await assertBookingPartsEditable(trx, a);
      await assertBookingPartsEditable(trx, b);
      const existing = await trx
        .selectFrom('booking_links')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('booking_id', '=', a), eb('linked_booking_id', '=', b)]),
            eb.and([eb('booking_id', '=', b), eb('linked_booking_id', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      if (existing) throw ValidationError.field('linked_booking_id', 'Ces réservations sont déjà liées.');
    },
    beforeDelete: async ({ trx }, existing) => {
      await assertBookingPartsEditable(trx, Number(existing.booking_id));
      await assertBookingPartsEditable(trx, Number(existing.linked_booking_id));
    },
  },
};
