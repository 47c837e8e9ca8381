import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EngineContext, Registry, Resource } from '../../src/engine/types.js';
import { createRecord } from '../../src/engine/write.js';
import { registry } from '../../src/resources/index.js';
import { apiToken, signInWithPassword } from '../auth/support.js';
import { newBooking, newFlight, newPassenger, newTeammate } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// The write history (issue 12, part 5): one entry per record written through the API, in the writing transaction;
// the booking and flight pages read theirs, administrators the whole log; secrets never written; a deleted
// person's values erased from its earlier entries.

type Entry = {
  id: number;
  resource: string;
  record_id: number;
  action: string;
  actor: string;
  user_id: number | null;
  booking_id: number | null;
  flight_id: number | null;
  changes: string;
};

describe(`write history on ${engine}`, () => {
  let t: TestApp;
  let operator: Record<string, string>;
  let operatorId: number;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: operator, userId: operatorId } = await signIn(t, 'operator'));
    ({ headers: admin } = await signIn(t, 'admin'));
  });
  afterAll(() => t.close());

  const entriesOf = async (resource: string, recordId: number): Promise<Entry[]> =>
    (await t.database.db
      .selectFrom('history_entries')
      .selectAll()
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .orderBy('id')
      .execute()) as Entry[];
  const changesOf = (entry: Entry | undefined) => JSON.parse(entry?.changes ?? '{}');
  const historyCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('history_entries')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records a generic create, update and delete with who, the record and the changed fields', async () => {
    const booking = await newBooking(t.database.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/passengers',
      headers: operator,
      payload: {
        booking_id: booking,
        ticket_number: `H-${booking}-1`,
        first_name: 'Jeanne',
        last_name: 'Moreau',
        weight: 62,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/passengers/${id}`,
      headers: operator,
      payload: { weight: 64.5, first_name: 'Jeanne' },
    });
    expect(updated.statusCode).toBe(200);

    const [create, update] = await entriesOf('passengers', id);
    expect(create).toMatchObject({
      action: 'create',
      user_id: operatorId,
      actor: 'Test operator',
      booking_id: booking,
    });
    expect(changesOf(create)).toMatchObject({
      first_name: [null, 'Jeanne'],
      last_name: [null, 'Moreau'],
      weight: [null, 62],
    });
    // Only what changed: the first name sent again is not a change, updated_at is not one either.
    expect(update?.action).toBe('update');
    expect(changesOf(update)).toEqual({ weight: [62, 64.5] });

    // A PUT changing nothing leaves no entry.
    await t.app.inject({ method: 'PUT', url: `/api/passengers/${id}`, headers: operator, payload: { weight: 64.5 } });
    expect(await entriesOf('passengers', id)).toHaveLength(2);

    const note = await t.app.inject({
      method: 'POST',
      url: '/api/booking-notes',
      headers: operator,
      payload: { booking_id: booking, content: 'Client à rappeler' },
    });
    expect(note.statusCode).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/booking-notes/${note.json().id}`,
      headers: operator,
    });
    expect(removed.statusCode).toBe(204);
    const [, noteDelete] = await entriesOf('booking-notes', note.json().id);
    expect(noteDelete).toMatchObject({ action: 'delete', booking_id: booking });
    expect(changesOf(noteDelete).content).toEqual(['Client à rappeler', null]);

    // The booking's page reads all of it, newest first.
    const page = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history`, headers: operator });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBe(4);
    expect(body.data.map((e: Entry) => `${e.resource}:${e.action}`)).toEqual([
      'booking-notes:delete',
      'booking-notes:create',
      'passengers:update',
      'passengers:create',
    ]);
  });

  it('records a list written through a relation (flight teammates) with old and new ids', async () => {
    const { db } = t.database;
    const flight = await newFlight(db);
    const [a, b] = [await newTeammate(db), await newTeammate(db)];
    await db.insertInto('flight_teammates').values({ flight_id: flight, teammate_id: a }).execute();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/flights/${flight}`,
      headers: operator,
      payload: { teammates: [b, a], takeoff_temperature: 12 },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await entriesOf('flights', flight);
    expect(entry).toMatchObject({ action: 'update', flight_id: flight });
    expect(changesOf(entry)).toMatchObject({
      teammates: [[a], [a, b].sort((x, y) => x - y)],
      takeoff_temperature: [null, 12],
    });
  });

  it('records every row of a special multi-row write (flight duplication), on the flight and the booking', async () => {
    const { db } = t.database;
    const flight = await newFlight(db);
    const booking = await newBooking(db);
    const passengers = [await newPassenger(db, booking), await newPassenger(db, booking, { first_name: 'Léa' })];
    await db
      .insertInto('registrations')
      .values(passengers.map((passenger_id) => ({ flight_id: flight, passenger_id })))
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${flight}/duplicate`,
      headers: operator,
      payload: { scheduled_date: '2026-07-01', scheduled_time: '06:30:00', with_passengers: 1 },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json().id as number;
    const page = (await t.app.inject({ method: 'GET', url: `/api/flights/${copy}/history`, headers: operator })).json();
    expect(page.data.map((e: Entry) => `${e.resource}:${e.action}`).sort()).toEqual([
      'flights:create',
      'registrations:create',
      'registrations:create',
    ]);
    const flightEntry = page.data.find((e: Entry) => e.resource === 'flights');
    expect(changesOf(flightEntry)).toMatchObject({ scheduled_date: [null, '2026-07-01'], flight_status_id: [null, 1] });
    // The registrations also show on the passengers' booking.
    const bookingPage = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history`, headers: operator })
    ).json();
    expect(bookingPage.data.filter((e: Entry) => e.resource === 'registrations' && e.flight_id === copy)).toHaveLength(
      2,
    );
  });

  it('rolls the history back with a write that fails after it was recorded', async () => {
    // A declaration of its own whose id list is written after the row and its history entry, and fails there
    // (a registration pointing at a flight that does not exist): nothing of the write stays, history included.
    const brokenEvents: Resource = {
      name: 'broken-events',
      table: 'events',
      fields: { id: { type: 'id' }, title: { type: 'string' } },
      relations: {
        passengers: {
          kind: 'manyToMany',
          target: 'passengers',
          pivot: 'registrations',
          localKey: 'flight_id',
          foreignKey: 'passenger_id',
        },
      },
      defaultOrder: [{ field: 'id', direction: 'ASC' }],
      routes: {},
      write: {
        create: z.object({ title: z.string(), passengers: z.array(z.number()) }),
        defaults: { id: 987654, scheduled_date: '2026-08-01', scheduled_time: '08:00:00' },
        relations: ['passengers'],
      },
    };
    const own: Registry = new Map([...registry, ['broken-events', brokenEvents]]);
    const passenger = await newPassenger(t.database.db, await newBooking(t.database.db));
    const ctx: EngineContext = { ...t.app.ctx, registry: own };
    const before = await historyCount();
    const events = async () =>
      Number(
        (await t.database.db.selectFrom('events').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
      );
    const eventsBefore = await events();
    await expect(
      createRecord(ctx, own, 'broken-events', { title: 'Réunion', passengers: [passenger] }),
    ).rejects.toThrow();
    expect(await events()).toBe(eventsBefore);
    expect(await historyCount()).toBe(before);
  });

  it('never writes a secret: the shop secret is masked, its change still shown', async () => {
    const { headers: su } = await signIn(t, 'su');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: su,
      payload: {
        settings: { woocommerce_consumer_secret: 'cs_tres-secret', woocommerce_url: 'https://boutique.test' },
      },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('history_entries')
      .selectAll()
      .where('resource', '=', 'settings')
      .execute();
    const all = rows.map((r) => JSON.parse(r.changes));
    expect(all.find((c) => 'woocommerce_consumer_secret' in c)?.woocommerce_consumer_secret[1]).toBe('(secret)');
    expect(all).toContainEqual({ woocommerce_url: ['', 'https://boutique.test'] });
    const leak = await t.database.db
      .selectFrom('history_entries')
      .select('id')
      .where('changes', 'like', '%tres-secret%')
      .execute();
    expect(leak).toHaveLength(0);
  });

  it('records the administration writes (users, API keys, own password, role rights) without any secret', async () => {
    const { headers: su, userId: suId } = await signIn(t, 'su');
    const role = await t.database.db
      .selectFrom('roles')
      .select('id')
      .where('slug', '=', 'operator')
      .executeTakeFirstOrThrow();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: su,
      payload: { first_name: 'Inès', last_name: 'Garnier', email: 'ines.garnier@example.test', role_id: role.id },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json().id as number;
    await t.app.inject({ method: 'PUT', url: `/api/users/${userId}`, headers: su, payload: { is_active: 0 } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: su })).statusCode).toBe(204);
    const userEntries = await entriesOf('users', userId);
    expect(userEntries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(userEntries.every((e) => e.user_id === suId)).toBe(true);
    expect(changesOf(userEntries[0])).toMatchObject({ email: [null, 'ines.garnier@example.test'] });
    expect(changesOf(userEntries[1])).toEqual({ is_active: [1, 0] });

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-clients',
      headers: su,
      payload: { name: 'Site partenaire' },
    });
    expect(key.statusCode).toBe(201);
    const { id: keyId, token } = key.json() as { id: number; token: string };
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-clients/${keyId}`, headers: su })).statusCode).toBe(
      204,
    );
    expect((await entriesOf('api-clients', keyId)).map((e) => [e.action, changesOf(e)])).toEqual([
      ['create', { name: [null, 'Site partenaire'] }],
      ['delete', { name: ['Site partenaire', null] }],
    ]);

    const rights = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}/capabilities`,
      headers: su,
      payload: { capabilities: ['manage_ticket_templates'] },
    });
    expect(rights.statusCode).toBe(200);
    const [rightsEntry] = await entriesOf('roles', role.id);
    expect(changesOf(rightsEntry)).toEqual({ capabilities: [[], ['manage_ticket_templates']] });

    const { browser, user } = await signInWithPassword(t, 'operator');
    const changed = await browser.request('PUT', '/api/profile/password', {
      current_password: user.password,
      password: 'nouveau-secret-42',
      password_confirmation: 'nouveau-secret-42',
    });
    expect(changed.statusCode).toBe(200);
    const [passwordEntry] = await entriesOf('users', user.id);
    expect(changesOf(passwordEntry)).toEqual({ password_hash: ['(secret)', '(secret)'] });

    const hashes = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .execute();
    const leaks = await t.database.db
      .selectFrom('history_entries')
      .select('changes')
      .where((eb) =>
        eb.or([
          eb('changes', 'like', `%${token.slice(-16)}%`),
          eb('changes', 'like', '%nouveau-secret%'),
          ...hashes.map((h) => eb('changes', 'like', `%${String(h.password_hash).slice(-24)}%`)),
        ]),
      )
      .execute();
    expect(leaks).toHaveLength(0);
  });

  it('records the mails queued from a booking and a flight (which template, never the address)', async () => {
    const { db } = t.database;
    const booking = await newBooking(db);
    const passenger = await newPassenger(db, booking, { is_referent: 1, email: 'referent@example.test' });
    const mail = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking}/emails`,
      headers: operator,
      payload: { template: 'booking-confirmation' },
    });
    expect(mail.statusCode).toBe(202);
    const flight = await newFlight(db);
    await db.insertInto('registrations').values({ flight_id: flight, passenger_id: passenger }).execute();
    const convocations = await t.app.inject({
      method: 'POST',
      url: `/api/flights/${flight}/convocations`,
      headers: operator,
      payload: {},
    });
    expect(convocations.statusCode).toBe(202);
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history`, headers: operator })
    ).json();
    const mails = page.data.filter((e: Entry) => e.resource === 'emails');
    expect(mails.map((e: Entry) => changesOf(e).template_slug[1]).sort()).toEqual([
      'booking-confirmation',
      'flight-convocation',
    ]);
    expect(mails.find((e: Entry) => e.flight_id === flight)).toBeTruthy();
    expect(JSON.stringify(mails)).not.toContain('referent@example.test');
  });

  it('erases a deleted passenger’s personal values from its whole history, in the deleting transaction', async () => {
    const booking = await newBooking(t.database.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/passengers',
      headers: operator,
      payload: {
        booking_id: booking,
        ticket_number: `H-${booking}-2`,
        first_name: 'Hortense',
        last_name: 'Quillard',
        email: 'hq@example.test',
        weight: 70,
      },
    });
    const id = created.json().id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/passengers/${id}`,
      headers: operator,
      payload: { last_name: 'Quillard-Roy', phone: '0601020304' },
    });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/passengers/${id}`, headers: operator });
    expect(res.statusCode).toBe(204);
    const entries = await entriesOf('passengers', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(changesOf(entries[0])).toMatchObject({
      first_name: [null, '(effacé)'],
      email: [null, '(effacé)'],
      weight: [null, '(effacé)'],
    });
    expect(changesOf(entries[1])).toEqual({ last_name: ['(effacé)', '(effacé)'], phone: [null, '(effacé)'] });
    expect(changesOf(entries[2])).toMatchObject({ last_name: ['(effacé)', null], booking_id: [booking, null] });
    const leak = await t.database.db
      .selectFrom('history_entries')
      .select('id')
      .where((eb) => eb.or([eb('changes', 'like', '%Quillard%'), eb('changes', 'like', '%Hortense%')]))
      .execute();
    expect(leak).toHaveLength(0);
  });

  it('erases a deleted customer’s personal values too, and keeps its company data', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: operator,
      payload: {
        customer_type_id: 3,
        first_name: 'Gaspard',
        last_name: 'Lemoine',
        company_name: 'Lemoine SARL',
        email: 'gaspard@example.test',
        town: 'Dijon',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: operator })).statusCode).toBe(
      204,
    );
    const [create, removal] = await entriesOf('customers', id);
    expect(changesOf(create)).toMatchObject({
      first_name: [null, '(effacé)'],
      last_name: [null, '(effacé)'],
      email: [null, '(effacé)'],
      town: [null, '(effacé)'],
      company_name: [null, 'Lemoine SARL'],
    });
    expect(removal?.action).toBe('delete');
    expect(JSON.stringify([create, removal])).not.toMatch(/Gaspard|Lemoine"|gaspard@|Dijon/);
  });

  it('keeps the whole log to administrators, filtered and paged, and every read bounded', async () => {
    const booking = await newBooking(t.database.db);
    const refused = await t.app.inject({ method: 'GET', url: '/api/history?page=1', headers: operator });
    expect(refused.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/history?page=1&per_page=5&filters=user_id|=|${operatorId},resource|=|passengers`,
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(5);
    expect(body.data.every((e: Entry) => e.user_id === operatorId && e.resource === 'passengers')).toBe(true);
    const dated = await t.app.inject({
      method: 'GET',
      url: '/api/history?page=1&filters=created_at|>=|2100-01-01',
      headers: admin,
    });
    expect(dated.json().count).toBe(0);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/history?per_page=5000&page=1', headers: admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/history?filters=secret|=|1', headers: admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history?page=0`, headers: operator }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history?limit=9`, headers: operator }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings/999999/history', headers: operator })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history` })).statusCode).toBe(401);

    // An API key reaches neither the log nor a booking's history (an API key reads no personal data).
    const { token } = await apiToken(t);
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/history', headers: bearer })).statusCode,
    ).toBeGreaterThanOrEqual(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history`, headers: bearer })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });
});
