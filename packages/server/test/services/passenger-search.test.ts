import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { link, newBooking, newFlight, newPassenger, register } from './builders.js';

type Result = {
  id: number;
  number: string;
  passengers: { id: number; full_name: string; is_registered: boolean }[];
  linked_bookings: { id: number; passengers: { id: number; is_registered: boolean }[] }[];
};

describe(`passenger search for a flight on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let flight: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    const { db } = t.database;
    flight = await newFlight(db);
    ids.lefevre = await newBooking(db, { number: '2026-00101', number_alt: 'WEB-5521' });
    ids.helene = await newPassenger(db, ids.lefevre, {
      first_name: 'Hélène',
      last_name: 'Lefèvre',
      is_referent: 1,
      ticket_number: '2026-00101-01',
      phone: '06 12 34 56 78',
    });
    ids.marc = await newPassenger(db, ids.lefevre, { first_name: 'Marc', last_name: 'Lefèvre', phone: null });
    ids.linked = await newBooking(db, { number: '2026-00102' });
    ids.camille = await newPassenger(db, ids.linked, { first_name: 'Camille', last_name: 'Durand' });
    await link(db, ids.linked, ids.lefevre);
    ids.other = await newBooking(db, { number: '2026-00200' });
    ids.oceane = await newPassenger(db, ids.other, {
      first_name: 'Océane',
      last_name: 'Bœuf-Garçon',
      phone: '07.89.12.34.56',
      ticket_number: 'KDO-778',
    });
    await register(db, flight, [ids.helene, ids.camille]);
  });
  afterAll(() => t.close());

  const search = async (text: string, flightId = flight) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/passengers-for-flight',
      headers,
      payload: { search: text, flight_id: flightId },
    });
    return res;
  };
  const numbers = async (text: string) => (await search(text)).json().map((b: Result) => b.number);

  it('finds bookings by passenger name without caring about accents or case', async () => {
    expect(await numbers('lefevre')).toEqual(['2026-00101']);
    expect(await numbers('LEFÈVRE')).toEqual(['2026-00101']);
    expect(await numbers('helene lef')).toEqual(['2026-00101']);
    expect(await numbers('Ocean')).toEqual(['2026-00200']);
    expect(await numbers('garcon')).toEqual(['2026-00200']);
  });

  it('needs every word in the first or last name, in any order', async () => {
    expect(await numbers('lefevre helene')).toEqual(['2026-00101']);
    expect(await numbers('marc lefèvre')).toEqual(['2026-00101']);
    expect(await numbers('helene')).toEqual(['2026-00101']);
    expect(await numbers('océane lefèvre')).toEqual([]);
    const { db } = t.database;
    const booking = await newBooking(db, { number: '2026-00300' });
    await newPassenger(db, booking, { first_name: 'Yann', last_name: 'Le Gall' });
    expect(await numbers('le gall')).toEqual(['2026-00300']);
    expect(await numbers('gall yann')).toEqual(['2026-00300']);
  });

  it('finds by ticket number, booking number, alternative number and # lookup', async () => {
    expect(await numbers('kdo-778')).toEqual(['2026-00200']);
    expect(await numbers('00101-01')).toEqual(['2026-00101']);
    expect(await numbers('2026-00200')).toEqual(['2026-00200']);
    expect(await numbers('web-5521')).toEqual(['2026-00101']);
    expect(await numbers('#00102')).toEqual(['2026-00102']);
    // A # lookup looks at booking numbers only, never at names.
    expect(await numbers('#Lefèvre')).toEqual([]);
  });

  it('finds by phone, comparing digits without spaces, dots or dashes', async () => {
    expect(await numbers('0612345678')).toEqual(['2026-00101']);
    expect(await numbers('06 12 34')).toEqual(['2026-00101']);
    expect(await numbers('07-89-12')).toEqual(['2026-00200']);
    expect(await numbers('12 34 56')).toEqual(['2026-00200', '2026-00101']);
  });

  it('answers each booking with its passengers, marks those on the flight, and adds linked bookings', async () => {
    const [booking] = (await search('lefevre')).json() as Result[];
    expect(booking!.passengers.map((p) => [p.id, p.full_name, p.is_registered])).toEqual([
      [ids.helene, 'Hélène Lefèvre', true],
      [ids.marc, 'Marc Lefèvre', false],
    ]);
    expect(booking!.linked_bookings).toHaveLength(1);
    expect(booking!.linked_bookings[0]!.id).toBe(ids.linked);
    expect(booking!.linked_bookings[0]!.passengers).toMatchObject([{ id: ids.camille, is_registered: true }]);
    const other = await newFlight(t.database.db);
    const [onOtherFlight] = (await search('lefevre', other)).json() as Result[];
    expect(onOtherFlight!.passengers.every((p) => !p.is_registered)).toBe(true);
  });

  // The whole answer, field by field (built by the database as JSON: services/passenger-search.ts answerOf): the
  // status, the referent (the lowest id of two, without is_registered), the passengers referent first then by id,
  // and the linked bookings from either side of a link, each once, oldest link first, never the booking itself.
  it('answers the whole booking: status, referent, passengers in order, linked bookings from both sides once', async () => {
    const { db } = t.database;
    const main = await newBooking(db, { number: 'FORME-1', number_alt: null, booked_at: '2026-04-02' });
    const second = await newPassenger(db, main, { first_name: 'Zoé', last_name: 'Kervella', weight: 61.5, age: 34 });
    const referent = await newPassenger(db, main, {
      first_name: 'Yves',
      last_name: 'Kervella',
      is_referent: 1,
      email: 'yves@example.fr',
      department: '29',
      ticket_number: 'FORME-1-01',
    });
    const alsoReferent = await newPassenger(db, main, { first_name: null, last_name: 'Kervella', is_referent: 1 });
    const older = await newBooking(db, { number: 'FORME-2', booking_status_id: 3 });
    const newer = await newBooking(db, { number: 'FORME-3' });
    const lone = await newPassenger(db, newer, { first_name: 'Anne', last_name: 'Moal' });
    await link(db, older, main); // main on the linked side
    await link(db, main, newer);
    await link(db, newer, main); // the same pair the other way: answered once
    await link(db, main, main); // a link to itself: never answered
    await register(db, flight, [alsoReferent, lone]);

    const answer = (await search('kervella')).json();
    // What the picker shows, and no more: no email, phone, age or department of anyone.
    const passenger = (id: number, values: Record<string, unknown>) => ({
      id,
      ticket_number: null,
      is_referent: 0,
      weight: 80,
      ...values,
    });
    const yves = passenger(referent, { full_name: 'Yves Kervella', is_referent: 1, ticket_number: 'FORME-1-01' });
    const booking = (
      id: number,
      number: string,
      status: [number, string, string],
      values: Record<string, unknown> = {},
    ) => ({
      id,
      number,
      number_alt: null,
      passengers_number: 2,
      booking_status: { id: status[0], slug: status[1], label: status[2] },
      ...values,
    });
    expect(answer).toEqual([
      {
        ...booking(main, 'FORME-1', [1, 'pending', 'En attente']),
        referent_passenger: yves,
        passengers: [
          { ...yves, is_registered: false },
          {
            ...passenger(alsoReferent, { full_name: 'Kervella', is_referent: 1 }),
            is_registered: true,
          },
          {
            ...passenger(second, { full_name: 'Zoé Kervella', weight: 61.5 }),
            is_registered: false,
          },
        ],
        linked_bookings: [
          { ...booking(older, 'FORME-2', [3, 'completed', 'Terminée']), referent_passenger: null, passengers: [] },
          {
            ...booking(newer, 'FORME-3', [1, 'pending', 'En attente']),
            referent_passenger: null,
            passengers: [
              {
                ...passenger(lone, { full_name: 'Anne Moal' }),
                is_registered: true,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('needs 3 characters and an existing flight, and answers [] when nothing matches', async () => {
    const short = await search('le');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.search).toEqual(['La recherche doit contenir au moins 3 caractères.']);
    expect((await search('   ab  ')).statusCode).toBe(422);
    expect((await search('zzzzzz')).json()).toEqual([]);
    expect((await search('lefevre', 987654)).statusCode).toBe(404);
    // Neither letters nor digits: nothing to look for, but a missing flight is still a 404.
    expect((await search('---')).json()).toEqual([]);
    expect((await search('---', 987654)).statusCode).toBe(404);
    expect((await search('zzzzzz', 987654)).statusCode).toBe(404);
    const noFlight = await t.app.inject({
      method: 'POST',
      url: '/api/search/passengers-for-flight',
      headers,
      payload: { search: 'lefevre' },
    });
    expect(noFlight.statusCode).toBe(422);
  });

  it('answers at most 20 bookings, open ones first', async () => {
    const { db } = t.database;
    const closed = await newBooking(db, { number: 'MANY-000', booking_status_id: 3 });
    await newPassenger(db, closed, { last_name: 'Multiplié' });
    for (let i = 1; i <= 24; i += 1) {
      const b = await newBooking(db, { number: `MANY-${String(i).padStart(3, '0')}` });
      await newPassenger(db, b, { last_name: 'Multiplié' });
    }
    const found = await numbers('multiplie');
    expect(found).toHaveLength(20);
    expect(found[0]).toBe('MANY-024');
    expect(found).not.toContain('MANY-000');
  });

  it('answers the 20 newest open bookings when many names each hold a few of them', async () => {
    const { db } = t.database;
    // Eight names containing « quimper », five open bookings each, their ids interleaved, and closed ones between:
    // the answer's floor comes from each name's first three, then each name is read down to it.
    const open: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let name = 0; name < 8; name += 1) {
        const number = `QMP-${round}-${name}`;
        const booking = await newBooking(db, { number, booking_status_id: (round + name) % 2 ? 1 : 2 });
        await newPassenger(db, booking, { last_name: `Quimper-${'ABCDEFGH'[name]}` });
        open.push(number);
        const closed = await newBooking(db, { number: `QMP-X-${round}-${name}`, booking_status_id: 3 });
        await newPassenger(db, closed, { last_name: `Quimper-${'ABCDEFGH'[name]}` });
      }
    }
    expect(await numbers('quimper')).toEqual(open.reverse().slice(0, 20));
  });

  it('puts open bookings before newer closed ones, fills up with closed ones, across every matching name', async () => {
    const { db } = t.database;
    // Several terms contain « vasseur » (last names and a first name): each is walked on its own, then merged.
    const made: Record<string, number> = {};
    const add = async (number: string, status: number, names: { first_name?: string; last_name: string }[]) => {
      made[number] = await newBooking(db, { number, booking_status_id: status });
      for (const n of names) await newPassenger(db, made[number] as number, n);
    };
    await add('VAS-1', 1, [{ last_name: 'Vasseur' }]);
    await add('VAS-2', 3, [{ last_name: 'Vasseur-Ledoux' }]);
    await add('VAS-3', 2, [{ last_name: 'Le Vasseur' }, { last_name: 'Vasseur' }]);
    await add('VAS-4', 4, [{ first_name: 'Vasseurine', last_name: 'Blanc' }]);
    await add('VAS-5', 1, [{ first_name: 'Vasseurine', last_name: 'Blanc' }]);
    await add('VAS-6', 5, [{ last_name: 'Vasseur' }]);
    // Open ones (pending, in progress) newest first, then the closed ones newest first, each booking once.
    expect(await numbers('vasseur')).toEqual(['VAS-5', 'VAS-3', 'VAS-1', 'VAS-6', 'VAS-4', 'VAS-2']);
    expect(await numbers('VASSÉUR')).toEqual(['VAS-5', 'VAS-3', 'VAS-1', 'VAS-6', 'VAS-4', 'VAS-2']);
  });

  it('follows each booking’s status and each passenger’s move, whatever the writer (the open-bookings index)', async () => {
    const { db } = t.database;
    const older = await newBooking(db, { number: 'TRG-0', booking_status_id: 3 });
    const first = await newBooking(db, { number: 'TRG-1', booking_status_id: 1 });
    const moving = await newPassenger(db, first, { last_name: 'Tréguier' });
    const second = await newBooking(db, { number: 'TRG-2', booking_status_id: 3 });
    await newPassenger(db, second, { last_name: 'Tréguier' });
    expect(await numbers('treguier')).toEqual(['TRG-1', 'TRG-2']);
    // Reopened through the API: it comes first.
    const reopened = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${second}`,
      headers,
      payload: { booking_status_id: 2 },
    });
    expect(reopened.statusCode).toBe(200);
    expect(await numbers('treguier')).toEqual(['TRG-2', 'TRG-1']);
    // Closed by another writer (raw SQL, as the expiry job or a psql shell): back after the open one.
    await sql`update bookings set booking_status_id = 5 where id = ${second}`.execute(db);
    expect(await numbers('treguier')).toEqual(['TRG-1', 'TRG-2']);
    // The open booking's passenger moved to an older closed booking: nothing open is left to put first.
    await sql`update passengers set booking_id = ${older} where id = ${moving}`.execute(db);
    expect(await numbers('treguier')).toEqual(['TRG-2', 'TRG-0']);
  });
});
