import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPilot, newTeammate } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// The ten reference-data resources of the other-data area (their fields, required fields and calls), through
// the real HTTP routes: validation (422 naming the field), exclusive is_default, deletion refused while the record
// is used (409 naming how many rows use it, nothing deleted), and the default list orders.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in each assertion
type Answer = { status: number; body: any };
type Send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<Answer>;

const REQUIRED = 'Ce champ est obligatoire.';

type Case = {
  endpoint: string;
  /** A complete valid payload. */
  valid: Record<string, unknown>;
  /** The fields a create needs. */
  required: string[];
  hasDefault: boolean;
  /** Makes `count` rows elsewhere use record `id`. */
  use: (db: Kysely<DB>, id: number, count: number) => Promise<void>;
  /** The refusal message for `count` uses. */
  refusal: (count: number) => string;
};

const times = async (count: number, run: () => Promise<unknown>) => {
  for (let i = 0; i < count; i += 1) await run();
};
const bookingsWith = (column: string) => (db: Kysely<DB>, id: number, count: number) =>
  times(count, () => newBooking(db, { [column]: id }));
const flightsWith = (column: string) => (db: Kysely<DB>, id: number, count: number) =>
  times(count, () => newFlight(db, { [column]: id }));
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const CASES: Case[] = [
  {
    endpoint: 'balloons',
    valid: {
      label: 'F-HBAL Cameron',
      is_default: 0,
      passengers: 8,
      takeoff_max_mass: 1950,
      landing_min_mass: 700,
      empty_mass: 520,
      market_mass: 680,
      registration_number: 'F-HBAL',
      type: 'Cameron Z-315',
      volume: 9000,
      gas_mass: 140,
      envelope_temperature: 100,
      hourly_consumption: 45,
      autonomy_time: 150,
      flying_time: 75,
      reserve_time: 30,
    },
    required: ['label', 'passengers', 'takeoff_max_mass'],
    hasDefault: true,
    use: flightsWith('balloon_id'),
    refusal: (n) => `Ce ballon est utilisé par ${plural(n, 'vol', 'vols')} : suppression impossible.`,
  },
  {
    endpoint: 'booking-origins',
    valid: { label: 'Office de tourisme' },
    required: ['label'],
    hasDefault: false,
    use: bookingsWith('booking_origin_id'),
    refusal: (n) =>
      `Cette origine est utilisée par ${plural(n, 'réservation', 'réservations')} : suppression impossible.`,
  },
  {
    endpoint: 'business-providers',
    valid: { label: 'Comité d’entreprise Airbus' },
    required: ['label'],
    hasDefault: false,
    use: bookingsWith('business_provider_id'),
    refusal: (n) => `Cet apporteur est associé à ${plural(n, 'réservation', 'réservations')} : suppression impossible.`,
  },
  {
    endpoint: 'flight-types',
    valid: { label: 'Vol privatif', is_default: 0 },
    required: ['label'],
    hasDefault: true,
    use: flightsWith('flight_type_id'),
    refusal: (n) => `Ce type de vol est utilisé par ${plural(n, 'vol', 'vols')} : suppression impossible.`,
  },
  {
    endpoint: 'locations',
    valid: {
      label: 'Château de Chenonceau',
      is_default: 0,
      is_restrictive: 0,
      takeoff_altitude: 62,
      flight_max_altitude: 1200,
      risk_factors: 'Lignes haute tension au nord.',
    },
    required: ['label'],
    hasDefault: true,
    use: bookingsWith('location_id'),
    refusal: (n) =>
      `Ce lieu de vol est utilisé par ${plural(n, 'réservation', 'réservations')} : suppression impossible.`,
  },
  {
    endpoint: 'passenger-types',
    valid: { label: 'Enfant' },
    required: ['label'],
    hasDefault: false,
    use: async (db, id, count) => {
      const booking = await newBooking(db);
      await times(count, () => newPassenger(db, booking, { passenger_type_id: id }));
    },
    refusal: (n) => `Cette qualité est attribuée à ${plural(n, 'passager', 'passagers')} : suppression impossible.`,
  },
  {
    endpoint: 'payment-methods',
    valid: { label: 'Chèque vacances' },
    required: ['label'],
    hasDefault: false,
    use: bookingsWith('payment_method_id'),
    refusal: (n) =>
      `Ce moyen de paiement est utilisé par ${plural(n, 'réservation', 'réservations')} : suppression impossible.`,
  },
  {
    endpoint: 'pilots',
    valid: {
      first_name: 'Amélie',
      last_name: 'Lefèvre',
      is_default: 0,
      email: 'amelie@example.test',
      phone: '06 12 34 56 78',
      weight: 68,
      bag_weight: 8,
    },
    required: ['first_name', 'last_name'],
    hasDefault: true,
    use: flightsWith('pilot_id'),
    refusal: (n) => `Ce pilote est affecté à ${plural(n, 'vol', 'vols')} : suppression impossible.`,
  },
  {
    endpoint: 'prestations',
    valid: { label: 'Vol découverte', is_default: 0, ticket_template_id: null },
    required: ['label'],
    hasDefault: true,
    use: bookingsWith('prestation_id'),
    refusal: (n) =>
      `Cette prestation est utilisée par ${plural(n, 'réservation', 'réservations')} : suppression impossible.`,
  },
  {
    endpoint: 'teammates',
    valid: { first_name: 'Paul', last_name: 'Girard', email: 'paul@example.test', phone: '07 98 76 54 32' },
    required: ['first_name', 'last_name'],
    hasDefault: false,
    use: async (db, id, count) => {
      await times(count, async () => {
        const flight = await newFlight(db);
        await db.insertInto('flight_teammates').values({ flight_id: flight, teammate_id: id }).execute();
      });
    },
    refusal: (n) => `Cet équipier est affecté à ${plural(n, 'vol', 'vols')} : suppression impossible.`,
  },
];

/** One record's payload with a distinct text in its first required field (labels, last names). */
const variant = (c: Case, suffix: string): Record<string, unknown> => {
  const field = c.required[0] as string;
  return { ...c.valid, [field]: `${c.valid[field]} ${suffix}` };
};

describe(`reference data on ${engine}`, () => {
  let t: TestApp;
  let send: Send;
  let db: Kysely<DB>;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.database.db;
    const { headers } = await signIn(t, 'operator');
    send = async (method, url, payload) => {
      const response = await t.app.inject({
        method,
        url,
        headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    };
  });
  afterAll(() => t.close());

  const create = async (c: Case, payload: Record<string, unknown>): Promise<number> => {
    const answer = await send('POST', `/api/${c.endpoint}`, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  };

  describe.each(CASES)('$endpoint', (c) => {
    it('refuses a payload without its required fields, naming each one', async () => {
      const empty = await send('POST', `/api/${c.endpoint}`, {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual([...c.required].sort());
      for (const field of c.required) expect(empty.body.errors[field]).toEqual([REQUIRED]);

      // A text of blanks is no text; an update may not empty a required field either.
      const textField = c.required[0] as string;
      const blank = await send('POST', `/api/${c.endpoint}`, { ...c.valid, [textField]: '   ' });
      expect(blank.status).toBe(422);
      expect(blank.body.errors).toEqual({ [textField]: [REQUIRED] });
      const id = await create(c, variant(c, 'requis'));
      const cleared = await send('PUT', `/api/${c.endpoint}/${id}`, { [textField]: '' });
      expect(cleared.status).toBe(422);
      expect(cleared.body.errors).toEqual({ [textField]: [REQUIRED] });
    });

    it('refuses an unknown field, naming it', async () => {
      const answer = await send('POST', `/api/${c.endpoint}`, { ...c.valid, colour: 'rouge' });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ colour: ['Champ non autorisé.'] });
    });

    it('creates with every field, then changes only the fields sent', async () => {
      const id = await create(c, c.valid);
      const read = await send('GET', `/api/${c.endpoint}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id, ...c.valid });

      const field = c.required[0] as string;
      const updated = await send('PUT', `/api/${c.endpoint}/${id}`, { [field]: 'Nouveau nom' });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ ...c.valid, [field]: 'Nouveau nom' });
    });

    it.runIf(c.hasDefault)('keeps at most one default: setting one clears the previous', async () => {
      const first = await create(c, { ...variant(c, 'A'), is_default: 1 });
      const second = await create(c, { ...variant(c, 'B'), is_default: 1 });
      const defaults = async () =>
        (await send('GET', `/api/${c.endpoint}?filters=${encodeURIComponent('is_default|=|1')}`)).body.map(
          (row: { id: number }) => row.id,
        );
      expect(await defaults()).toEqual([second]);

      const back = await send('PUT', `/api/${c.endpoint}/${first}`, { is_default: 1 });
      expect(back.status).toBe(200);
      expect(back.body.is_default).toBe(1);
      expect(await defaults()).toEqual([first]);

      // Editing another field of the default keeps it the default; switching it off leaves none.
      const field = c.required[0] as string;
      await send('PUT', `/api/${c.endpoint}/${first}`, { [field]: `${c.valid[field]} A bis` });
      expect(await defaults()).toEqual([first]);
      await send('PUT', `/api/${c.endpoint}/${first}`, { is_default: 0 });
      expect(await defaults()).toEqual([]);
    });

    it('refuses to delete a record still in use, says how much uses it, and keeps it', async () => {
      const once = await create(c, variant(c, 'une fois'));
      await c.use(db, once, 1);
      const refusedOnce = await send('DELETE', `/api/${c.endpoint}/${once}`);
      expect(refusedOnce.status).toBe(409);
      expect(refusedOnce.body.message).toBe(c.refusal(1));

      const id = await create(c, variant(c, 'utilisé'));
      await c.use(db, id, 3);
      const refused = await send('DELETE', `/api/${c.endpoint}/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(c.refusal(3));
      expect((await send('GET', `/api/${c.endpoint}/${id}`)).status).toBe(200);
    });

    it('deletes a record nothing uses', async () => {
      const id = await create(c, variant(c, 'libre'));
      expect((await send('DELETE', `/api/${c.endpoint}/${id}`)).status).toBe(204);
      expect((await send('GET', `/api/${c.endpoint}/${id}`)).status).toBe(404);
    });
  });

  describe('balloons', () => {
    it('answers its flights count on the summary read (GET /api/balloons/{id}?count=flights)', async () => {
      const balloon = await newBalloon(db);
      await newFlight(db, { balloon_id: balloon });
      await newFlight(db, { balloon_id: balloon });
      await newFlight(db, { balloon_id: await newBalloon(db) });
      const answer = await send('GET', `/api/balloons/${balloon}?count=flights`);
      expect(answer.status).toBe(200);
      expect(answer.body.flights_count).toBe(2);
    });

    it('needs at least one passenger and a positive takeoff mass; masses are never negative', async () => {
      const base = CASES[0]!.valid;
      const answer = await send('POST', '/api/balloons', {
        ...base,
        passengers: 0,
        takeoff_max_mass: 0,
        empty_mass: -5,
        volume: -1,
      });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors).sort()).toEqual([
        'empty_mass',
        'passengers',
        'takeoff_max_mass',
        'volume',
      ]);
      const decimals = await send('POST', '/api/balloons', { ...base, passengers: 2.5 });
      expect(decimals.status).toBe(422);
      expect(Object.keys(decimals.body.errors)).toEqual(['passengers']);
    });
  });

  describe('locations', () => {
    it('are restrictive unless told otherwise', async () => {
      const answer = await send('POST', '/api/locations', { label: 'Amboise' });
      expect(answer.status).toBe(201);
      expect(answer.body.is_restrictive).toBe(1);
      expect(answer.body.is_default).toBe(0);
    });

    it('refuses deletion while flights take off there, even without bookings', async () => {
      const location = await newLocation(db);
      await newFlight(db, { location_id: location });
      const answer = await send('DELETE', `/api/locations/${location}`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Ce lieu de vol est utilisé par 1 vol : suppression impossible.');
    });
  });

  describe('prestations', () => {
    it('keep an optional shop reference (SKU), unique accents, case, spaces and dashes aside (issue 27)', async () => {
      const taken = 'Cette référence est déjà utilisée par une autre prestation.';
      const first = await send('POST', '/api/prestations', { label: 'Vol crépuscule', shop_sku: 'VOL-CRÉPUSCULE' });
      expect(first.status).toBe(201);
      expect(first.body.shop_sku).toBe('VOL-CRÉPUSCULE');
      const twin = await send('POST', '/api/prestations', { label: 'Vol aube', shop_sku: ' vol crepuscule' });
      expect(twin.status).toBe(422);
      expect(twin.body).toEqual({ message: taken, errors: { shop_sku: [taken] } });
      const second = await send('POST', '/api/prestations', { label: 'Vol aube', shop_sku: 'VOL-AUBE' });
      expect(second.status).toBe(201);
      const clash = await send('PUT', `/api/prestations/${second.body.id}`, { shop_sku: 'VOL-CRÉPUSCULE' });
      expect(clash.status).toBe(422);
      expect(clash.body.errors).toEqual({ shop_sku: [taken] });
      // Its own reference written again, or none, is no clash; none twice neither.
      expect((await send('PUT', `/api/prestations/${first.body.id}`, { shop_sku: 'vol-crépuscule' })).status).toBe(200);
      expect((await send('PUT', `/api/prestations/${first.body.id}`, { shop_sku: '' })).body.shop_sku).toBeNull();
      expect((await send('PUT', `/api/prestations/${second.body.id}`, { shop_sku: null })).status).toBe(200);
      const tooLong = await send('POST', '/api/prestations', { label: 'Vol long', shop_sku: 'X'.repeat(101) });
      expect(tooLong.status).toBe(422);
      expect(Object.keys(tooLong.body.errors)).toEqual(['shop_sku']);
    });
  });

  describe('pilots and teammates', () => {
    it.each(['pilots', 'teammates'])('%s: email checked, phone spaced in pairs', async (endpoint) => {
      const bad = await send('POST', `/api/${endpoint}`, { first_name: 'A', last_name: 'B', email: 'pas-un-email' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ email: ['Adresse e-mail invalide.'] });
      const good = await send('POST', `/api/${endpoint}`, { first_name: 'A', last_name: 'B', phone: '06.12-345678' });
      expect(good.status).toBe(201);
      expect(good.body.phone).toBe('06 12 34 56 78');
      expect(good.body.full_name).toBe('A B');
    });

    it('a pilot weight is never negative', async () => {
      const answer = await send('POST', '/api/pilots', { first_name: 'A', last_name: 'B', weight: -70 });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['weight']);
    });

    it('a pilot on flights cannot be deleted; a free one can', async () => {
      const pilot = await newPilot(db);
      await newFlight(db, { pilot_id: pilot });
      expect((await send('DELETE', `/api/pilots/${pilot}`)).status).toBe(409);
      const teammate = await newTeammate(db);
      expect((await send('DELETE', `/api/teammates/${teammate}`)).status).toBe(204);
    });
  });

  describe('list orders of the reference lists', () => {
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

    it('teammates by last name then first name, asked or by default', async () => {
      const created = {
        zoeA: await create(CASES[9]!, { first_name: 'Zoé', last_name: 'Aubert' }),
        adamB: await create(CASES[9]!, { first_name: 'Adam', last_name: 'Bernard' }),
        annaA: await create(CASES[9]!, { first_name: 'Anna', last_name: 'Aubert' }),
      };
      const expected = [created.annaA, created.zoeA, created.adamB];
      const mine = (rows: { id: number }[]) => ids(rows).filter((id) => expected.includes(id));
      const asked = await send('GET', `/api/teammates?order=${encodeURIComponent('last_name|ASC,first_name|ASC')}`);
      expect(mine(asked.body)).toEqual(expected);
      expect(mine((await send('GET', '/api/teammates')).body)).toEqual(expected);
    });

    it.each([
      ['prestations', 'label|ASC'],
      ['passenger-types', 'label|asc'],
    ])('%s by label (order=%s)', async (endpoint, order) => {
      const c = CASES.find((item) => item.endpoint === endpoint)!;
      const made: number[] = [];
      for (const label of ['Tri C', 'Tri A', 'Tri B']) made.push(await create(c, { ...c.valid, label }));
      const answer = await send('GET', `/api/${endpoint}?order=${encodeURIComponent(order)}`);
      expect(answer.status).toBe(200);
      const mine = ids(answer.body).filter((id: number) => made.includes(id));
      expect(mine).toEqual([made[1], made[2], made[0]]);
    });

    it.each(
      CASES.map((c) => [c.endpoint, c]),
    )('%s in French alphabetical order: accents and case aside, by default and when asked', async (_endpoint, c) => {
      // Byte order would give 'Zèbre', 'avion', 'Écureuil': uppercase before lowercase, 'É' after 'z'.
      const field = c.required.includes('label') ? 'label' : 'last_name';
      const words = ['Zèbre', 'Écureuil', 'avion', 'Ours'];
      const made: Record<string, number> = {};
      for (const word of words) made[word] = await create(c, { ...c.valid, [field]: `${word} ${engine}` });
      const expected = ['avion', 'Écureuil', 'Ours', 'Zèbre'].map((word) => made[word]);
      const mine = (rows: { id: number }[]) => ids(rows).filter((id) => Object.values(made).includes(id));
      expect(mine((await send('GET', `/api/${c.endpoint}`)).body)).toEqual(expected);
      const asked = await send('GET', `/api/${c.endpoint}?order=${encodeURIComponent(`${field}|DESC`)}`);
      expect(mine(asked.body)).toEqual([...expected].reverse());
    });

    it('lists page by 10 with their filters (the data list)', async () => {
      const c = CASES.find((item) => item.endpoint === 'payment-methods')!;
      for (let i = 1; i <= 12; i += 1) await create(c, { label: `Page ${String(i).padStart(2, '0')}` });
      const query = `filters=${encodeURIComponent('label|like|~page~')}&order=${encodeURIComponent('label|DESC')}&page=2`;
      const answer = await send('GET', `/api/payment-methods?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(12);
      expect(answer.body.data.map((row: { label: string }) => row.label)).toEqual(['Page 02', 'Page 01']);
    });
  });
});
