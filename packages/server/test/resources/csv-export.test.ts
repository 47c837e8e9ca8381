import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_CHUNK } from '../../src/engine/list.js';
import { apiToken } from '../auth/support.js';
import { newBooking, newCustomer, newLocation, newPassenger } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// CSV export of every list (issue 12 part 4): `format=csv` or `Accept: text/csv` on a list endpoint answers every
// row of its filters and order, `;`-separated, UTF-8 with a BOM, French headers, DD/MM/YYYY dates.

/** A minimal reader of what we write: `;` cells, `"` quoting with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe(`CSV export on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const STATUS = 2; // every booking of this file is 'en cours'; other files' rows cannot reach its filters
  let firstId = 0;
  const total = EXPORT_CHUNK * 2 + 7; // three chunks, the last one partial

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    const { db } = t.database;
    const location = await newLocation(db, { label: 'Château-Thierry' });
    const customer = await newCustomer(db, { first_name: 'Zoé', last_name: 'Lefèvre', customer_type_id: 1 });
    firstId = await newBooking(db, {
      number: 'CSV-0001',
      booking_status_id: STATUS,
      booked_at: '2026-04-05',
      total_amount: 420.5,
      remaining_amount: 0,
      has_pre_flight_infos: 1,
      customer_id: customer,
      location_id: location,
    });
    await newPassenger(db, firstId, { first_name: 'Zoé', last_name: '=HYPERLINK("http://evil")', is_referent: 1 });
    await db
      .insertInto('requested_dates')
      .values([
        { booking_id: firstId, date: '2026-06-14' },
        { booking_id: firstId, date: '2026-06-21' },
      ])
      .execute();
    await newBooking(db, { number: 'CSV-0002', number_alt: 'Coffret; "Évasion"', booking_status_id: STATUS });
    const rows = Array.from({ length: total - 2 }, (_, i) => ({
      number: `CSV-${String(i + 3).padStart(4, '0')}`,
      passengers_number: 1 + (i % 4),
      booking_status_id: STATUS,
      booked_at: `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('bookings')
        .values(rows.slice(i, i + 200))
        .execute();
  });
  afterAll(() => t.close());

  const statusFilter = encodeURIComponent(`booking_status_id|=|${STATUS}`);
  const get = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });

  it('answers every row of the filters and order, with the columns asked, as a French spreadsheet reads them', async () => {
    const columns = encodeURIComponent(
      JSON.stringify([
        ['Numéro', 'number'],
        ['N° alternatif', 'number_alt'],
        ['Client', 'customer.last_name'],
        ['Lieu', 'location.label'],
        ['Dates souhaitées', 'requested_dates.date'],
        ["Date d'achat", 'booked_at'],
        ['Total', 'total_amount'],
        ['Infos pré-vol', 'has_pre_flight_infos'],
        ['Référent', 'referent_passenger.last_name'],
        ['Créée le', 'created_at'],
      ]),
    );
    const response = await get(
      `/api/bookings?format=csv&filters=${statusFilter}&order=number&page=3&columns=${columns}`,
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = response.rawPayload;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Numéro',
      'N° alternatif',
      'Client',
      'Lieu',
      'Dates souhaitées',
      "Date d'achat",
      'Total',
      'Infos pré-vol',
      'Référent',
      'Créée le',
    ]);
    // Every row, not a page (`page` is ignored), in the order asked.
    expect(rows.length - 1).toBe(total);
    const numbers = rows.slice(1).map((r) => r[0]);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(total);
    expect(rows[1]).toEqual([
      'CSV-0001',
      '',
      'Lefèvre',
      'Château-Thierry',
      '14/06/2026, 21/06/2026',
      '05/04/2026',
      '420,5',
      'Oui',
      // A cell a spreadsheet would run as a formula starts with a quote.
      `'=HYPERLINK("http://evil")`,
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    ]);
    expect(rows[2]?.[1]).toBe('Coffret; "Évasion"');
    expect(text).toContain('"Coffret; ""Évasion"""');
    expect(rows[2]?.[7]).toBe('Non');
  });

  it('answers CSV to Accept: text/csv, every answered field under its own name without `columns`', async () => {
    const response = await get(`/api/bookings?filters=${statusFilter}&order=${encodeURIComponent('number|DESC')}`, {
      accept: 'text/csv',
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toContain('number');
    expect(rows[0]).toContain('booked_at');
    expect(rows.length - 1).toBe(total);
    const number = rows[0]?.indexOf('number') as number;
    expect(rows.at(-1)?.[number]).toBe('CSV-0001');
    // JSON stays the default answer.
    const json = await get(`/api/bookings?filters=${statusFilter}&page=1`);
    expect(json.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses bad columns, formats and queries with a French 400 before sending any byte', async () => {
    const bad = [
      'format=xml',
      'format=csv&columns=notjson',
      `format=csv&columns=${encodeURIComponent('{"a":1}')}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify([['Numéro', 'password_hash']]))}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify([['Client', 'customer.nope']]))}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify([['Client', 'customer.__proto__']]))}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify([['Num\u0000', 'number']]))}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify([['x', 'a.b.c.d']]))}`,
      `format=csv&columns=${encodeURIComponent(JSON.stringify(Array.from({ length: 61 }, () => ['N', 'number'])))}`,
      `format=csv&columns=${'x'.repeat(9000)}`,
      'format=csv&filters=nope~~1',
      'format=csv&unknown=1',
    ];
    for (const query of bad) {
      const response = await get(`/api/bookings?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type'], query).toMatch(/application\/json/);
      expect(typeof response.json().message, query).toBe('string');
    }
  });

  it('keeps the list rules: a session is needed, an API key reads only what its scope lets it read', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/bookings?format=csv' });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await apiToken(t);
    const auth = { authorization: `Bearer ${token}` };
    const refused = await t.app.inject({ method: 'GET', url: '/api/bookings?format=csv', headers: auth });
    expect(refused.statusCode).toBe(403);
    const flights = await t.app.inject({ method: 'GET', url: '/api/flights?format=csv', headers: auth });
    expect(flights.statusCode, flights.body).toBe(200);
    const header = parseCsv(flights.body.slice(1))[0];
    expect(header).toContain('scheduled_date');
    expect(header).not.toContain('pilot_id');
    const named = encodeURIComponent(JSON.stringify([['Pilote', 'pilot_id']]));
    const pilot = await t.app.inject({ method: 'GET', url: `/api/flights?format=csv&columns=${named}`, headers: auth });
    expect(pilot.statusCode).toBe(400);
  });
});
