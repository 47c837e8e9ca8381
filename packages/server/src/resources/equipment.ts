import {
  balloonCreateSchema,
  balloonUpdateSchema,
  locationCreateSchema,
  locationUpdateSchema,
  pilotCreateSchema,
  pilotUpdateSchema,
  prestationCreateSchema,
  prestationUpdateSchema,
  teammateCreateSchema,
  teammateUpdateSchema,
  ticketTemplateCreateSchema,
  ticketTemplateUpdateSchema,
} from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, fullName, usedBy } from './fields.js';

// What flights are made of (SPEC §3, §7.5): balloons, locations, pilots, teammates, prestations and their
// ticket templates. Each `is_default` is exclusive (SPEC §4.5 pre-fills the new-flight dialog with it).

const exclusiveDefault = [{ field: 'is_default' }];

export const balloons: Resource = {
  name: 'balloons',
  table: 'balloons',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    passengers: f.integer({ notNull: true }),
    takeoff_max_mass: f.number({ notNull: true }),
    landing_min_mass: f.number(),
    empty_mass: f.number(),
    market_mass: f.number(),
    registration_number: f.string(),
    type: f.string(),
    volume: f.number(),
    gas_mass: f.number(),
    envelope_temperature: f.number(),
    hourly_consumption: f.number(),
    autonomy_time: f.number(),
    flying_time: f.number(),
    reserve_time: f.number(),
  },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'balloon_id' } },
  search: ['label', 'registration_number'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label', 'passengers'] },
  routes: crud(),
  write: {
    create: balloonCreateSchema,
    update: balloonUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'flights',
        column: 'balloon_id',
        message: usedBy('Ce ballon est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};

export const locations: Resource = {
  name: 'locations',
  table: 'locations',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    is_restrictive: f.flag(),
    takeoff_altitude: f.number(),
    flight_max_altitude: f.number(),
    risk_factors: f.text(),
  },
  relations: {
    bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'location_id' },
    flights: { kind: 'hasMany', target: 'flights', foreignKey: 'location_id' },
  },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label', 'is_restrictive'] },
  routes: crud(),
  write: {
    create: locationCreateSchema,
    update: locationUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'bookings',
        column: 'location_id',
        message: usedBy('Ce lieu de vol est utilisé par', 'réservation', 'réservations'),
      },
      {
        table: 'flights',
        column: 'location_id',
        message: usedBy('Ce lieu de vol est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};

export const pilots: Resource = {
  name: 'pilots',
  table: 'pilots',
  fields: {
    id: f.id(),
    first_name: f.alphabetical(),
    last_name: f.alphabetical(),
    full_name: fullName(),
    is_default: f.flag(),
    email: f.string(),
    phone: f.string(),
    weight: f.number(),
    bag_weight: f.number(),
  },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'pilot_id' } },
  search: ['last_name', 'first_name'],
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: crud(),
  write: {
    create: pilotCreateSchema,
    update: pilotUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'flights',
        column: 'pilot_id',
        message: usedBy('Ce pilote est affecté à', 'vol', 'vols'),
      },
    ],
  },
};

export const teammates: Resource = {
  name: 'teammates',
  table: 'teammates',
  fields: {
    id: f.id(),
    first_name: f.alphabetical(),
    last_name: f.alphabetical(),
    full_name: fullName(),
    email: f.string(),
    phone: f.string(),
  },
  relations: {
    flights: {
      kind: 'manyToMany',
      target: 'flights',
      pivot: 'flight_teammates',
      localKey: 'teammate_id',
      foreignKey: 'flight_id',
    },
  },
  search: ['last_name', 'first_name'],
  // SPEC §7.5: teammates by last name then first name.
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: crud(),
  write: {
    create: teammateCreateSchema,
    update: teammateUpdateSchema,
    dependents: [
      {
        table: 'flight_teammates',
        column: 'teammate_id',
        message: usedBy('Cet équipier est affecté à', 'vol', 'vols'),
      },
    ],
  },
};

export const prestations: Resource = {
  name: 'prestations',
  table: 'prestations',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    ticket_template_id: f.integer(),
  },
  relations: {
    ticket_template: { kind: 'belongsTo', target: 'ticket-templates', foreignKey: 'ticket_template_id' },
    bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'prestation_id' },
    flights: { kind: 'hasMany', target: 'flights', foreignKey: 'prestation_id' },
  },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label'] },
  routes: crud(),
  write: {
    create: prestationCreateSchema,
    update: prestationUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'bookings',
        column: 'prestation_id',
        message: usedBy('Cette prestation est utilisée par', 'réservation', 'réservations'),
      },
      {
        table: 'flights',
        column: 'prestation_id',
        message: usedBy('Cette prestation est utilisée par', 'vol', 'vols'),
      },
    ],
  },
};

export const ticketTemplates: Resource = {
  name: 'ticket-templates',
  table: 'ticket_templates',
  fields: { id: f.id(), label: f.string({ notNull: true }), template_base: f.string({ notNull: true }) },
  relations: { prestations: { kind: 'hasMany', target: 'prestations', foreignKey: 'ticket_template_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud({}, { capability: 'manage_ticket_templates' }),
  write: {
    create: ticketTemplateCreateSchema,
    update: ticketTemplateUpdateSchema,
    relations: ['prestations'],
  },
};
