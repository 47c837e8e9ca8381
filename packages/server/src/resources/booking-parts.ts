import {
  bookingLinkCreateSchema,
  bookingNoteCreateSchema,
  bookingNoteUpdateSchema,
  requestedDateCreateSchema,
  requestedDateUpdateSchema,
} from '@app/domain';
import { ValidationError } from '../core/errors.js';
import type { Resource } from '../engine/types.js';
import { assertBookingPartsEditable } from '../services/booking-rules.js';
import { authorOf, f } from './fields.js';

// What hangs off a booking: links between bookings, requested dates, notes, shop-sync notifications.

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

export const requestedDates: Resource = {
  name: 'requested-dates',
  table: 'requested_dates',
  fields: { id: f.id(), booking_id: f.integer({ notNull: true }), date: f.date({ notNull: true }) },
  relations: { booking: { kind: 'belongsTo', target: 'bookings', foreignKey: 'booking_id' } },
  defaultOrder: [{ field: 'date', direction: 'ASC' }],
  routes: { list: {}, read: {}, create: {}, update: {}, delete: {} },
  write: {
    create: requestedDateCreateSchema,
    update: requestedDateUpdateSchema,
    // The web sends each date once; asking again for a date already requested answers that date (200).
    idempotentOn: ['booking_id', 'date'],
    unique: [{ field: 'date', scope: 'booking_id', message: 'Cette date est déjà demandée pour cette réservation.' }],
    beforeWrite: ({ trx }, values, existing) =>
      assertBookingPartsEditable(trx, Number(existing ? existing.booking_id : values.booking_id)),
    beforeDelete: ({ trx }, existing) => assertBookingPartsEditable(trx, Number(existing.booking_id)),
  },
};

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
