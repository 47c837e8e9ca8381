import fs from 'node:fs';
import path from 'node:path';
import { BOUNDS, type Bound, boundMessage, CONTROL_CHARACTER } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/auth/session-format.js';
import { validateOrder } from '../../src/services/order-import.js';
import { SETTING_KINDS } from '../../src/services/settings.js';
import { mapWooOrder } from '../../src/services/woocommerce.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPilot } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { enableImport, jsonOrder, newPrestation, tempDir } from '../remote-orders/support.js';

// Issue 26: every number a write carries has a range (domain BOUNDS), out of it a 422 naming the range and nothing
// written; one-line texts refuse the bidirectional controls that show a name reversed, on every route.

type Table = 'passengers' | 'pilots' | 'balloons' | 'flights' | 'locations' | 'bookings' | 'settings' | 'users';

describe(`bounds of numbers and names on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let booking: number;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    t = await createTestApp({ config: { remoteOrdersDir: dir } });
    ({ headers } = await signIn(t, 'su'));
    booking = await newBooking(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
    t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  /** Every row of the table, to compare before and after a refused write. */
  const rows = (table: Table) => t.database.db.selectFrom(table).selectAll().orderBy('id').execute();

  const writes: [string, Table, () => Promise<Record<string, unknown>>, string, Bound][] = [
    [
      '/api/passengers',
      'passengers',
      async () => ({ booking_id: booking, ticket_number: 'T-1', first_name: 'A', last_name: 'B' }),
      'weight',
      BOUNDS.passengerWeight,
    ],
    [
      '/api/passengers',
      'passengers',
      async () => ({ booking_id: booking, ticket_number: 'T-2', first_name: 'A', last_name: 'B' }),
      'age',
      BOUNDS.passengerAge,
    ],
    ['/api/pilots', 'pilots', async () => ({ first_name: 'A', last_name: 'B' }), 'weight', BOUNDS.pilotWeight],
    ['/api/pilots', 'pilots', async () => ({ first_name: 'A', last_name: 'B' }), 'bag_weight', BOUNDS.bagWeight],
    [
      '/api/balloons',
      'balloons',
      async () => ({ label: 'B', takeoff_max_mass: 1800 }),
      'passengers',
      BOUNDS.balloonCapacity,
    ],
    [
      '/api/balloons',
      'balloons',
      async () => ({ label: 'B', passengers: 4 }),
      'takeoff_max_mass',
      BOUNDS.takeoffMaxMass,
    ],
    ...(['landing_min_mass', 'empty_mass', 'market_mass', 'gas_mass'] as const).map(
      (field) =>
        [
          '/api/balloons',
          'balloons',
          async () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1800 }),
          field,
          BOUNDS.balloonMass,
        ] as [string, Table, () => Promise<Record<string, unknown>>, string, Bound],
    ),
    [
      '/api/balloons',
      'balloons',
      async () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1800 }),
      'volume',
      BOUNDS.volume,
    ],
    [
      '/api/balloons',
      'balloons',
      async () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1800 }),
      'envelope_temperature',
      BOUNDS.envelopeTemperature,
    ],
    [
      '/api/balloons',
      'balloons',
      async () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1800 }),
      'hourly_consumption',
      BOUNDS.hourlyConsumption,
    ],
    ...(['autonomy_time', 'flying_time', 'reserve_time'] as const).map(
      (field) =>
        [
          '/api/balloons',
          'balloons',
          async () => ({ label: 'B', passengers: 4, takeoff_max_mass: 1800 }),
          field,
          BOUNDS.duration,
        ] as [string, Table, () => Promise<Record<string, unknown>>, string, Bound],
    ),
    [
      '/api/flights',
      'flights',
      async () => ({ scheduled_date: '2026-07-01', scheduled_time: '07:00' }),
      'takeoff_temperature',
      BOUNDS.takeoffTemperature,
    ],
    [
      '/api/flights',
      'flights',
      async () => ({ scheduled_date: '2026-07-01', scheduled_time: '07:00' }),
      'flight_max_altitude',
      BOUNDS.altitude,
    ],
    ['/api/locations', 'locations', async () => ({ label: 'L' }), 'takeoff_altitude', BOUNDS.altitude],
    ['/api/locations', 'locations', async () => ({ label: 'L' }), 'flight_max_altitude', BOUNDS.altitude],
    ['/api/bookings', 'bookings', async () => ({ number: 'BND-1' }), 'passengers_number', BOUNDS.bookingPassengers],
    ...(['paid_amount', 'total_amount', 'remaining_amount'] as const).map(
      (field) =>
        [
          '/api/bookings',
          'bookings',
          async () => ({ number: 'BND-2', passengers_number: 2 }),
          field,
          BOUNDS.amount,
        ] as [string, Table, () => Promise<Record<string, unknown>>, string, Bound],
    ),
  ];

  it.each(
    writes.map(([url, table, base, field, bound]) => [url, field, table, base, bound] as const),
  )('POST %s refuses %s out of range (422 naming it, nothing written)', async (url, field, table, base, bound) => {
    const step = bound.isInteger ? 1 : 0.01;
    const before = await rows(table);
    for (const value of [bound.min - step, bound.max + step, 1e308, -1e308]) {
      const response = await send('POST', url, { ...(await base()), [field]: value });
      expect(response.statusCode, `${field} = ${value}`).toBe(422);
      expect(response.json().errors, `${field} = ${value}`).toEqual({ [field]: [boundMessage(bound)] });
    }
    expect(await rows(table)).toEqual(before);
    // Both ends are fine.
    for (const value of [bound.min, bound.max]) {
      const response = await send('POST', url, {
        ...(await base()),
        [field]: value,
        ...(table === 'bookings' ? { number: `BND-${field}-${value}` } : {}),
        ...(table === 'passengers' ? { ticket_number: `T-${field}-${value}` } : {}),
      });
      expect(response.statusCode, `${field} = ${value}: ${response.body}`).toBe(201);
      expect(response.json()[field]).toBe(value);
    }
  });

  it('refuses the changes of the issue on existing records (PUT), the record unchanged', async () => {
    const { db } = t.database;
    const passenger = await newPassenger(db, booking);
    const pilot = await newPilot(db);
    const balloon = await newBalloon(db);
    const flight = await newFlight(db, { balloon_id: balloon, pilot_id: pilot });
    const location = await newLocation(db);
    const before = await Promise.all((['passengers', 'pilots', 'balloons', 'flights', 'locations'] as const).map(rows));
    for (const [url, payload, field, bound] of [
      [`/api/passengers/${passenger}`, { weight: -400 }, 'weight', BOUNDS.passengerWeight],
      [`/api/passengers/${passenger}`, { weight: 1e308 }, 'weight', BOUNDS.passengerWeight],
      [`/api/pilots/${pilot}`, { weight: 1e308 }, 'weight', BOUNDS.pilotWeight],
      [`/api/balloons/${balloon}`, { takeoff_max_mass: 1e308 }, 'takeoff_max_mass', BOUNDS.takeoffMaxMass],
      [`/api/balloons/${balloon}`, { volume: 1e308 }, 'volume', BOUNDS.volume],
      [`/api/flights/${flight}`, { takeoff_temperature: -273 }, 'takeoff_temperature', BOUNDS.takeoffTemperature],
      [`/api/locations/${location}`, { takeoff_altitude: 1e308 }, 'takeoff_altitude', BOUNDS.altitude],
    ] as const) {
      const response = await send('PUT', url, payload);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ [field]: [boundMessage(bound)] });
    }
    expect(
      await Promise.all((['passengers', 'pilots', 'balloons', 'flights', 'locations'] as const).map(rows)),
    ).toEqual(before);
    expect(boundMessage(BOUNDS.passengerWeight)).toBe('Le poids doit être compris entre 1 et 300 kg.');
  });

  it('refuses a number JSON reads as Infinity (1e309), and a fractional age', async () => {
    const before = await rows('passengers');
    const infinite = await t.app.inject({
      method: 'POST',
      url: '/api/passengers',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"booking_id": ${booking}, "ticket_number": "T-INF", "first_name": "A", "last_name": "B", "weight": 1e309}`,
    });
    expect(infinite.statusCode).toBe(422);
    expect(Object.keys(infinite.json().errors)).toEqual(['weight']);
    const fractional = await send('POST', '/api/passengers', {
      booking_id: booking,
      ticket_number: 'T-FRAC',
      first_name: 'A',
      last_name: 'B',
      age: 12.5,
    });
    expect(fractional.statusCode).toBe(422);
    expect(fractional.json().errors).toEqual({ age: ['Nombre entier attendu.'] });
    expect(await rows('passengers')).toEqual(before);
  });

  it('bounds the numeric settings, one at a time and in a batch, nothing written', async () => {
    const before = await rows('settings');
    const numberKeys = Object.entries(SETTING_KINDS)
      .filter(([, kind]) => kind === 'number')
      .map(([key]) => key);
    expect(numberKeys.sort()).toEqual([
      'backup_keep',
      'balloon_inspection_hours',
      'balloon_inspection_months',
      'ofp_allowance_baggage',
      'ofp_allowance_clothing',
      'ofp_passenger_supplement',
      'ofp_pilot_bag_default',
      'pilot_recency_days',
      'pilot_recency_flights',
      'validity_rule_attempts_count',
      'validity_rule_near_expiry_days',
      'validity_rule_refund_count',
    ]);
    for (const key of numberKeys) {
      for (const value of [1e308, -1, '1e308', 'Infinity']) {
        const response = await send('PUT', `/api/settings/${key}`, { value });
        expect(response.statusCode, `${key} = ${value}`).toBe(422);
      }
    }
    const supplement = await send('PUT', '/api/settings/ofp_passenger_supplement', { value: 51 });
    expect(supplement.json().errors).toEqual({
      value: ['Le supplément par passager doit être compris entre 0 et 50 kg.'],
    });
    const batch = await send('PUT', '/api/settings', {
      settings: { ofp_passenger_supplement: 5, ofp_pilot_bag_default: 101 },
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json().errors).toEqual({
      'settings.ofp_pilot_bag_default': ['Le poids du sac doit être compris entre 0 et 100 kg.'],
    });
    expect(await rows('settings')).toEqual(before);
    const fine = await send('PUT', '/api/settings/ofp_passenger_supplement', { value: 50 });
    expect(fine.statusCode).toBe(200);
  });

  describe('bidirectional controls in one-line fields', () => {
    const reversed = 'Dupont\u202etnoD';

    it('are refused by the generic writes (names, labels, numbers), nothing written', async () => {
      const before = await Promise.all((['passengers', 'pilots', 'balloons', 'bookings'] as const).map(rows));
      for (const [url, payload, field] of [
        [
          '/api/passengers',
          { booking_id: booking, ticket_number: 'BIDI-1', first_name: 'A', last_name: reversed },
          'last_name',
        ],
        [
          '/api/passengers',
          { booking_id: booking, ticket_number: 'BIDI-\u2066', first_name: 'A', last_name: 'B' },
          'ticket_number',
        ],
        ['/api/pilots', { first_name: 'Jean\u200f', last_name: 'B' }, 'first_name'],
        ['/api/balloons', { label: 'F-\u2067HBLM', passengers: 4, takeoff_max_mass: 1800 }, 'label'],
        ['/api/bookings', { number: '2026-\u061c00001', passengers_number: 1 }, 'number'],
      ] as const) {
        const response = await send('POST', url, payload);
        expect(response.statusCode, url).toBe(422);
        expect(response.json().errors, url).toEqual({ [field]: [CONTROL_CHARACTER] });
      }
      expect(await Promise.all((['passengers', 'pilots', 'balloons', 'bookings'] as const).map(rows))).toEqual(before);
      // A note (multi-line) keeps right-to-left marks.
      const note = await send('POST', '/api/booking-notes', { booking_id: booking, content: 'Nom : \u200fשרה' });
      expect(note.statusCode).toBe(201);
    });

    it('are refused by users, profile, settings, API keys, login and the public registration requests', async () => {
      const usersBefore = await rows('users');
      const settingsBefore = await rows('settings');
      const user = await send('POST', '/api/users', {
        first_name: 'Anne',
        last_name: reversed,
        email: 'anne.bidi@example.test',
        role_id: 3,
      });
      expect(user.statusCode).toBe(422);
      expect(Object.keys(user.json().errors)).toEqual(['last_name']);
      const profile = await send('PUT', '/api/profile', {
        first_name: '\u202dAdmin',
        last_name: 'B',
        email: 'profile.bidi@example.test',
      });
      expect(profile.statusCode).toBe(422);
      expect(Object.keys(profile.json().errors)).toEqual(['first_name']);
      const setting = await send('PUT', '/api/settings/company_name', { value: 'Ballons \u202eSA' });
      expect(setting.statusCode).toBe(422);
      expect(setting.json().errors).toEqual({ value: [CONTROL_CHARACTER] });
      const apiClient = await send('POST', '/api/api-clients', { name: 'Partenaire\u2068' });
      expect(apiClient.statusCode).toBe(422);
      expect(await rows('users')).toEqual(usersBefore);
      expect(await rows('settings')).toEqual(settingsBefore);
      expect(await t.database.db.selectFrom('api_clients').select('id').execute()).toEqual([]);

      const login = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { cookie: `${CSRF_COOKIE}=x`, [CSRF_HEADER]: 'x' },
        payload: { email: 'admin\u202e@example.test', password: 'motdepasse' },
      });
      expect(login.statusCode).toBe(422);
      expect(login.json().errors).toEqual({ email: [CONTROL_CHARACTER] });

      const flight = await newFlight(t.database.db, { is_public: 1 });
      const request = await t.app.inject({
        method: 'POST',
        url: '/api/public/registration-requests',
        payload: { flight_id: flight, booking_number: 'B-1', last_name: reversed },
      });
      expect(request.statusCode).toBe(422);
      expect(request.json().errors).toEqual({ last_name: [CONTROL_CHARACTER] });
      expect(await t.database.db.selectFrom('registration_requests').select('id').execute()).toEqual([]);
    });
  });

  describe('orders from outside', () => {
    it('a partner file: an out-of-range weight or a reversed name is dropped and reported, the passenger stored without it', async () => {
      const { db } = t.database;
      await enableImport(db);
      await newPrestation(db);
      const order = jsonOrder({
        order_id: 'BND-77',
        passengers: [
          { first_name: 'Claire', last_name: 'Martin', weight: -400, age: 41 },
          { first_name: 'Paul', last_name: 'Martin', weight: 1e308, age: 121 },
          { first_name: 'Léa', last_name: 'Mar\u202etin', weight: 62 },
        ],
        passengers_count: 3,
      });
      fs.writeFileSync(path.join(dir, 'bnd-77.json'), JSON.stringify(order));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/remote-orders/import',
        headers,
        payload: { file: 'bnd-77.json' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'partial',
        errors: [
          'Passager 1, poids : nombre entre 1 et 300 attendu.',
          'Passager 2, poids : nombre entre 1 et 300 attendu.',
          'Passager 2, âge : nombre entre 0 et 120 attendu.',
          'Passager 3, nom : caractères de contrôle interdits.',
        ],
      });
      const passengers = await db
        .selectFrom('passengers')
        .select(['first_name', 'last_name', 'weight', 'age'])
        .where('booking_id', '=', response.json().booking.id)
        .orderBy('id')
        .execute();
      expect(passengers).toEqual([
        { first_name: 'Claire', last_name: 'Martin', weight: null, age: 41 },
        { first_name: 'Paul', last_name: 'Martin', weight: null, age: null },
        { first_name: 'Léa', last_name: null, weight: 62, age: null },
      ]);
    });

    it('an online-shop order: an out-of-range weight or age is stored unknown, bidirectional controls taken out', () => {
      const mapped = mapWooOrder({
        id: 9,
        total: '120.00',
        date_created_gmt: '2026-05-15T10:00:00',
        billing: { first_name: 'Jean\u202e', last_name: 'Dupont' },
        line_items: [
          {
            name: 'Vol',
            sku: 'VOL',
            quantity: 3,
            meta_data: [
              { key: 'passager_1_nom', value: 'Dup\u2066ont' },
              { key: 'passager_1_poids', value: '-400' },
              { key: 'passager_1_age', value: '12,5' },
              { key: 'passager_2_nom', value: 'Roux' },
              { key: 'passager_2_poids', value: '1e308' },
              { key: 'passager_2_age', value: '0' },
              { key: 'passager_3_nom', value: 'Roy' },
              { key: 'passager_3_poids', value: '80,5' },
              { key: 'passager_3_age', value: '' },
            ],
          },
        ],
      } as Parameters<typeof mapWooOrder>[0]);
      if (!('order' in mapped)) throw new Error(JSON.stringify(mapped));
      expect(mapped.order.buyer.first_name).toBe('Jean');
      expect(mapped.order.passengers).toEqual([
        { first_name: null, last_name: 'Dupont', email: null, phone: null, weight: null, age: null },
        { first_name: null, last_name: 'Roux', email: null, phone: null, weight: null, age: 0 },
        { first_name: null, last_name: 'Roy', email: null, phone: null, weight: 80.5, age: null },
      ]);
      expect(validateOrder(mapped.order)).toEqual([]);
    });

    it('an order whose amount is out of range or has a third decimal is refused with the reason', () => {
      const order = {
        source: 'partner' as const,
        orderId: 'X-1',
        origin: 'Smartbox',
        purchaseDate: '2026-05-02',
        prestation: { label: 'Vol' },
        passengerCount: 1,
        amountPaid: 10.005,
        amountTotal: 2_000_000,
        buyer: { first_name: 'A', last_name: 'B', email: null, phone: null },
        passengers: [{ first_name: 'A', last_name: 'B', email: null, phone: null, weight: 80, age: 30.5 }],
      };
      expect(validateOrder(order)).toEqual([
        'Montant payé : 2 décimales au maximum.',
        'Montant total : nombre entre 0 et 1000000 attendu.',
        'Passager 1, âge : entier attendu.',
      ]);
    });
  });
});
