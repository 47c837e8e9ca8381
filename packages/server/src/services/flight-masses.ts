import {
  allowanceCheck,
  computeTakeoffMass,
  crewCheck,
  type FlightMasses,
  fuelCheck,
  SETTING_DEFAULTS,
} from '@app/domain';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../core/context.js';
import type { DB } from '../db/schema.js';
import { runShaped } from '../engine/compiled.js';

// The operational flight plan's masses (pilot, passengers, balloon, gas, maximum takeoff mass, margin, fuel), appended to flights with `append=flight_masses`.
// Units: masses in kg; balloon hourly_consumption in kg/h; balloon flying_time, reserve_time and autonomy_time in
// MINUTES (how pilots state them: "1 h 30 de vol, 30 min de réserve"), converted to hours for the fuel.
// A missing input makes every value that depends on it null, never NaN, never a silent 0.

export type { FlightMasses };

/** Inputs of one flight, as loaded; kept apart from the SQL so the arithmetic is unit-tested on its own. */
export type FlightMassInputs = {
  takeoff_temperature: number | null;
  /** The flight's own maximum altitude, else its location's. */
  flight_max_altitude: number | null;
  takeoff_altitude: number | null;
  pilot_weight: number | null;
  pilot_bag_weight: number | null;
  has_balloon: boolean;
  empty_mass: number | null;
  gas_mass: number | null;
  volume: number | null;
  envelope_temperature: number | null;
  takeoff_max_mass: number | null;
  hourly_consumption: number | null;
  flying_time: number | null;
  reserve_time: number | null;
  passengers_count: number;
  passengers_weight: number;
  passengers_without_weight: number;
  passenger_supplement: number;
  allowance_clothing: number;
  allowance_baggage: number;
  cylinders: number | null;
  fuel_loaded: number | null;
  teammates_count: number;
};

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
/** Sums of decimal weights drift (61.1 + 82.2 = 143.29999…); masses are shown to the hundredth at most. */
const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;
const sumOrNull = (...values: (number | null)[]): number | null =>
  values.every(isNumber) ? round2(values.reduce<number>((a, b) => a + (b as number), 0)) : null;

export function computeFlightMasses(i: FlightMassInputs): FlightMasses {
  const pilot = isNumber(i.pilot_weight)
    ? round2(i.pilot_weight + (isNumber(i.pilot_bag_weight) ? i.pilot_bag_weight : 0))
    : null;
  const allowance = allowanceCheck({
    clothing: i.allowance_clothing,
    baggage: i.allowance_baggage,
    supplement: i.passenger_supplement,
    passengers_count: i.passengers_count,
    declared: i.passengers_weight,
  });
  const passengers = allowance.total;
  const balloon = i.has_balloon && isNumber(i.empty_mass) ? i.empty_mass : null;
  const gas = i.has_balloon && isNumber(i.gas_mass) ? i.gas_mass : null;
  const total = sumOrNull(pilot, passengers, balloon, gas);
  const calculator = i.has_balloon
    ? computeTakeoffMass({
        groundTemperature: i.takeoff_temperature,
        maxAltitude: i.flight_max_altitude,
        takeoffAltitude: i.takeoff_altitude,
        volume: i.volume,
        envelopeTemperature: i.envelope_temperature,
      })
    : null;
  const maxTakeoffMass = calculator?.lift ?? null;
  const fuel = i.has_balloon
    ? fuelCheck({
        consumption: isNumber(i.hourly_consumption) ? i.hourly_consumption : null,
        planned_minutes: isNumber(i.flying_time) ? i.flying_time : null,
        balloon_reserve_minutes: i.reserve_time,
        cylinders: i.cylinders,
        loaded: i.fuel_loaded,
      })
    : null;
  const duration = fuel && fuel.planned_minutes !== null ? fuel.planned_minutes + fuel.reserve_minutes : null;
  return {
    pilot,
    passengers,
    passengers_weight: round2(i.passengers_weight),
    passengers_count: i.passengers_count,
    passengers_without_weight: i.passengers_without_weight,
    passenger_supplement: i.passenger_supplement,
    allowance,
    fuel,
    crew: crewCheck(i.passengers_count, i.teammates_count),
    balloon,
    gas,
    total,
    max_takeoff_mass: maxTakeoffMass,
    outside_temperature: calculator?.outsideTemperature ?? null,
    pressure: calculator?.pressure ?? null,
    margin: maxTakeoffMass !== null && total !== null ? round2(maxTakeoffMass - total) : null,
    balloon_takeoff_max_mass: i.has_balloon && isNumber(i.takeoff_max_mass) ? i.takeoff_max_mass : null,
    flight_duration: duration,
    fuel_needed: fuel?.needed ?? null,
  };
}

/** Setting ofp_passenger_supplement as a number (absent, empty or not a number: 0). */
export function supplementOf(value: string | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/**
 * Loads the inputs of many flights in ONE query: the flights with balloon, pilot and location, the registration
 * totals aggregated for these flights only, and the passenger supplement setting.
 */
export async function loadFlightMassInputs(
  db: Kysely<DB>,
  ids: readonly number[],
): Promise<Map<number, FlightMassInputs>> {
  const result = new Map<number, FlightMassInputs>();
  if (ids.length === 0) return result;
  // Compiled once per number of ids (engine/compiled.ts); the setting key is a literal, not a parameter.
  const flights = await runShaped(db, loadFlightMassInputs, 'inputs', ids, (values) =>
    db
      .selectFrom('flights as f')
      .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
      .leftJoin('pilots as p', 'p.id', 'f.pilot_id')
      .leftJoin('locations as l', 'l.id', 'f.location_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('registrations as r')
            .innerJoin('passengers as rp', 'rp.id', 'r.passenger_id')
            .select([
              'r.flight_id',
              sql<number>`count(*)`.as('count'),
              sql<number>`count(rp.weight)`.as('weighed'),
              sql<number>`coalesce(sum(rp.weight), 0)`.as('weight'),
            ])
            .where('r.flight_id', 'in', [...(values as number[])])
            .groupBy('r.flight_id')
            .as('t'),
        (join) => join.onRef('t.flight_id', '=', 'f.id'),
      )
      .select([
        'f.id',
        'f.balloon_id',
        'f.takeoff_temperature',
        'f.flight_max_altitude',
        'l.flight_max_altitude as location_max_altitude',
        'l.takeoff_altitude',
        'p.weight as pilot_weight',
        'p.bag_weight as pilot_bag_weight',
        'b.empty_mass',
        'b.gas_mass',
        'b.volume',
        'b.envelope_temperature',
        'b.takeoff_max_mass',
        'b.hourly_consumption',
        'b.flying_time',
        'b.reserve_time',
        'b.cylinders',
        'f.fuel_loaded',
        (eb) =>
          eb
            .selectFrom('flight_teammates as ft')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('ft.flight_id', '=', 'f.id')
            // On board only: the retrieve crew on the ground is no second crew member (services/flight-crew.ts); a
            // literal, so the query stays compiled once per number of ids.
            .where('ft.on_board', '=', sql.lit(1))
            .as('teammates'),
        't.count',
        't.weighed',
        't.weight',
        (eb) =>
          eb
            .selectFrom('settings')
            .select('value')
            .where('key', '=', sql.lit('ofp_passenger_supplement'))
            .as('supplement'),
        (eb) =>
          eb
            .selectFrom('settings')
            .select('value')
            .where('key', '=', sql.lit('ofp_pilot_bag_default'))
            .as('bag_default'),
        (eb) =>
          eb
            .selectFrom('settings')
            .select('value')
            .where('key', '=', sql.lit('ofp_allowance_clothing'))
            .as('allowance_clothing'),
        (eb) =>
          eb
            .selectFrom('settings')
            .select('value')
            .where('key', '=', sql.lit('ofp_allowance_baggage'))
            .as('allowance_baggage'),
      ])
      .where('f.id', 'in', [...(values as number[])]),
  );
  for (const f of flights) {
    const count = Number(f.count ?? 0);
    result.set(f.id, {
      takeoff_temperature: f.takeoff_temperature,
      flight_max_altitude: f.flight_max_altitude ?? f.location_max_altitude ?? null,
      takeoff_altitude: f.takeoff_altitude ?? null,
      pilot_weight: f.pilot_weight ?? null,
      // A pilot without a bag weight carries the operator's default bag (settings/operational-flight-plan).
      pilot_bag_weight: f.pilot_bag_weight ?? (supplementOf(f.bag_default) || null),
      has_balloon: f.balloon_id !== null,
      empty_mass: f.empty_mass ?? null,
      gas_mass: f.gas_mass ?? null,
      volume: f.volume ?? null,
      envelope_temperature: f.envelope_temperature ?? null,
      takeoff_max_mass: f.takeoff_max_mass ?? null,
      hourly_consumption: f.hourly_consumption ?? null,
      flying_time: f.flying_time ?? null,
      reserve_time: f.reserve_time ?? null,
      passengers_count: count,
      passengers_weight: Number(f.weight ?? 0),
      passengers_without_weight: count - Number(f.weighed ?? 0),
      passenger_supplement: supplementOf(f.supplement),
      allowance_clothing: supplementOf(f.allowance_clothing ?? SETTING_DEFAULTS.ofp_allowance_clothing),
      allowance_baggage: supplementOf(f.allowance_baggage ?? SETTING_DEFAULTS.ofp_allowance_baggage),
      cylinders: f.cylinders ?? null,
      fuel_loaded: f.fuel_loaded ?? null,
      teammates_count: Number(f.teammates ?? 0),
    });
  }
  return result;
}

/**
 * `append=flight_masses` on flights: sets row.flight_masses on each given flight row.
 * Called by the engine with the rows it is about to answer; batched (one query whatever the number of rows).
 */
export async function appendFlightMasses(ctx: AppContext, rows: Record<string, unknown>[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && id > 0);
  const inputs = await loadFlightMassInputs(ctx.db, [...new Set(ids)]);
  for (const row of rows) {
    const input = inputs.get(Number(row.id));
    row.flight_masses = input ? computeFlightMasses(input) : null;
  }
}
