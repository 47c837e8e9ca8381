import {
  bookingOriginCreateSchema,
  bookingOriginUpdateSchema,
  businessProviderCreateSchema,
  businessProviderUpdateSchema,
  flightTypeCreateSchema,
  flightTypeUpdateSchema,
  passengerTypeCreateSchema,
  passengerTypeUpdateSchema,
  paymentMethodCreateSchema,
  paymentMethodUpdateSchema,
} from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, readOnly, usedBy } from './fields.js';

// Labelled lookups (booking origins, business providers, payment methods, passenger types, flight
// types) and the fixed reference tables (customer types, booking and flight statuses, flight schedules, roles).

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

export const businessProviders: Resource = {
  name: 'business-providers',
  table: 'business_providers',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'business_provider_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: businessProviderCreateSchema,
    update: businessProviderUpdateSchema,
    dependents: [
      {
        table: 'bookings',
        column: 'business_provider_id',
        message: usedBy('Cet apporteur est associé à', 'réservation', 'réservations'),
      },
    ],
  },
};

export const paymentMethods: Resource = {
  name: 'payment-methods',
  table: 'payment_methods',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'payment_method_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: paymentMethodCreateSchema,
    update: paymentMethodUpdateSchema,
    dependents: [
      {
        table: 'bookings',
        column: 'payment_method_id',
        message: usedBy('Ce moyen de paiement est utilisé par', 'réservation', 'réservations'),
      },
    ],
  },
};

export const passengerTypes: Resource = {
  name: 'passenger-types',
  table: 'passenger_types',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { passengers: { kind: 'hasMany', target: 'passengers', foreignKey: 'passenger_type_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: passengerTypeCreateSchema,
    update: passengerTypeUpdateSchema,
    dependents: [
      {
        table: 'passengers',
        column: 'passenger_type_id',
        message: usedBy('Cette qualité est attribuée à', 'passager', 'passagers'),
      },
    ],
  },
};

export const flightTypes: Resource = {
  name: 'flight-types',
  table: 'flight_types',
  fields: { id: f.id(), label: f.alphabetical(), is_default: f.flag() },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'flight_type_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label'] },
  routes: crud(),
  write: {
    create: flightTypeCreateSchema,
    update: flightTypeUpdateSchema,
    exclusive: [{ field: 'is_default' }],
    dependents: [
      {
        table: 'flights',
        column: 'flight_type_id',
        message: usedBy('Ce type de vol est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};

export const customerTypes: Resource = {
  name: 'customer-types',
  table: 'customer_types',
  fields: { id: f.id(), slug: f.string({ notNull: true }), label: f.string({ notNull: true }) },
  relations: { customers: { kind: 'hasMany', target: 'customers', foreignKey: 'customer_type_id' } },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: readOnly(),
};

const statusFields = {
  id: f.id(),
  slug: f.string({ notNull: true }),
  label: f.string({ notNull: true }),
  label_plural: f.string({ notNull: true }),
  color: f.string(),
  icon: f.string({ notNull: true }),
  is_editable: f.flag(),
  position: f.integer({ notNull: true }),
};
const byPosition = [
  { field: 'position', direction: 'ASC' as const },
  { field: 'id', direction: 'ASC' as const },
];

export const bookingStatuses: Resource = {
  name: 'booking-statutes',
  table: 'booking_statuses',
  fields: statusFields,
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'booking_status_id' } },
  defaultOrder: byPosition,
  routes: readOnly(),
};

export const flightStatuses: Resource = {
  name: 'flight-statutes',
  table: 'flight_statuses',
  fields: statusFields,
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'flight_status_id' } },
  defaultOrder: byPosition,
  apiClient: { fields: ['id', 'slug', 'label'] },
  routes: readOnly(),
};

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

export const roles: Resource = {
  name: 'roles',
  table: 'roles',
  fields: { id: f.id(), slug: f.string({ notNull: true }), label: f.string({ notNull: true }) },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {} },
};
