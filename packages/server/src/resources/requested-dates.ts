import { requestedDateCreateSchema, requestedDateUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { assertBookingPartsEditable } from '../services/booking-rules.js';
import { f } from './fields.js';

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
