import { FLIGHT_STATUSES, flightCreateSchema, flightUpdateSchema, INITIAL_FLIGHT_STATUS_ID } from '@app/domain';
import { type RawBuilder, sql } from 'kysely';
import { ConflictError, ValidationError } from '../core/errors.js';
import { ref, table } from '../engine/sql.js';
import type { Resource } from '../engine/types.js';
import { appendCompliance, appendFlightFile } from '../services/flight-compliance.js';
import { appendFlightMasses } from '../services/flight-masses.js';
import { applyRealizationRule } from '../services/flight-realization.js';
import { assertFlightNotSealed } from '../services/flight-records.js';
import { applyPostponementRule } from '../services/postponement.js';
import { checkFlightUpdate } from '../services/registrations.js';
import { f } from './fields.js';

// Flights (new flights planned; a flight whose status is not editable cannot be deleted),
// availability = balloon.passengers − passengers_count, null without a balloon.

const ofRegistrations = (alias: string, select: (g: string, p: string) => RawBuilder<unknown>) => {
  const g = `${alias}_g`;
  const p = `${alias}_gp`;
  return sql`(select ${select(g, p)} from ${table('registrations', g)}
    join ${table('passengers', p)} on ${ref(p, 'id')} = ${ref(g, 'passenger_id')}
    where ${ref(g, 'flight_id')} = ${ref(alias, 'id')})`;
};
const passengersCount = (alias: string) => {
  const g = `${alias}_c`;
  return sql`(select count(*) from ${table('registrations', g)} where ${ref(g, 'flight_id')} = ${ref(alias, 'id')})`;
};

export const flights: Resource = {
  name: 'flights',
  table: 'flights',
  fields: {
    id: f.id(),
    scheduled_date: f.date({ notNull: true }),
    scheduled_time: f.time({ notNull: true }),
    is_public: f.flag(),
    takeoff_temperature: f.number(),
    flight_max_altitude: f.number(),
    flight_type_id: f.integer(),
    location_id: f.integer(),
    prestation_id: f.integer(),
    balloon_id: f.integer(),
    pilot_id: f.integer(),
    takeoff_time: f.time(),
    landing_time: f.time(),
    fuel_loaded: f.number(),
    landing_place: f.string(),
    remarks: f.text(),
    incidents: f.text(),
    flight_status_id: f.integer({ notNull: true }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
    passengers_count: { type: 'integer', notNull: true, sql: passengersCount },
    total_weight: {
      type: 'number',
      notNull: true,
      sql: (a) => ofRegistrations(a, (_g, p) => sql`coalesce(sum(${ref(p, 'weight')}), 0)`),
    },
    // Issue 28: 'Poids modifié après inscription', a passenger on the flight changed their weight in their space
    // since the plan was made, not yet marked seen (services/booking-space.ts).
    weight_changed: {
      type: 'flag',
      sql: (a) => {
        const w = `${a}_w`;
        const r = `${a}_wr`;
        return sql`(case when exists (select 1 from ${table('passenger_weight_changes', w)}
          join ${table('registrations', r)} on ${ref(r, 'passenger_id')} = ${ref(w, 'passenger_id')}
            and ${ref(r, 'flight_id')} = ${ref(w, 'flight_id')}
          where ${ref(w, 'flight_id')} = ${ref(a, 'id')} and ${ref(w, 'seen_at')} is null) then 1 else 0 end)`;
      },
      reads: ['passenger_weight_changes', 'registrations'],
    },
    availability: {
      type: 'integer',
      sql: (a) => {
        const b = `${a}_b`;
        return sql`((select ${ref(b, 'passengers')} from ${table('balloons', b)} where ${ref(b, 'id')} = ${ref(a, 'balloon_id')}) - ${passengersCount(a)})`;
      },
    },
  },
  relations: {
    location: { kind: 'belongsTo', target: 'locations', foreignKey: 'location_id' },
    balloon: { kind: 'belongsTo', target: 'balloons', foreignKey: 'balloon_id' },
    pilot: { kind: 'belongsTo', target: 'pilots', foreignKey: 'pilot_id' },
    prestation: { kind: 'belongsTo', target: 'prestations', foreignKey: 'prestation_id' },
    flight_type: { kind: 'belongsTo', target: 'flight-types', foreignKey: 'flight_type_id' },
    flight_status: { kind: 'belongsTo', target: 'flight-statutes', foreignKey: 'flight_status_id' },
    teammates: {
      kind: 'manyToMany',
      target: 'teammates',
      pivot: 'flight_teammates',
      localKey: 'flight_id',
      foreignKey: 'teammate_id',
    },
    passengers: {
      kind: 'manyToMany',
      target: 'passengers',
      pivot: 'registrations',
      localKey: 'flight_id',
      foreignKey: 'passenger_id',
      order: [
        { field: 'booking_id', direction: 'ASC' },
        { field: 'is_referent', direction: 'DESC' },
      ],
    },
    registrations: { kind: 'hasMany', target: 'registrations', foreignKey: 'flight_id' },
    notes: { kind: 'hasMany', target: 'flight-notes', foreignKey: 'flight_id' },
    pinned_note: {
      kind: 'hasMany',
      single: true,
      target: 'flight-notes',
      foreignKey: 'flight_id',
      where: (a) => sql`${ref(a, 'is_pinned')} = 1`,
      order: [{ field: 'created_at', direction: 'DESC' }],
    },
    registration_requests: { kind: 'hasMany', target: 'registration-requests', foreignKey: 'flight_id' },
    /** The manifest as it was when the flight was postponed for the weather (services/postponement.ts). */
    postponements: { kind: 'hasMany', target: 'flight-postponements', foreignKey: 'flight_id' },
  },
  defaultOrder: [
    { field: 'scheduled_date', direction: 'DESC' },
    { field: 'scheduled_time', direction: 'ASC' },
  ],
  appends: {
    flight_masses: (ctx, rows) => appendFlightMasses(ctx, rows),
    // Issue 30: the pilot's currency, the balloon's inspection, fuel and crew on the flight's day (warnings).
    compliance: (ctx, rows) => appendCompliance(ctx, rows),
    flight_file: (ctx, rows) => appendFlightFile(ctx, rows),
  },
  // Read-only planning for API clients; writes need a signed-in user.
  // The read-only planning of an API key: when, where, what, with how many seats left; never who flies
  // (passengers, pilot, crew) nor the notes.
  apiClient: {
    fields: [
      'id',
      'scheduled_date',
      'scheduled_time',
      'is_public',
      'flight_type_id',
      'location_id',
      'prestation_id',
      'balloon_id',
      'flight_status_id',
      'takeoff_time',
      'landing_time',
      'passengers_count',
      'availability',
    ],
    relations: ['location', 'balloon', 'prestation', 'flight_type', 'flight_status'],
  },
  routes: {
    list: { access: 'api-client' },
    read: { access: 'api-client' },
    create: {},
    update: {},
    delete: {},
  },
  write: {
    create: flightCreateSchema,
    update: flightUpdateSchema,
    defaults: { flight_status_id: INITIAL_FLIGHT_STATUS_ID },
    relations: ['teammates'],
    // A closed flight: a postponed or canceled flight only changes status; a realized one its status and its flight
    // record (times, temperature, altitude reached: issue 27); a realized flight has its takeoff and landing times.
    beforeWrite: async ({ trx, ctx }, values, existing, lists) => {
      // Issue 30: a sealed flight record freezes the flight (409) until a correction is opened.
      if (existing) await assertFlightNotSealed(trx, Number(existing.id));
      if (existing) await checkFlightUpdate(trx, existing, values, lists);
      const merged = { ...existing, ...values };
      if (merged.flight_status_id === FLIGHT_STATUSES.realized.id) {
        const errors: Record<string, string[]> = {};
        for (const field of ['takeoff_time', 'landing_time']) {
          if (!merged[field]) errors[field] = ['Ce champ est obligatoire pour un vol réalisé.'];
        }
        if (Object.keys(errors).length) throw new ValidationError(errors);
      }
      if (!existing) return;
      // Issue 12: to 'Reporté - météo' unregisters the passengers (kept as the flight's history); back undoes it.
      await applyPostponementRule(trx, existing, values, ctx.auth ?? null);
      // Issue 27: to 'Réalisé' completes what has flown and closes its requested dates; from it undoes that.
      await applyRealizationRule(trx, existing, values, ctx.auth ?? null);
    },
    beforeDelete: async ({ trx }, existing) => {
      await assertFlightNotSealed(trx, Number(existing.id));
      const status = await trx
        .selectFrom('flight_statuses')
        .select('is_editable')
        .where('id', '=', existing.flight_status_id as number)
        .executeTakeFirst();
      if (status && !status.is_editable) throw new ConflictError('Ce vol ne peut plus être supprimé.');
    },
  },
};
