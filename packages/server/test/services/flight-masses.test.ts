import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appendFlightMasses,
  computeFlightMasses,
  type FlightMassInputs,
  loadFlightMassInputs,
} from '../../src/services/flight-masses.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPilot, register } from './builders.js';

// Hand computation (maximum takeoff mass calculator) for 15 °C on the ground, 1000 m max altitude, take-off at 200 m, envelope 100 °C:
//   outside  = 15 − 0.0065 × (1000 − 200)                 = 9.8 °C
//   pressure = 1013.25 × (1 − 0.0065 × 1000 / 288.16)^5.256 = 898.7469 hPa → 898.75
//   lift     = 0.3484 × V × 898.7469 × (1/282.96 − 1/373.16) = 0.267486 × V kg → V = 4000 m³: 1069.95 → 1070 kg
// Masses: pilot 75 + bag 10 = 85; passengers 82.5 + 61 + (no weight) = 143.5, + 3 × (4 kg clothing + 3 kg hand
// baggage: the default allowance) = 143.5 + 21 = 164.5; balloon empty 450; gas 120 → total 819.5;
// margin 1070 − 819.5 = 250.5.
// Fuel: 40 kg/h × (90 min planned + 30 min reserve, two cylinders or unknown) / 60 = 80 kg.
const inputs: FlightMassInputs = {
  takeoff_temperature: 15,
  flight_max_altitude: 1000,
  takeoff_altitude: 200,
  pilot_weight: 75,
  pilot_bag_weight: 10,
  has_balloon: true,
  empty_mass: 450,
  gas_mass: 120,
  volume: 4000,
  envelope_temperature: 100,
  takeoff_max_mass: 1800,
  hourly_consumption: 40,
  flying_time: 90,
  reserve_time: 30,
  passengers_count: 3,
  passengers_weight: 143.5,
  passengers_without_weight: 1,
  passenger_supplement: 0,
  allowance_clothing: 4,
  allowance_baggage: 3,
  cylinders: null,
  fuel_loaded: null,
  teammates_count: 0,
};

const expected = {
  pilot: 85,
  passengers: 164.5,
  passengers_weight: 143.5,
  passengers_count: 3,
  passengers_without_weight: 1,
  passenger_supplement: 0,
  allowance: {
    clothing: 4,
    baggage: 3,
    supplement: 0,
    per_passenger: 7,
    passengers_count: 3,
    declared: 143.5,
    total: 164.5,
    formula: '143,5 kg déclarés + 3 × (4 kg vêtements + 3 kg bagage à main) = 164,5 kg',
  },
  fuel: {
    consumption: 40,
    planned_minutes: 90,
    reserve_minutes: 30,
    cylinders: null,
    needed: 80,
    loaded: null,
    is_ok: null,
    formula: '40 kg/h × (90 min + 30 min) / 60 = 80 kg',
  },
  crew: { passengers_count: 3, crew_on_board: 1, is_ok: true },
  balloon: 450,
  gas: 120,
  total: 819.5,
  max_takeoff_mass: 1070,
  outside_temperature: 9.8,
  pressure: 898.75,
  margin: 250.5,
  balloon_takeoff_max_mass: 1800,
  flight_duration: 120,
  fuel_needed: 80,
};

describe('flight masses arithmetic', () => {
  it('matches the hand computation', () => {
    expect(computeFlightMasses(inputs)).toEqual(expected);
  });

  it('goes negative when overloaded (3000 m³: lift 802 kg)', () => {
    const masses = computeFlightMasses({ ...inputs, volume: 3000 });
    expect(masses.max_takeoff_mass).toBe(802);
    expect(masses.margin).toBe(-17.5);
  });

  it('counts a missing bag weight as 0 but a missing pilot weight as unknown', () => {
    expect(computeFlightMasses({ ...inputs, pilot_bag_weight: null }).pilot).toBe(75);
    const noPilot = computeFlightMasses({ ...inputs, pilot_weight: null });
    expect(noPilot).toMatchObject({ pilot: null, total: null, margin: null, max_takeoff_mass: 1070 });
  });

  it('makes dependent values null, never NaN, when an input is missing', () => {
    const noTemperature = computeFlightMasses({ ...inputs, takeoff_temperature: null });
    expect(noTemperature).toMatchObject({
      max_takeoff_mass: null,
      outside_temperature: null,
      pressure: null,
      margin: null,
      total: 819.5,
    });
    expect(computeFlightMasses({ ...inputs, gas_mass: null })).toMatchObject({ gas: null, total: null, margin: null });
    expect(computeFlightMasses({ ...inputs, flying_time: null })).toMatchObject({
      flight_duration: null,
      fuel_needed: null,
    });
    // Without the balloon's own reserve, the regulation's 30 minutes still apply.
    expect(computeFlightMasses({ ...inputs, reserve_time: null })).toMatchObject({
      flight_duration: 120,
      fuel_needed: 80,
    });
    expect(computeFlightMasses({ ...inputs, hourly_consumption: null }).fuel_needed).toBeNull();
    const noBalloon = computeFlightMasses({ ...inputs, has_balloon: false });
    expect(noBalloon).toMatchObject({
      balloon: null,
      gas: null,
      total: null,
      max_takeoff_mass: null,
      margin: null,
      fuel_needed: null,
      balloon_takeoff_max_mass: null,
      passengers: 164.5,
    });
    for (const value of Object.values(noBalloon)) expect(Number.isNaN(value)).toBe(false);
  });

  it('keeps decimal sums clean', () => {
    const masses = computeFlightMasses({
      ...inputs,
      passengers_weight: 61.1 + 82.2,
      allowance_clothing: 0,
      allowance_baggage: 0,
    });
    expect(masses.passengers).toBe(143.3);
  });
});

describe(`appendFlightMasses on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('loads every input from the database for many flights at once', async () => {
    const { db } = t.database;
    const balloon = await newBalloon(db, {
      empty_mass: 450,
      gas_mass: 120,
      volume: 4000,
      envelope_temperature: 100,
      takeoff_max_mass: 1800,
      hourly_consumption: 40,
      flying_time: 90,
      reserve_time: 30,
    });
    const location = await newLocation(db, 200);
    await db.updateTable('locations').set({ flight_max_altitude: 1000 }).where('id', '=', location).execute();
    const full = await newFlight(db, {
      balloon_id: balloon,
      pilot_id: await newPilot(db, { weight: 75, bag_weight: 10 }),
      location_id: location,
      takeoff_temperature: 15,
      // flight_max_altitude left empty: the location's 1000 m applies.
    });
    const booking = await newBooking(db);
    await register(db, full, [
      await newPassenger(db, booking, { weight: 82.5 }),
      await newPassenger(db, booking, { weight: 61 }),
      await newPassenger(db, booking, { weight: null }),
    ]);
    const bare = await newFlight(db);
    const rows: Record<string, unknown>[] = [{ id: full }, { id: bare }, { id: 987654 }];
    await appendFlightMasses({ db } as Parameters<typeof appendFlightMasses>[0], rows);
    expect(rows[0]!.flight_masses).toEqual(expected);
    expect(rows[1]!.flight_masses).toMatchObject({
      pilot: null,
      passengers: 0,
      passengers_count: 0,
      total: null,
      max_takeoff_mass: null,
      fuel_needed: null,
    });
    expect(rows[2]!.flight_masses).toBeNull();

    // The same through the API, as the operating-plan page asks for it.
    const { headers } = await signIn(t, 'operator');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/flights/${full}?embed=balloon,pilot,location&count=passengers&append=flight_masses`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().flight_masses).toEqual(expected);
  });

  it('gives a pilot without a bag weight the default bag of the settings', async () => {
    const { db } = t.database;
    const flight = await newFlight(db, { pilot_id: await newPilot(db, { weight: 80, bag_weight: null }) });
    const rows: Record<string, unknown>[] = [{ id: flight }];
    await appendFlightMasses({ db } as Parameters<typeof appendFlightMasses>[0], rows);
    expect((rows[0]!.flight_masses as { pilot: number }).pilot).toBe(80);
    await db
      .insertInto('settings')
      .values({ key: 'ofp_pilot_bag_default', value: '12' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '12' }))
      .execute();
    await appendFlightMasses({ db } as Parameters<typeof appendFlightMasses>[0], rows);
    expect((rows[0]!.flight_masses as { pilot: number }).pilot).toBe(92);
  });

  it('builds its SQL once per number of flights, though the ids stand in it twice (the flight page reads it each time)', async () => {
    const { db } = t.database;
    const light = await newFlight(db, { pilot_id: await newPilot(db, { weight: 70, bag_weight: 5 }) });
    const heavy = await newFlight(db, { pilot_id: await newPilot(db, { weight: 90, bag_weight: 5 }) });
    const pilotOf = async (id: number) => (await loadFlightMassInputs(db, [id])).get(id)?.pilot_weight;
    expect(await pilotOf(light)).toBe(70);
    const compile = vi.spyOn(db.getExecutor(), 'compileQuery');
    try {
      expect(await pilotOf(heavy)).toBe(90);
      expect(await pilotOf(light)).toBe(70);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });
});
