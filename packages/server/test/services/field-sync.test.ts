import { addDays, computeFieldMasses, FIELD_MESSAGES, type FieldFlight, type FieldSyncResult } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as operatorToday } from '../../src/core/clock.js';
import { SEALED_MESSAGE } from '../../src/services/flight-records.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import {
  newBalloon,
  newBooking,
  newFlight,
  newLocation,
  newPassenger,
  newPilot,
  newTeammate,
  register,
} from './builders.js';

// Issue 31: the launch field's read and its sync (services/field.ts).

let counter = 0;
const opId = () => {
  counter += 1;
  return `op-${process.pid}-${Date.now()}-${counter}`;
};

describe(`field sync on ${engine}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let pilotUser: Record<string, string>;
  let teammateUser: Record<string, string>;
  let stranger: Record<string, string>;
  let pilotId: number;
  let teammateId: number;
  const today = operatorToday();

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    ({ headers: admin } = await signIn(t, 'admin'));
    let userId: number;
    ({ headers: pilotUser, userId } = await signIn(t, 'operator'));
    const pilotEmail = (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow())
      .email;
    pilotId = await newPilot(db);
    // Told apart from the account by case only: the e-mail is compared without it.
    await db.updateTable('pilots').set({ email: pilotEmail.toUpperCase() }).where('id', '=', pilotId).execute();
    ({ headers: teammateUser, userId } = await signIn(t, 'operator'));
    const teammateEmail = (
      await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
    ).email;
    teammateId = await newTeammate(db, 'Équipier');
    await db.updateTable('teammates').set({ email: teammateEmail }).where('id', '=', teammateId).execute();
    ({ headers: stranger } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  /** A planned flight of `date` flown by the test pilot, with two weighed passengers. */
  async function dayFlight(date = today, values: Parameters<typeof newFlight>[1] = {}) {
    const { db } = t.database;
    const flightId = await newFlight(db, {
      scheduled_date: date,
      scheduled_time: '06:30:00',
      pilot_id: pilotId,
      balloon_id: await newBalloon(db, { volume: 3000, envelope_temperature: 100, empty_mass: 400, gas_mass: 100 }),
      location_id: await newLocation(db),
      flight_max_altitude: 1000,
      takeoff_temperature: 12,
      ...values,
    });
    const booking = await newBooking(db);
    const passengers = [
      await newPassenger(db, booking, { first_name: 'Léa', weight: 60 }),
      await newPassenger(db, booking, { first_name: 'Marc', weight: 85 }),
    ];
    await register(db, flightId, passengers);
    return { flightId, passengers, booking };
  }

  const sync = (headers: Record<string, string>, operations: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/field/sync', headers, payload: { operations } });
  const results = (response: { json: () => unknown }) => (response.json() as { results: FieldSyncResult[] }).results;
  const flights = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/field/flights', headers });
    expect(response.statusCode).toBe(200);
    return response.json() as FieldFlight[];
  };

  it('lists the flights of today and tomorrow of their pilot, their teammates, and every one for administrators', async () => {
    const mine = await dayFlight();
    const tomorrow = await dayFlight(addDays(today, 1));
    const later = await dayFlight(addDays(today, 2));
    const other = await dayFlight(today, { pilot_id: await newPilot(t.database.db) });
    await t.database.db
      .insertInto('flight_teammates')
      .values({ flight_id: other.flightId, teammate_id: teammateId })
      .execute();

    const pilotIds = (await flights(pilotUser)).map((f) => f.id);
    expect(pilotIds).toContain(mine.flightId);
    expect(pilotIds).toContain(tomorrow.flightId);
    expect(pilotIds).not.toContain(later.flightId);
    expect(pilotIds).not.toContain(other.flightId);
    expect((await flights(teammateUser)).map((f) => f.id)).toEqual([other.flightId]);
    expect(await flights(stranger)).toEqual([]);
    const adminIds = (await flights(admin)).map((f) => f.id);
    expect(adminIds).toEqual(expect.arrayContaining([mine.flightId, tomorrow.flightId, other.flightId]));
    expect(adminIds).not.toContain(later.flightId);

    const shaped = (await flights(pilotUser)).find((f) => f.id === mine.flightId)!;
    expect(shaped.passengers.map((p) => [p.full_name, p.weight, p.is_present, p.is_briefed])).toEqual([
      ['Léa Dupont', 60, null, 0],
      ['Marc Dupont', 85, null, 0],
    ]);
    expect(shaped.inputs).toMatchObject({
      has_balloon: true,
      volume: 3000,
      envelope_temperature: 100,
      pilot_weight: 75,
    });
    expect(shaped.report.takeoff_temperature).toBe(12);
    expect(shaped.lock).toBeNull();

    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/field/flights/${mine.flightId}`,
      headers: stranger,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(FIELD_MESSAGES.notOwn);
    const own = await t.app.inject({ method: 'GET', url: `/api/field/flights/${mine.flightId}`, headers: pilotUser });
    expect(own.statusCode).toBe(200);
  });

  it('applies the writes in the order sent and keeps them in the office’s records and history, marked from the field', async () => {
    const { flightId, passengers } = await dayFlight();
    const [lea, marc] = passengers as [number, number];
    const response = await sync(pilotUser, [
      { id: opId(), flight_id: flightId, passenger_id: lea, field: 'is_present', base: null, value: 1 },
      { id: opId(), flight_id: flightId, passenger_id: marc, field: 'is_present', base: null, value: 0 },
      { id: opId(), flight_id: flightId, passenger_id: lea, field: 'weight', base: 60, value: 64.5 },
      // The same field twice: the second starts from the first's value.
      { id: opId(), flight_id: flightId, passenger_id: lea, field: 'weight', base: 64.5, value: 66 },
      { id: opId(), flight_id: flightId, passenger_id: lea, field: 'is_briefed', base: 0, value: 1 },
      { id: opId(), flight_id: flightId, field: 'takeoff_time', base: null, value: '06:42' },
      { id: opId(), flight_id: flightId, field: 'landing_time', base: null, value: '07:55' },
      { id: opId(), flight_id: flightId, field: 'takeoff_temperature', base: 12, value: 9.5 },
      { id: opId(), flight_id: flightId, field: 'landing_place', base: null, value: ' Pré de Gorze ' },
      {
        id: opId(),
        flight_id: flightId,
        field: 'incidents',
        base: null,
        value: 'Atterrissage un peu dur.\nRAS sinon.',
      },
      { id: opId(), flight_id: flightId, field: 'takeoff_place', base: null, value: 'Champ du moulin' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(results(response).map((r) => r.status)).toEqual(Array(11).fill('applied'));

    const { db } = t.database;
    const weighed = await db.selectFrom('passengers').select('weight').where('id', '=', lea).executeTakeFirstOrThrow();
    expect(Number(weighed.weight)).toBe(66);
    const flight = await db.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirstOrThrow();
    expect([flight.takeoff_time, flight.landing_time, Number(flight.takeoff_temperature)]).toEqual([
      '06:42:00',
      '07:55:00',
      9.5,
    ]);
    const shaped = (await flights(pilotUser)).find((f) => f.id === flightId)!;
    expect(shaped.passengers.map((p) => [p.weight, p.is_present, p.is_briefed])).toEqual([
      [66, 1, 1],
      [85, 0, 0],
    ]);
    expect(shaped.report).toMatchObject({
      takeoff_place: 'Champ du moulin',
      landing_place: 'Pré de Gorze',
      incidents: 'Atterrissage un peu dur.\nRAS sinon.',
    });

    // The office's flight plan reads the new weight and temperature.
    const office = await t.app.inject({
      method: 'GET',
      url: `/api/flights/${flightId}?append=flight_masses`,
      headers: admin,
    });
    const plan = office.json().flight_masses;
    expect(plan.passengers_weight).toBe(151);
    // The device computes the same masses from what it downloaded (everyone on board, as the office's manifest).
    const onDevice = computeFieldMasses(
      shaped.inputs,
      shaped.passengers.map((p) => ({ ...p, is_present: null })),
      shaped.report.takeoff_temperature,
    );
    expect([onDevice.total, onDevice.max_takeoff_mass, onDevice.margin]).toEqual([
      plan.total,
      plan.max_takeoff_mass,
      plan.margin,
    ]);
    expect(onDevice.allowance).toBe(plan.passengers - plan.passengers_weight);
    expect(onDevice.allowance).toBeGreaterThan(0);

    // The office (any signed-in user) reads the boarding the field recorded.
    const boarding = await t.app.inject({
      method: 'GET',
      url: `/api/flights/${flightId}/field-boarding`,
      headers: stranger,
    });
    expect(boarding.statusCode).toBe(200);
    expect(boarding.json()).toEqual({
      takeoff_place: 'Champ du moulin',
      passengers: [
        { passenger_id: lea, full_name: 'Léa Dupont', is_present: 1, is_briefed: 1 },
        { passenger_id: marc, full_name: 'Marc Dupont', is_present: 0, is_briefed: 0 },
      ],
    });

    const history = await db
      .selectFrom('history_entries')
      .select(['resource', 'actor', 'changes'])
      .where('flight_id', '=', flightId)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.resource)).toEqual([
      'field-boardings',
      'field-boardings',
      'passengers',
      'passengers',
      'field-boardings',
      'flights',
      'flights',
      'flights',
      'flights',
      'flights',
      'field-reports',
    ]);
    expect(history.every((h) => h.actor === 'Test operator (depuis le terrain)')).toBe(true);
    expect(JSON.parse(history[2]!.changes)).toEqual({ weight: [60, 64.5] });
  });

  it('never applies a write twice: the same client id sent again is answered as applied, nothing written', async () => {
    const { flightId, passengers } = await dayFlight();
    const write = {
      id: opId(),
      flight_id: flightId,
      passenger_id: passengers[0],
      field: 'weight',
      base: 60,
      value: 70,
    };
    expect(results(await sync(pilotUser, [write]))[0]).toMatchObject({ status: 'applied' });
    // Meanwhile the office corrects it; the device, which never saw the answer, sends the same write again.
    await t.database.db.updateTable('passengers').set({ weight: 72 }).where('id', '=', passengers[0]!).execute();
    const again = results(await sync(pilotUser, [write]))[0];
    expect(again).toMatchObject({ status: 'applied', duplicate: true });
    const row = await t.database.db
      .selectFrom('passengers')
      .select('weight')
      .where('id', '=', passengers[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(row.weight)).toBe(72);
    const entries = await t.database.db
      .selectFrom('history_entries')
      .select('id')
      .where('resource', '=', 'passengers')
      .where('record_id', '=', passengers[0]!)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('answers a field the office changed since the device read it as a conflict, and keeps the office’s value', async () => {
    const { flightId, passengers } = await dayFlight();
    const { db } = t.database;
    await db.updateTable('passengers').set({ weight: 63 }).where('id', '=', passengers[0]!).execute();
    await db.updateTable('flights').set({ takeoff_time: '06:40:00' }).where('id', '=', flightId).execute();
    const answer = results(
      await sync(pilotUser, [
        { id: opId(), flight_id: flightId, passenger_id: passengers[0], field: 'weight', base: 60, value: 65 },
        { id: opId(), flight_id: flightId, field: 'takeoff_time', base: null, value: '06:45' },
        // Same value as the office's: no conflict, nothing to write.
        { id: opId(), flight_id: flightId, field: 'takeoff_temperature', base: 10, value: 12 },
      ]),
    );
    expect(answer.map((r) => r.status)).toEqual(['conflict', 'conflict', 'applied']);
    expect(Number(answer[0]!.current)).toBe(63);
    expect(answer[1]!.current).toBe('06:40:00');
    expect(answer[0]!.reason).toBe(FIELD_MESSAGES.conflict);
    const row = await db
      .selectFrom('passengers')
      .select('weight')
      .where('id', '=', passengers[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(row.weight)).toBe(63);
    // The user chose the field's value: sent again from the office's as its base, it applies.
    const resolved = results(
      await sync(pilotUser, [
        { id: opId(), flight_id: flightId, passenger_id: passengers[0], field: 'weight', base: 63, value: 65 },
      ]),
    );
    expect(resolved[0]!.status).toBe('applied');
  });

  it('refuses writes on a canceled or postponed flight, and the boarding of a realized one, with the reason', async () => {
    const canceled = await dayFlight(today, { flight_status_id: 4 });
    const postponed = await dayFlight(today, { flight_status_id: 3 });
    const realized = await dayFlight(today, { flight_status_id: 2 });
    const answer = results(
      await sync(pilotUser, [
        { id: opId(), flight_id: canceled.flightId, field: 'remarks', base: null, value: 'Vent' },
        { id: opId(), flight_id: postponed.flightId, field: 'takeoff_time', base: null, value: '06:30' },
        {
          id: opId(),
          flight_id: realized.flightId,
          passenger_id: realized.passengers[0],
          field: 'weight',
          base: 60,
          value: 61,
        },
        { id: opId(), flight_id: realized.flightId, field: 'landing_time', base: null, value: '08:00' },
      ]),
    );
    expect(answer.map((r) => [r.status, r.reason ?? null])).toEqual([
      ['refused', FIELD_MESSAGES.canceled],
      ['refused', FIELD_MESSAGES.postponed],
      ['refused', FIELD_MESSAGES.realizedBoarding],
      ['applied', null],
    ]);
    const shaped = (await flights(pilotUser)).find((f) => f.id === canceled.flightId)!;
    expect(shaped.lock).toEqual({ reason: FIELD_MESSAGES.canceled, fields: 'all' });
  });

  it('refuses every write on a flight whose file is sealed (the flight file), with the seal’s reason', async () => {
    const { flightId, passengers } = await dayFlight(today, { flight_status_id: 2 });
    await t.database.db
      .insertInto('flight_records')
      .values({ flight_id: flightId, version: 1, sha256: 'x'.repeat(64), pdf: new Uint8Array([1]), entry: '{}' })
      .execute();
    const answer = results(
      await sync(pilotUser, [
        { id: opId(), flight_id: flightId, field: 'landing_time', base: null, value: '08:00' },
        { id: opId(), flight_id: flightId, passenger_id: passengers[0], field: 'is_briefed', base: 0, value: 1 },
      ]),
    );
    expect(answer.map((r) => r.status)).toEqual(['refused', 'refused']);
    expect(answer[0]!.reason).toBe(SEALED_MESSAGE);
    const shaped = (await flights(pilotUser)).find((f) => f.id === flightId)!;
    expect(shaped.lock).toEqual({ reason: SEALED_MESSAGE, fields: 'all' });
  });

  it('refuses writes on another crew’s flight and on a passenger no longer registered; administrators write any', async () => {
    const { flightId, passengers } = await dayFlight();
    const other = await newPassenger(t.database.db, await newBooking(t.database.db));
    const answer = results(
      await sync(stranger, [{ id: opId(), flight_id: flightId, field: 'remarks', base: null, value: 'Non' }]),
    );
    expect(answer[0]).toMatchObject({ status: 'refused', reason: FIELD_MESSAGES.notOwn });
    const mixed = results(
      await sync(pilotUser, [
        { id: opId(), flight_id: flightId, passenger_id: other, field: 'is_present', base: null, value: 1 },
        { id: opId(), flight_id: 999_999, field: 'remarks', base: null, value: 'x' },
      ]),
    );
    expect(mixed.map((r) => r.reason)).toEqual([FIELD_MESSAGES.notRegistered, FIELD_MESSAGES.notFound]);
    const byAdmin = results(
      await sync(admin, [
        { id: opId(), flight_id: flightId, passenger_id: passengers[1], field: 'is_briefed', base: 0, value: 1 },
      ]),
    );
    expect(byAdmin[0]!.status).toBe('applied');
  });

  it('refuses malformed writes with 422 and French messages, before applying any', async () => {
    const { flightId, passengers } = await dayFlight();
    const bad = [
      [{ id: opId(), flight_id: flightId, passenger_id: passengers[0], field: 'weight', base: 60, value: 900 }],
      [{ id: opId(), flight_id: flightId, field: 'takeoff_place', base: null, value: 'Pré\u0007' }],
      [{ id: opId(), flight_id: flightId, field: 'takeoff_time', base: null, value: '25:00' }],
      [{ id: opId(), flight_id: flightId, field: 'weight', base: null, value: 80 }],
      [{ id: 'x', flight_id: flightId, field: 'remarks', base: null, value: 'ok' }],
      [{ id: opId(), flight_id: flightId, field: 'pilot_id', base: null, value: 1 }],
      Array.from({ length: 201 }, () => ({
        id: opId(),
        flight_id: flightId,
        field: 'remarks',
        base: null,
        value: 'x',
      })),
    ];
    for (const operations of bad) {
      const response = await sync(pilotUser, operations);
      expect(response.statusCode, JSON.stringify(operations[0])).toBe(422);
      expect(typeof response.json().message).toBe('string');
    }
    const report = await t.database.db
      .selectFrom('field_reports')
      .select('id')
      .where('flight_id', '=', flightId)
      .execute();
    expect(report).toEqual([]);
  });
});
