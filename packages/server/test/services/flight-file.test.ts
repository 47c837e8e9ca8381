import crypto from 'node:crypto';
import { FLIGHT_STATUSES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as operatorToday } from '../../src/core/clock.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { SEALED_MESSAGE } from '../../src/services/flight-records.js';
import { createTestApp, createTestDatabase, engine, signIn, type TestApp } from '../helpers.js';
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

// Issue 30, the regulator's flight file: the pilot's currency and the balloon's inspection at their boundaries,
// the fuel and allowance arithmetic against hand-worked examples, the 19-passenger rule, the sealed record (every
// write on a sealed flight refused, the stored bytes and hash unchanged) and its versions.

const REALIZED = FLIGHT_STATUSES.realized.id;
type Item = { code: string; severity: string; message: string };

describe(`flight file on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const compliance = async (flight: number): Promise<Item[]> => {
    const res = await call('GET', `/api/flights/${flight}?append=compliance`);
    expect(res.statusCode).toBe(200);
    return res.json().compliance;
  };
  const codes = async (flight: number, code: string) => (await compliance(flight)).filter((i) => i.code === code);
  const setSetting = async (key: string, value: string) => {
    const { db } = t.database;
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  };
  /** A current pilot (valid licence and medical), so that only the rule under test speaks. */
  const currentPilot = async () => {
    const { db } = t.database;
    const id = await newPilot(db);
    await db
      .updateTable('pilots')
      .set({ licence_number: 'FRA.FCL.123', licence_expires_on: '2030-01-01', medical_expires_on: '2030-01-01' })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const realized = (values: Record<string, unknown>) =>
    newFlight(t.database.db, {
      flight_status_id: REALIZED,
      takeoff_time: '06:45:00',
      landing_time: '07:45:00',
      ...values,
    });

  describe('pilot currency', () => {
    // 180 days before 2026-06-15, by hand: June 15 → May 31 (15 d) → Apr 30 (46) → Mar 31 (76) → Feb 28 (107) →
    // Jan 31 (135) → Dec 31 (166) → Dec 17 (180). A flight on 2025-12-17 counts, one on 2025-12-16 does not.
    it('counts the 3rd flight on the 180th day, not on the 181st', async () => {
      const pilot = await currentPilot();
      await realized({ pilot_id: pilot, scheduled_date: '2026-05-01' });
      await realized({ pilot_id: pilot, scheduled_date: '2026-06-15', scheduled_time: '05:00:00' });
      // Not counted: planned (not realized), later the same day, after the flight.
      await newFlight(t.database.db, { pilot_id: pilot, scheduled_date: '2026-04-01' });
      await realized({ pilot_id: pilot, scheduled_date: '2026-06-15', scheduled_time: '18:00:00' });
      const third = await realized({ pilot_id: pilot, scheduled_date: '2025-12-16' });
      const flight = await newFlight(t.database.db, { pilot_id: pilot, scheduled_date: '2026-06-15' });

      const [item] = await codes(flight, 'pilot_recency');
      expect(item).toMatchObject({ severity: 'error' });
      expect(item?.message).toBe(
        "Amélie Lefèvre n'a effectué que 2 vols dans les 180 jours précédant ce vol (3 requis).",
      );
      await t.database.db
        .updateTable('flights')
        .set({ scheduled_date: '2025-12-17' })
        .where('id', '=', third)
        .execute();
      expect(await codes(flight, 'pilot_recency')).toEqual([]);
      // The setting moves the window: 179 days leaves the 180th day out.
      await setSetting('pilot_recency_days', '179');
      expect(await codes(flight, 'pilot_recency')).toHaveLength(1);
      await setSetting('pilot_recency_days', '180');
      await setSetting('pilot_recency_flights', '4');
      expect(await codes(flight, 'pilot_recency')).toHaveLength(1);
      await setSetting('pilot_recency_flights', '3');
    });

    it('warns on a licence or medical expired before the flight, not on its last day', async () => {
      const { db } = t.database;
      const pilot = await currentPilot();
      for (const day of ['2026-05-01', '2026-05-02', '2026-05-03'])
        await realized({ pilot_id: pilot, scheduled_date: day });
      const flight = await newFlight(db, { pilot_id: pilot, scheduled_date: '2026-06-15' });
      expect(await compliance(flight)).toEqual([]);
      await db
        .updateTable('pilots')
        .set({ licence_expires_on: '2026-06-15', medical_expires_on: '2026-06-14' })
        .where('id', '=', pilot)
        .execute();
      expect(await codes(flight, 'pilot_licence')).toEqual([]);
      expect(await codes(flight, 'pilot_medical')).toEqual([
        {
          code: 'pilot_medical',
          severity: 'error',
          message: "L'aptitude médicale d'Amélie Lefèvre a expiré le 14/06/2026, avant ce vol.",
        },
      ]);
      await db.updateTable('pilots').set({ licence_expires_on: null }).where('id', '=', pilot).execute();
      expect(await codes(flight, 'pilot_licence')).toMatchObject([{ severity: 'warning' }]);
    });
  });

  describe('balloon inspection', () => {
    it('is due 12 months after the last one: the same day still flies, the next day warns', async () => {
      const { db } = t.database;
      const balloon = await newBalloon(db, { last_inspection_on: '2025-06-15', hours_at_last_inspection: 10 });
      const onTheDay = await newFlight(db, { balloon_id: balloon, scheduled_date: '2026-06-15' });
      const dayAfter = await newFlight(db, { balloon_id: balloon, scheduled_date: '2026-06-16' });
      expect(await codes(onTheDay, 'balloon_inspection')).toEqual([]);
      const [item] = await codes(dayAfter, 'balloon_inspection');
      expect(item).toMatchObject({ severity: 'error' });
      expect(item?.message).toContain('échue depuis le 15/06/2026');
    });

    it('is due 100 hours after the last one: hours before the product + realized flights before the flight', async () => {
      const { db } = t.database;
      // Due at 60 + 100 = 160 h. Before the product 158 h; two realized flights of 1 h each before the flight.
      const balloon = await newBalloon(db, {
        hours_before: 158,
        last_inspection_on: '2026-01-10',
        hours_at_last_inspection: 60,
      });
      await realized({ balloon_id: balloon, scheduled_date: '2026-03-01' });
      const second = await realized({
        balloon_id: balloon,
        scheduled_date: '2026-03-02',
        takeoff_time: '06:00:00',
        landing_time: '06:59:00',
      });
      const flight = await newFlight(db, { balloon_id: balloon, scheduled_date: '2026-04-01' });
      // 158 + 1 + 59/60 = 159.98 h: not yet.
      expect(await codes(flight, 'balloon_inspection')).toEqual([]);
      await db.updateTable('flights').set({ landing_time: '07:00:00' }).where('id', '=', second).execute();
      // 158 + 1 + 1 = 160 h: due.
      const [item] = await codes(flight, 'balloon_inspection');
      expect(item?.message).toContain('échue à 160 h (le ballon en compte 160)');
      const log = await call('GET', `/api/balloons/${balloon}/technical-log`);
      expect(log.statusCode).toBe(200);
      expect(log.json()).toMatchObject({
        hours_before: 158,
        hours_flown: 2,
        hours_total: 160,
        next_inspection_on: '2027-01-10',
        next_inspection_hours: 160,
        totals: { flights: 2, minutes: 120 },
      });
      expect(log.json().rows.map((r: { kind: string }) => r.kind)).toEqual(['inspection', 'flight', 'flight']);
      const csv = await call('GET', `/api/balloons/${balloon}/technical-log?format=csv`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toBe(
        "\uFEFFDate;Événement;Pilote;Lieu de décollage;Heure de décollage;Lieu d'atterrissage;Heure d'atterrissage;Durée (min);Heures cumulées;Passagers;Incidents",
      );
      expect(csv.body).toContain('10/01/2026;Visite;;;;;;;60;;');
    });

    it('keeps every inspection: the technical log lists them with the flights, the latest is the last one', async () => {
      const { db } = t.database;
      // Entered on the balloon's form before any inspection was recorded: kept in the history ('Autre visite').
      const balloon = await newBalloon(db, { last_inspection_on: '2025-03-01', hours_at_last_inspection: 20 });
      await realized({ balloon_id: balloon, scheduled_date: '2025-05-01' });
      const annual = await call('POST', `/api/balloons/${balloon}/inspections`, {
        inspected_on: '2026-02-20',
        kind: 'annual',
        hours: 95.5,
        inspector: 'Atelier Ballons Sud',
        remarks: 'Enveloppe et brûleurs conformes.',
      });
      expect(annual.statusCode).toBe(201);
      expect(annual.json()).toMatchObject({ inspected_on: '2026-02-20', kind: 'annual', hours: 95.5 });
      // A 100-hour inspection entered late, older than the annual one: listed, the last one stays the annual.
      const late = await call('POST', `/api/balloons/${balloon}/inspections`, {
        inspected_on: '2025-05-01',
        kind: 'hours_100',
        hours: 40,
        inspector: 'J. Martin',
      });
      expect(late.statusCode).toBe(201);
      const stored = await db
        .selectFrom('balloons')
        .select(['last_inspection_on', 'hours_at_last_inspection'])
        .where('id', '=', balloon)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ last_inspection_on: '2026-02-20', hours_at_last_inspection: 95.5 });

      const log = (await call('GET', `/api/balloons/${balloon}/technical-log`)).json();
      expect(log).toMatchObject({ last_inspection_on: '2026-02-20', hours_at_last_inspection: 95.5 });
      // 2026-02-20 + 12 months; 95.5 + 100 h.
      expect(log).toMatchObject({ next_inspection_on: '2027-02-20', next_inspection_hours: 195.5 });
      expect(
        log.rows.map((r: { kind: string; date: string; inspection_kind?: string | null }) =>
          r.kind === 'flight' ? `vol ${r.date}` : `${r.inspection_kind ?? 'inconnue'} ${r.date}`,
        ),
      ).toEqual(['other 2025-03-01', 'vol 2025-05-01', 'hours_100 2025-05-01', 'annual 2026-02-20']);
      const csv = (await call('GET', `/api/balloons/${balloon}/technical-log?format=csv`)).body;
      expect(csv).toContain('01/03/2025;Autre visite;;;;;;;20;;');
      expect(csv).toContain('01/05/2025;Visite des 100 heures, par J. Martin;;;;;;;40;;');
      expect(csv).toContain(
        '20/02/2026;Visite annuelle (12 mois), par Atelier Ballons Sud : Enveloppe et brûleurs conformes.;;;;;;;95,5;;',
      );

      // The next inspection due follows the recorded one: the compliance check of a flight reads it.
      const flight = await newFlight(db, { balloon_id: balloon, scheduled_date: '2027-02-21' });
      const [item] = await codes(flight, 'balloon_inspection');
      expect(item?.message).toContain('échue depuis le 20/02/2027');
    });

    it('refuses an inspection without date or kind, out of bounds, or of an unknown balloon, in French', async () => {
      const balloon = await newBalloon(t.database.db);
      const missing = await call('POST', `/api/balloons/${balloon}/inspections`, { hours: 10 });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        inspected_on: ['Ce champ est obligatoire.'],
        kind: ['Type de visite inconnu.'],
      });
      const wrong = await call('POST', `/api/balloons/${balloon}/inspections`, {
        inspected_on: '2026-02-30',
        kind: 'weekly',
        hours: -1,
        inspector: 'x'.repeat(121),
      });
      expect(wrong.statusCode).toBe(422);
      const text = JSON.stringify(wrong.json());
      for (const message of ['Date invalide (AAAA-MM-JJ).', 'Type de visite inconnu.', '120 caractères'])
        expect(text).toContain(message);
      const unknown = await call('POST', '/api/balloons/999999/inspections', {
        inspected_on: '2026-01-01',
        kind: 'annual',
      });
      expect(unknown.statusCode).toBe(404);
      expect(
        await t.database.db.selectFrom('balloon_inspections').select('id').where('balloon_id', '=', balloon).execute(),
      ).toEqual([]);
    });
  });

  describe("the plan's arithmetic", () => {
    async function planFlight(balloonValues: Record<string, unknown>, flightValues: Record<string, unknown> = {}) {
      const { db } = t.database;
      const balloon = await newBalloon(db, {
        hourly_consumption: 40,
        flying_time: 90,
        reserve_time: null,
        ...balloonValues,
      });
      return newFlight(db, { balloon_id: balloon, ...flightValues });
    }
    const masses = async (flight: number) =>
      (await call('GET', `/api/flights/${flight}?append=flight_masses`)).json().flight_masses;

    it('fuel needed = consumption × (planned time + reserve 30 min, 15 with one cylinder)', async () => {
      // Two cylinders: 40 kg/h × (90 + 30) min / 60 = 80 kg. 80 kg loaded is enough; 79.5 is not.
      const two = await planFlight({ cylinders: 2 }, { fuel_loaded: 80 });
      expect((await masses(two)).fuel).toMatchObject({ reserve_minutes: 30, needed: 80, is_ok: true });
      expect(await codes(two, 'fuel_reserve')).toEqual([]);
      await t.database.db.updateTable('flights').set({ fuel_loaded: 79.5 }).where('id', '=', two).execute();
      const [item] = await codes(two, 'fuel_reserve');
      expect(item).toEqual({
        code: 'fuel_reserve',
        severity: 'error',
        message:
          'Carburant embarqué insuffisant : 79,5 kg pour 80 kg nécessaires (40 kg/h × (90 min + 30 min) / 60 = 80 kg).',
      });
      // One cylinder: 40 × (90 + 15) / 60 = 70 kg.
      const one = await planFlight({ cylinders: 1 }, { fuel_loaded: 70 });
      expect((await masses(one)).fuel).toMatchObject({ reserve_minutes: 15, needed: 70, is_ok: true });
      // The balloon's own reserve, when longer, is kept: 40 × (90 + 45) / 60 = 90 kg.
      const own = await planFlight({ cylinders: 2, reserve_time: 45 }, { fuel_loaded: 89 });
      expect((await masses(own)).fuel).toMatchObject({ reserve_minutes: 45, needed: 90, is_ok: false });
    });

    it('adds the allowance (4 + 3 kg by default) to each declared weight', async () => {
      const { db } = t.database;
      const flight = await planFlight({});
      const booking = await newBooking(db, { passengers_number: 3 });
      await register(db, flight, [
        await newPassenger(db, booking, { weight: 82.5 }),
        await newPassenger(db, booking, { weight: 61 }),
        await newPassenger(db, booking, { weight: 70 }),
      ]);
      // 82.5 + 61 + 70 = 213.5 declared; + 3 × (4 + 3) = 21 → 234.5 kg.
      expect(await masses(flight)).toMatchObject({
        passengers: 234.5,
        allowance: { per_passenger: 7, total: 234.5 },
      });
      // 5 + 2.5 kg: 213.5 + 3 × 7.5 = 236 kg.
      await setSetting('ofp_allowance_clothing', '5');
      await setSetting('ofp_allowance_baggage', '2.5');
      expect((await masses(flight)).passengers).toBe(236);
      await setSetting('ofp_allowance_clothing', '4');
      await setSetting('ofp_allowance_baggage', '3');
      const refused = await call('PUT', '/api/settings/ofp_allowance_clothing', { value: 51 });
      expect([403, 422]).toContain(refused.statusCode);
    });

    it('warns past 19 passengers without a second crew member on board', async () => {
      const { db } = t.database;
      const flight = await planFlight({ passengers: 30 });
      const booking = await newBooking(db, { passengers_number: 20 });
      const passengers: number[] = [];
      for (let i = 0; i < 20; i++) passengers.push(await newPassenger(db, booking));
      await register(db, flight, passengers.slice(0, 19));
      expect(await codes(flight, 'crew_count')).toEqual([]);
      await register(db, flight, passengers.slice(19));
      expect(await codes(flight, 'crew_count')).toEqual([
        {
          code: 'crew_count',
          severity: 'error',
          message: "20 passagers : au-delà de 19, un second membre d'équipage doit être à bord.",
        },
      ]);
      // A teammate of the flight is the retrieve crew on the ground until marked on board: still 1 on board.
      const driver = await newTeammate(db);
      const second = await newTeammate(db);
      await db
        .insertInto('flight_teammates')
        .values([
          { flight_id: flight, teammate_id: driver },
          { flight_id: flight, teammate_id: second },
        ])
        .execute();
      expect(await codes(flight, 'crew_count')).toHaveLength(1);
      expect((await call('GET', `/api/flights/${flight}/crew`)).json().crew).toEqual({
        passengers_count: 20,
        crew_on_board: 1,
        is_ok: false,
      });
      // One of the two on board: pilot + 1 = 2 crew members for 20 passengers.
      const marked = await call('PUT', `/api/flights/${flight}/crew`, { on_board: [second] });
      expect(marked.statusCode).toBe(200);
      expect(marked.json().crew).toEqual({ passengers_count: 20, crew_on_board: 2, is_ok: true });
      expect(marked.json().teammates.map((m: { id: number; on_board: number }) => [m.id, m.on_board])).toEqual(
        expect.arrayContaining([
          [driver, 0],
          [second, 1],
        ]),
      );
      expect(await codes(flight, 'crew_count')).toEqual([]);
      expect((await call('GET', `/api/flights/${flight}?append=flight_masses`)).json().flight_masses.crew).toEqual({
        passengers_count: 20,
        crew_on_board: 2,
        is_ok: true,
      });
      // Saving the flight's teammates again (the flight's form) keeps who is on board.
      const saved = await call('PUT', `/api/flights/${flight}`, { teammates: [driver, second] });
      expect(saved.statusCode).toBe(200);
      expect(await codes(flight, 'crew_count')).toEqual([]);
      // Back on the ground: the warning again.
      await call('PUT', `/api/flights/${flight}/crew`, { on_board: [] });
      expect(await codes(flight, 'crew_count')).toHaveLength(1);
    });

    it('marks on board only teammates of the flight, in French', async () => {
      const { db } = t.database;
      const flight = await newFlight(db);
      const stranger = await newTeammate(db);
      const refused = await call('PUT', `/api/flights/${flight}/crew`, { on_board: [stranger] });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ on_board: ["Un équipier coché n'est pas de l'équipe de ce vol."] });
      const malformed = await call('PUT', `/api/flights/${flight}/crew`, { on_board: 'tous' });
      expect(malformed.statusCode).toBe(422);
      expect((await call('PUT', '/api/flights/999999/crew', { on_board: [] })).statusCode).toBe(404);
    });
  });

  describe('the sealed record', () => {
    async function completeFlight() {
      const { db } = t.database;
      const flight = await realized({
        scheduled_date: '2026-07-01',
        pilot_id: await currentPilot(),
        balloon_id: await newBalloon(db, { registration_number: 'F-HABC', hourly_consumption: 40, flying_time: 60 }),
        location_id: await newLocation(db),
        landing_place: 'Champ de la Ferme Martin',
        takeoff_temperature: 12,
        flight_max_altitude: 900,
        fuel_loaded: 80,
        remarks: 'Vol calme',
      });
      const booking = await newBooking(db, { passengers_number: 2 });
      const first = await newPassenger(db, booking, { weight: 70 });
      const second = await newPassenger(db, booking, { weight: 64 });
      await register(db, flight, [first]);
      return { flight, booking, first, second };
    }
    const sha = (body: Buffer) => crypto.createHash('sha256').update(body).digest('hex');

    it('answers 409 with the missing fields while the flight is not realized or incomplete', async () => {
      const { db } = t.database;
      const planned = await newFlight(db);
      const res = await call('POST', `/api/flights/${planned}/records`);
      expect(res.statusCode).toBe(409);
      expect(res.json().missing).toEqual(expect.arrayContaining(['flight_status_id', 'pilot_id', 'fuel_loaded']));
      const { flight } = await completeFlight();
      await db
        .updateTable('flights')
        .set({ landing_place: null, fuel_loaded: null })
        .where('id', '=', flight)
        .execute();
      const incomplete = await call('POST', `/api/flights/${flight}/records`);
      expect(incomplete.statusCode).toBe(409);
      expect(incomplete.json()).toEqual({
        message: "Le dossier ne peut pas être clôturé : il manque lieu d'atterrissage, carburant embarqué.",
        missing: ['landing_place', 'fuel_loaded'],
      });
      expect(await db.selectFrom('flight_records').select('id').where('flight_id', '=', flight).execute()).toEqual([]);
    });

    it('seals the plan and the logbook entry; every write on the flight is then refused, the bytes unchanged', async () => {
      const { db } = t.database;
      const { flight, first, second } = await completeFlight();
      const note = (await call('POST', '/api/flight-notes', { flight_id: flight, content: 'Avant clôture' })).json();
      const sealed = await call('POST', `/api/flights/${flight}/records`);
      expect(sealed.statusCode).toBe(201);
      const record = sealed.json();
      expect(Object.keys(record).sort()).toEqual(['created_at', 'id', 'sha256', 'version']);
      expect(record.version).toBe(1);
      const pdf = await call('GET', `/api/flights/${flight}/records/${record.id}.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(sha(pdf.rawPayload)).toBe(record.sha256);
      const stored = await db
        .selectFrom('flight_records')
        .selectAll()
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(stored.entry)).toMatchObject({
        balloon_registration: 'F-HABC',
        landing_place: 'Champ de la Ferme Martin',
        duration: 60,
        passengers: 1,
        remarks: 'Vol calme',
      });

      const registration = await db
        .selectFrom('registrations')
        .select('id')
        .where('flight_id', '=', flight)
        .executeTakeFirstOrThrow();
      const refused = [
        await call('PUT', `/api/flights/${flight}`, { landing_place: 'Ailleurs' }),
        await call('PUT', `/api/flights/${flight}`, { flight_status_id: FLIGHT_STATUSES.planned.id }),
        await call('PUT', `/api/flights/${flight}`, { takeoff_time: '06:50:00' }),
        await call('DELETE', `/api/flights/${flight}`),
        await call('POST', '/api/registrations', { flight_id: flight, passenger_id: second }),
        await call('DELETE', `/api/registrations/${registration.id}`),
        await call('POST', '/api/flight-notes', { flight_id: flight, content: 'Après clôture' }),
        await call('PUT', `/api/flight-notes/${note.id}`, { content: 'Changée' }),
        await call('DELETE', `/api/flight-notes/${note.id}`),
        await call('PUT', `/api/passengers/${first}`, { weight: 95 }),
        await call('POST', `/api/flights/${flight}/postpone`, { send_mail: 0 }),
        await call('PUT', `/api/flights/${flight}/crew`, { on_board: [] }),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(SEALED_MESSAGE);
      }
      // What is not a mass of the flight still changes: the passenger's phone.
      expect((await call('PUT', `/api/passengers/${first}`, { phone: '0601020304' })).statusCode).toBe(200);
      // Sealed once: a second seal is refused, the stored bytes and hash are the same.
      const again = await call('POST', `/api/flights/${flight}/records`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('déjà clôturé (version 1)');
      const after = await db.selectFrom('flight_records').selectAll().where('flight_id', '=', flight).execute();
      expect(after).toHaveLength(1);
      expect(after[0]?.sha256).toBe(record.sha256);
      expect(Buffer.from(after[0]!.pdf).equals(Buffer.from(stored.pdf))).toBe(true);
      const flightRow = await db.selectFrom('flights').selectAll().where('id', '=', flight).executeTakeFirstOrThrow();
      expect(flightRow).toMatchObject({
        landing_place: 'Champ de la Ferme Martin',
        takeoff_time: '06:45:00',
        flight_status_id: REALIZED,
      });
      const passenger = await db
        .selectFrom('passengers')
        .select('weight')
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(passenger.weight).toBe(70);
      // No delete route for records.
      expect((await call('DELETE', `/api/flights/${flight}/records/${record.id}.pdf`)).statusCode).toBe(404);
    });

    it('corrects by a new linked version with its reason, the old one kept as it was', async () => {
      const { db } = t.database;
      const { flight } = await completeFlight();
      const v1 = (await call('POST', `/api/flights/${flight}/records`)).json();
      const v1Pdf = (await call('GET', `/api/flights/${flight}/records/${v1.id}.pdf`)).rawPayload;
      expect((await call('POST', `/api/flights/${flight}/records/correction`, { reason: '' })).statusCode).toBe(422);
      const opened = await call('POST', `/api/flights/${flight}/records/correction`, {
        reason: "Lieu d'atterrissage mal saisi",
      });
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({ sealed: false, correction_reason: "Lieu d'atterrissage mal saisi" });
      expect((await call('PUT', `/api/flights/${flight}`, { landing_place: 'Pré du Moulin' })).statusCode).toBe(200);
      const v2 = await call('POST', `/api/flights/${flight}/records`);
      expect(v2.statusCode).toBe(201);
      expect(v2.json().version).toBe(2);
      expect(v2.json().sha256).not.toBe(v1.sha256);
      const list = (await call('GET', `/api/flights/${flight}/records`)).json();
      expect(list.sealed).toBe(true);
      expect(list.records).toMatchObject([
        { version: 2, previous_record_id: v1.id, reason: "Lieu d'atterrissage mal saisi" },
        { version: 1, previous_record_id: null, reason: null, sha256: v1.sha256 },
      ]);
      const v1Again = (await call('GET', `/api/flights/${flight}/records/${v1.id}.pdf`)).rawPayload;
      expect(v1Again.equals(v1Pdf)).toBe(true);
      expect(sha(v1Again)).toBe(v1.sha256);
      const entry = await db
        .selectFrom('flight_records')
        .select('entry')
        .where('id', '=', v2.json().id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.entry).landing_place).toBe('Pré du Moulin');
      expect((await call('PUT', `/api/flights/${flight}`, { landing_place: 'Encore' })).statusCode).toBe(409);
      // A record of another flight is not found through this one.
      const other = await newFlight(db);
      expect((await call('GET', `/api/flights/${other}/records/${v1.id}.pdf`)).statusCode).toBe(404);
    });
  });

  describe('the planning card and the dashboard', () => {
    it('carry the warnings of each flight', async () => {
      const { db } = t.database;
      const today = operatorToday();
      const pilot = await newPilot(db);
      const flight = await newFlight(db, { pilot_id: pilot, scheduled_date: today, scheduled_time: '23:00:00' });
      const day = await call('POST', '/api/planning/day', { day: today });
      const item = day.json().items.find((i: { id: number; kind: string }) => i.kind === 'flight' && i.id === flight);
      expect(item.compliance.map((i: Item) => i.code)).toEqual(['pilot_recency', 'pilot_licence', 'pilot_medical']);
      const dashboard = await call('GET', '/api/dashboard');
      expect(dashboard.statusCode).toBe(200);
      const card = dashboard.json().flights.find((f: { id: number }) => f.id === flight);
      expect(card.compliance.map((i: Item) => i.code)).toEqual(['pilot_recency', 'pilot_licence', 'pilot_medical']);
    });
  });

  describe('the pilot logbook', () => {
    it('lists the realized flights with totals, in JSON, CSV and PDF', async () => {
      const { db } = t.database;
      const pilot = await currentPilot();
      const balloon = await newBalloon(db, { registration_number: 'F-GXYZ' });
      const location = await newLocation(db);
      await realized({
        pilot_id: pilot,
        balloon_id: balloon,
        location_id: location,
        scheduled_date: '2026-05-02',
        landing_time: '08:10:00',
        landing_place: 'Saint-Jean',
        remarks: 'Turbulences',
      });
      const second = await realized({ pilot_id: pilot, balloon_id: balloon, scheduled_date: '2026-05-20' });
      const booking = await newBooking(db, { passengers_number: 2 });
      await register(db, second, [await newPassenger(db, booking), await newPassenger(db, booking)]);
      await newFlight(db, { pilot_id: pilot, scheduled_date: '2026-05-25' });

      const res = await call('GET', `/api/pilots/${pilot}/logbook`);
      expect(res.statusCode).toBe(200);
      const logbook = res.json();
      expect(logbook.entries).toHaveLength(2);
      expect(logbook.entries[0]).toMatchObject({
        date: '2026-05-02',
        balloon_registration: 'F-GXYZ',
        takeoff_time: '06:45:00',
        landing_time: '08:10:00',
        landing_place: 'Saint-Jean',
        duration: 85,
        passengers: 0,
        remarks: 'Turbulences',
      });
      expect(logbook.totals).toEqual({ flights: 2, minutes: 145, passengers: 2 });
      expect(logbook.entries[0].takeoff_place).toMatch(/^Site /);
      // The place the crew noted on the launch field (issue 31) is the logbook's takeoff place.
      await db.insertInto('field_reports').values({ flight_id: second, takeoff_place: 'Champ du Moulin' }).execute();
      const fromField = (await call('GET', `/api/pilots/${pilot}/logbook`)).json();
      expect(fromField.entries[1].takeoff_place).toBe('Champ du Moulin');
      const ranged = await call('GET', `/api/pilots/${pilot}/logbook?from=2026-05-10&to=2026-05-31`);
      expect(ranged.json().entries).toHaveLength(1);
      expect((await call('GET', `/api/pilots/${pilot}/logbook?from=2026-13-01`)).statusCode).toBe(422);
      expect((await call('GET', `/api/pilots/${pilot}/logbook?format=xls`)).statusCode).toBe(400);
      const csv = await call('GET', `/api/pilots/${pilot}/logbook?format=csv`);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.split('\r\n');
      expect(lines[1]).toContain('02/05/2026;F-GXYZ;');
      expect(lines[1]).toContain(';06:45;Saint-Jean;08:10;85;0;');
      expect(lines[3]).toBe('Total;2 vols;;;;;;;145;2;2 h 25;;');
      const pdf = await call('GET', `/api/pilots/${pilot}/logbook?format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await call('GET', '/api/pilots/987654/logbook')).statusCode).toBe(404);
    });
  });
});

describe(`migration 0031 on ${engine}`, () => {
  it("carries an operator's stored passenger supplement over as the clothing allowance, masses unchanged", async () => {
    const database = await createTestDatabase('0029_voucher_rules');
    try {
      const { db } = database;
      await db
        .insertInto('settings')
        .values({ key: 'ofp_passenger_supplement', value: '6.5' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '6.5' }))
        .execute();
      await migrateToLatest(db, database.dialect);
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', ['ofp_passenger_supplement', 'ofp_allowance_clothing', 'ofp_allowance_baggage'])
        .orderBy('key')
        .execute();
      expect(rows).toEqual([
        { key: 'ofp_allowance_baggage', value: '0' },
        { key: 'ofp_allowance_clothing', value: '6.5' },
        { key: 'ofp_passenger_supplement', value: '0' },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
