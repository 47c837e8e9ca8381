import { bookingCreateSchema, bookingUpdateSchema, INITIAL_BOOKING_STATUS_ID, MESSAGES } from '@app/domain';
import { type RawBuilder, sql } from 'kysely';
import { ref, table } from '../engine/sql.js';
import type { Resource } from '../engine/types.js';
import { checkBookingUpdate } from '../services/booking-rules.js';
import { queueShopSync } from '../services/shop-sync.js';
import { applyValidityRule } from '../services/validity.js';
import { f } from './fields.js';

// Bookings. total_weight, has_total_weight and has_all_infos are computed from the passengers at
// read time (docs/decisions.md), so they can never go stale:
// - total_weight: the sum of the passengers' weights (0 without passengers);
// - has_total_weight: 1 when there is at least one passenger, as many as passengers_number, all weighed;
// - has_all_infos: the same, with every passenger's first and last name known too.
const passengersOf = (alias: string, p: string) =>
  sql`${table('passengers', p)} where ${ref(p, 'booking_id')} = ${ref(alias, 'id')}`;
const isComplete = (alias: string, p: string, extra: RawBuilder<unknown>) =>
  sql`case when count(*) > 0 and count(*) >= ${ref(alias, 'passengers_number')}
    and count(${ref(p, 'weight')}) = count(*)${extra} then 1 else 0 end`;
/** Each an aggregate over the booking's passengers (alias p): a list's rows read the three in one sub-select. */
const passengerAggregates = {
  total_weight: (_a: string, p: string) => sql`coalesce(sum(${ref(p, 'weight')}), 0)`,
  has_total_weight: (a: string, p: string) => isComplete(a, p, sql``),
  has_all_infos: (a: string, p: string) =>
    isComplete(
      a,
      p,
      sql` and count(nullif(${ref(p, 'first_name')}, '')) = count(*) and count(nullif(${ref(p, 'last_name')}, '')) = count(*)`,
    ),
};
/** One aggregate of the booking's passengers as its own sub-select (filters, order, embeds). */
const ofPassengers = (aggregate: keyof typeof passengerAggregates) => (alias: string) => {
  const p = `${alias}_p`;
  return sql`(select ${passengerAggregates[aggregate](alias, p)} from ${passengersOf(alias, p)})`;
};

/**
 * Issue 27, 'Prestation à préciser': a booking imported from the shop or a partner file whose product matched no
 * prestation has none; computed at read time (docs/decisions.md), so choosing one clears it, whoever writes it.
 */
const prestationToSpecify = (alias: string) =>
  sql`(case when ${ref(alias, 'prestation_id')} is null and (${ref(alias, 'woocommerce_order_id')} is not null
    or exists (select 1 from ${table('remote_orders', `${alias}_ro`)}
      where ${ref(`${alias}_ro`, 'booking_id')} = ${ref(alias, 'id')})) then 1 else 0 end)`;

export const bookings: Resource = {
  name: 'bookings',
  table: 'bookings',
  fields: {
    id: f.id(),
    number: f.string({ notNull: true, textIndex: true }),
    number_alt: f.string({ textIndex: true }),
    booked_at: f.date(),
    validity_date: f.date(),
    // Issue 29: the weather postponements counted by the postponement and its undo, 'Remboursement à proposer'
    // raised by the refund rule, and the refund recorded by 'Rembourser' (services/refund.ts). Read-only here.
    weather_postponements: f.integer({ notNull: true }),
    refund_to_offer: f.flag(),
    refunded_on: f.date(),
    refunded_amount: f.number(),
    passengers_number: f.integer({ notNull: true }),
    booking_status_id: f.integer({ notNull: true }),
    customer_id: f.integer(),
    has_pre_flight_infos: f.flag(),
    location_id: f.integer(),
    prestation_id: f.integer(),
    booking_origin_id: f.integer(),
    business_provider_id: f.integer(),
    paid_amount: f.number(),
    total_amount: f.number(),
    remaining_amount: f.number(),
    refundable: f.flag(),
    payment_method_id: f.integer(),
    woocommerce_order_id: f.string(),
    // Issue 28: the gift's beneficiary, and 'Complété par le client le …' (written by the space only).
    beneficiary_name: f.string(),
    beneficiary_email: f.string(),
    completed_by_customer_at: f.timestamp(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
    total_weight: { type: 'number', sql: ofPassengers('total_weight'), shared: 'passengers' },
    has_total_weight: { type: 'flag', sql: ofPassengers('has_total_weight'), shared: 'passengers' },
    has_all_infos: { type: 'flag', sql: ofPassengers('has_all_infos'), shared: 'passengers' },
    prestation_to_specify: { type: 'flag', sql: prestationToSpecify, reads: ['remote_orders'] },
  },
  sharedSelects: { passengers: { from: passengersOf, fields: passengerAggregates } },
  relations: {
    customer: { kind: 'belongsTo', target: 'customers', foreignKey: 'customer_id' },
    location: { kind: 'belongsTo', target: 'locations', foreignKey: 'location_id' },
    prestation: { kind: 'belongsTo', target: 'prestations', foreignKey: 'prestation_id' },
    booking_status: { kind: 'belongsTo', target: 'booking-statutes', foreignKey: 'booking_status_id' },
    booking_origin: { kind: 'belongsTo', target: 'booking-origins', foreignKey: 'booking_origin_id' },
    business_provider: { kind: 'belongsTo', target: 'business-providers', foreignKey: 'business_provider_id' },
    payment_method: { kind: 'belongsTo', target: 'payment-methods', foreignKey: 'payment_method_id' },
    passengers: { kind: 'hasMany', target: 'passengers', foreignKey: 'booking_id' },
    referent_passenger: {
      kind: 'hasMany',
      single: true,
      target: 'passengers',
      foreignKey: 'booking_id',
      where: (a) => sql`${ref(a, 'is_referent')} = 1`,
    },
    linked_bookings: {
      kind: 'symmetric',
      target: 'bookings',
      pivot: 'booking_links',
      localKey: 'booking_id',
      foreignKey: 'linked_booking_id',
    },
    requested_dates: {
      kind: 'hasMany',
      target: 'requested-dates',
      foreignKey: 'booking_id',
      order: [{ field: 'date', direction: 'ASC' }],
    },
    flight_schedules: {
      kind: 'manyToMany',
      target: 'flight-schedules',
      pivot: 'booking_flight_schedules',
      localKey: 'booking_id',
      foreignKey: 'flight_schedule_id',
    },
    woocommerce_sync_notifications: {
      kind: 'hasMany',
      target: 'woocommerce-sync-notifications',
      foreignKey: 'booking_id',
    },
    notes: { kind: 'hasMany', target: 'booking-notes', foreignKey: 'booking_id' },
    registration_requests: { kind: 'hasMany', target: 'registration-requests', foreignKey: 'booking_id' },
    validity_extensions: {
      kind: 'hasMany',
      target: 'booking-validity-extensions',
      foreignKey: 'booking_id',
      order: [{ field: 'created_at', direction: 'DESC' }],
    },
  },
  search: ['number', 'number_alt', 'customer.last_name', 'passengers.last_name'],
  hashSearch: ['number', 'number_alt'],
  defaultOrder: [{ field: 'id', direction: 'DESC' }],
  routes: { list: {}, read: {}, create: {}, update: {} },
  write: {
    create: bookingCreateSchema,
    update: bookingUpdateSchema,
    defaults: { booking_status_id: INITIAL_BOOKING_STATUS_ID },
    unique: [
      { field: 'number', message: MESSAGES.numberAlreadyExists },
      { field: 'number_alt', message: MESSAGES.numberAlreadyExists },
    ],
    relations: ['flight_schedules'],
    // A closed booking (completed, canceled or expired) only changes status (409 otherwise).
    // Issue 11: a shop booking that becomes completed or canceled updates its shop order (queued with the change).
    beforeWrite: async ({ trx }, values, existing, lists) => {
      // Issue 12: validity = purchase date + the months setting on creation, never before the purchase date.
      await applyValidityRule(trx, values, existing);
      if (!existing) return;
      await checkBookingUpdate(trx, Number(existing.id), values, lists);
      if (values.booking_status_id !== undefined) {
        await queueShopSync(
          trx,
          {
            id: Number(existing.id),
            number: (existing.number as string | null) ?? null,
            woocommerce_order_id: (existing.woocommerce_order_id as string | null) ?? null,
            booking_status_id: Number(existing.booking_status_id),
          },
          Number(values.booking_status_id),
        );
      }
    },
  },
};
