import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCsrf, apiToken, startSmtp } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newFlight, newLocation, newPassenger, register } from '../services/builders.js';

// Issue 10 item 4: mails sent from a booking (confirmation, pre-flight information, tickets with their PDF) and
// the flight's convocations go through the queue; the booking's mails and the outbox are listed for staff.

const NO_ADDRESS = 'Aucune adresse email pour cette réservation : renseignez celle du passager référent ou du client.';

describe(`sending mail from bookings and flights on ${engine}`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let headers: Record<string, string>;
  let userId: number;
  let bookingId: number;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.smtpUrl } });
    ({ headers, userId } = await signIn(t, 'operator'));
    const { db } = t.database;
    const set = (key: string, value: string) =>
      db.updateTable('settings').set({ value }).where('key', '=', key).execute();
    await set('company_name', 'Ballons de Bourgogne');
    await set('email_signature', '<p><strong>L’équipe des Ballons</strong></p>');
    const customer = await db
      .insertInto('customers')
      .values({ customer_type_id: 2, first_name: 'Hélène', last_name: 'Martin', email: 'helene.martin@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    bookingId = await newBooking(db, { number: '2026-00042', passengers_number: 3, customer_id: customer.id });
    await newPassenger(db, bookingId, {
      first_name: 'Éléonore',
      last_name: 'Lefèvre',
      is_referent: 1,
      email: 'eleonore@example.test',
      ticket_number: '2026-00042-01',
    });
    await newPassenger(db, bookingId, { first_name: 'Noël', last_name: 'Çelik', ticket_number: '2026-00042-02' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload?: unknown, extra: Record<string, string> = headers) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: extra,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const get = (url: string, extra: Record<string, string> = headers) =>
    t.app.inject({ method: 'GET', url, headers: extra });
  const deliver = () => t.app.ctx.mailer.deliverDue();

  it('queues a booking confirmation to the referent with the record’s values and the signature, then sends it', async () => {
    const response = await post(`/api/bookings/${bookingId}/emails`, { template: 'booking-confirmation' });
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), recipient: 'eleonore@example.test', status: 'pending' });
    expect(smtp.mails.filter((m) => m.to.includes('eleonore@example.test'))).toHaveLength(0);

    const caught = smtp.nextMail('eleonore@example.test');
    expect(await deliver()).toBe(1);
    const mail = await caught;
    expect(mail.text).toContain('Confirmation de votre réservation 2026-00042');
    expect(mail.text).toContain('Bonjour Éléonore Lefèvre');
    expect(mail.text).toContain('n° 2026-00042 pour 3 passager(s)');
    expect(mail.text).toContain('Ballons de Bourgogne');
    expect(mail.text).toContain('<strong>L’équipe des Ballons</strong>');

    const list = await get(`/api/bookings/${bookingId}/emails`);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      id: body.id,
      template_slug: 'booking-confirmation',
      template_label: 'Confirmation de réservation',
      recipient: 'eleonore@example.test',
      subject: 'Confirmation de votre réservation 2026-00042',
      status: 'sent',
      attempts: 1,
      error: null,
      user: { id: userId, full_name: 'Test operator' },
    });
    expect(list.json()[0].sent_at).not.toBeNull();
    expect(list.json()[0]).not.toHaveProperty('html');
    const log = await t.database.db
      .selectFrom('email_logs')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ recipient: 'eleonore@example.test', user_id: userId, flight_id: null });
  });

  it('leaves an unknown variable visible as written (issue 10: a variable is data), values escaped', async () => {
    const { db } = t.database;
    await db
      .updateTable('email_templates')
      .set({ body: '<p>Réf. {{booking.number}} [{{booking.inconnue}}] pour {{customer.full_name}}</p>' })
      .where('slug', '=', 'booking-confirmation')
      .execute();
    await db
      .updateTable('customers')
      .set({ last_name: 'Martin <b>&</b>' })
      .where('email', '=', 'helene.martin@example.test')
      .execute();
    const { id } = (await post(`/api/bookings/${bookingId}/emails`, { template: 'booking-confirmation' })).json();
    const stored = await db
      .selectFrom('outbox_mails')
      .select(['html', 'text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.html).toContain(
      '<p>Réf. 2026-00042 [{{booking.inconnue}}] pour Hélène Martin &lt;b&gt;&amp;&lt;/b&gt;</p>',
    );
    await deliver();
  });

  it('pre-flight information sets has_pre_flight_infos with the queued mail', async () => {
    const { db } = t.database;
    const flag = async () =>
      (
        await db
          .selectFrom('bookings')
          .select('has_pre_flight_infos')
          .where('id', '=', bookingId)
          .executeTakeFirstOrThrow()
      ).has_pre_flight_infos;
    expect(await flag()).toBe(0);
    const response = await post(`/api/bookings/${bookingId}/emails`, { template: 'pre-flight-information' });
    expect(response.statusCode).toBe(202);
    expect(await flag()).toBe(1);
    await deliver();
  });

  it('attaches the tickets PDF, rendered at send time', async () => {
    const response = await post(`/api/bookings/${bookingId}/emails`, { template: 'tickets' });
    expect(response.statusCode).toBe(202);
    const stored = await t.database.db
      .selectFrom('outbox_mails')
      .select('attachments')
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.attachments!)).toEqual([{ kind: 'booking-tickets', booking_id: bookingId }]);
    const caught = smtp.nextMail('eleonore@example.test');
    expect(await deliver()).toBe(1);
    const mail = await caught;
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name="?billets-2026-00042\.pdf"?/i);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename="?billets-2026-00042\.pdf"?/i);
    const part = mail.raw.split(/Content-Type: application\/pdf/i)[1]!;
    const base64 = part
      .split(/\r?\n\r?\n/)[1]!
      .split('--')[0]!
      .replace(/\s+/g, '');
    expect(Buffer.from(base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('falls back on the customer’s email, and answers 422 when there is no address at all', async () => {
    const { db } = t.database;
    const customer = await db
      .insertInto('customers')
      .values({ customer_type_id: 2, first_name: 'Paul', last_name: 'Girard', email: 'paul.girard@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withCustomer = await newBooking(db, { customer_id: customer.id });
    await newPassenger(db, withCustomer, { is_referent: 1, email: null });
    const ok = await post(`/api/bookings/${withCustomer}/emails`, { template: 'booking-confirmation' });
    expect(ok.statusCode).toBe(202);
    expect(ok.json().recipient).toBe('paul.girard@example.test');

    const none = await newBooking(db);
    await newPassenger(db, none, { is_referent: 1, email: '' });
    const refused = await post(`/api/bookings/${none}/emails`, { template: 'pre-flight-information' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(NO_ADDRESS);
    // Nothing queued, and the flag rolled back with the transaction.
    expect(await db.selectFrom('outbox_mails').select('id').where('booking_id', '=', none).execute()).toEqual([]);
    const booking = await db
      .selectFrom('bookings')
      .select('has_pre_flight_infos')
      .where('id', '=', none)
      .executeTakeFirstOrThrow();
    expect(booking.has_pre_flight_infos).toBe(0);
    await deliver();
  });

  it('validates the body and answers 404 for unknown or non-digit ids', async () => {
    const bad = await post(`/api/bookings/${bookingId}/emails`, { template: 'flight-canceled' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/modèle d'email/i);
    expect((await post(`/api/bookings/${bookingId}/emails`, {})).statusCode).toBe(422);
    expect((await post(`/api/bookings/${bookingId}/emails`, { template: 'tickets', extra: 1 })).statusCode).toBe(422);
    for (const response of [
      await post('/api/bookings/999999/emails', { template: 'tickets' }),
      await post('/api/bookings/abc/emails', { template: 'tickets' }),
      await get('/api/bookings/999999/emails'),
      await get('/api/bookings/1e3/emails'),
      await post('/api/flights/999999/convocations'),
      await post('/api/flights/x1/convocations', {}),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Élément introuvable.' });
    }
  });

  it('queues one convocation per booking registered on the flight, and lists the bookings without an address', async () => {
    const { db } = t.database;
    const location = await newLocation(db);
    await db.updateTable('locations').set({ label: 'Château de Chailly' }).where('id', '=', location).execute();
    const flight = await newFlight(db, {
      scheduled_date: '2026-06-20',
      scheduled_time: '06:45:00',
      location_id: location,
    });
    const first = await newBooking(db, { number: '2026-00101' });
    const p1 = await newPassenger(db, first, {
      first_name: 'Anne',
      last_name: 'Roy',
      is_referent: 1,
      email: 'anne.roy@example.test',
    });
    const p2 = await newPassenger(db, first, { first_name: 'Luc', last_name: 'Roy' });
    const customer = await db
      .insertInto('customers')
      .values({ customer_type_id: 2, first_name: 'Marc', last_name: 'Blanc', email: 'marc.blanc@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await newBooking(db, { number: '2026-00102', customer_id: customer.id });
    const p3 = await newPassenger(db, second, { first_name: 'Marc', last_name: 'Blanc', is_referent: 1 });
    const third = await newBooking(db, { number: '2026-00103' });
    const p4 = await newPassenger(db, third, { first_name: 'Sans', last_name: 'Adresse', is_referent: 1 });
    await newBooking(db, { number: '2026-00104' }); // not registered: no mail
    await register(db, flight, [p1, p2, p3, p4]);

    const response = await post(`/api/flights/${flight}/convocations`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: 2, skipped: [{ booking_id: third, number: '2026-00103' }] });
    const rows = await db
      .selectFrom('outbox_mails')
      .select(['recipient', 'subject', 'html', 'booking_id', 'template_slug', 'user_id'])
      .where('flight_id', '=', flight)
      .orderBy('booking_id')
      .execute();
    expect(rows.map((r) => [r.booking_id, r.recipient])).toEqual([
      [first, 'anne.roy@example.test'],
      [second, 'marc.blanc@example.test'],
    ]);
    expect(rows[0]!.subject).toBe('Convocation : vol du samedi 20 juin 2026 à 06:45');
    expect(rows[0]!.html).toContain('Bonjour Anne Roy');
    expect(rows[0]!.html).toContain('le samedi 20 juin 2026 à 06:45 à Château de Chailly');
    expect(rows[0]!.html).toContain('Ballons de Bourgogne');
    expect(rows.every((r) => r.template_slug === 'flight-convocation' && r.user_id === userId)).toBe(true);

    const caught = [smtp.nextMail('anne.roy@example.test'), smtp.nextMail('marc.blanc@example.test')];
    expect(await deliver()).toBe(2);
    await Promise.all(caught);
    // The booking's list shows its convocation too.
    const list = (await get(`/api/bookings/${first}/emails`)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      template_slug: 'flight-convocation',
      template_label: 'Convocation au vol',
      status: 'sent',
    });

    // An empty body object is accepted too; another key is not.
    expect((await post(`/api/flights/${flight}/convocations`, { foo: 1 })).statusCode).toBe(422);
  });

  it('refuses anonymous callers (401) and API keys (403) on the new endpoints', async () => {
    const { token } = await apiToken(t);
    const bearer = { authorization: `Bearer ${token}` };
    const routes: [string, string, unknown][] = [
      ['POST', `/api/bookings/${bookingId}/emails`, { template: 'tickets' }],
      ['GET', `/api/bookings/${bookingId}/emails`, undefined],
      ['POST', '/api/flights/1/convocations', {}],
      ['GET', '/api/outbox', undefined],
    ];
    for (const [method, url, payload] of routes) {
      const send = (extra: Record<string, string>) =>
        t.app.inject({
          method: method as 'GET',
          url,
          headers: extra,
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
      const anonymous = await send(anonymousCsrf());
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Non authentifié.' });
      const keyed = await send(bearer);
      expect(keyed.statusCode, `${method} ${url}`).toBe(403);
      expect(keyed.json()).toEqual({ message: "Cette clé d'API ne donne pas accès à cette ressource." });
    }
  });

  it('queues a test mail to oneself with the signature, for those who manage settings only', async () => {
    expect((await post('/api/mail/test', {})).statusCode).toBe(403);
    const admin = await signIn(t, 'admin');
    await t.database.db
      .updateTable('settings')
      .set({ value: '<p>— Ballons de Bourgogne</p>' })
      .where('key', '=', 'email_signature')
      .execute();
    const response = await post('/api/mail/test', {}, admin.headers);
    expect(response.statusCode).toBe(202);
    const { id, recipient } = response.json();
    expect(recipient).toMatch(/^admin-.*@example\.test$/);
    const row = await t.database.db
      .selectFrom('outbox_mails')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ recipient, subject: 'Email de test', status: 'pending', user_id: admin.userId });
    expect(row.html).toContain('<p>— Ballons de Bourgogne</p>');
    expect((await post('/api/mail/test', { extra: 1 }, admin.headers)).statusCode).toBe(422);
  });

  it('shows the outbox to manage_settings or su only, without bodies', async () => {
    const operator = await get('/api/outbox');
    expect(operator.statusCode).toBe(403);
    expect(operator.json()).toEqual({ message: 'Action non autorisée.' });
    const { db } = t.database;
    // A password-type mail without SMTP stays pending and shows as such.
    await db
      .insertInto('outbox_mails')
      .values({
        recipient: 'attente@example.test',
        subject: 'En attente',
        html: '<p>x</p>',
        text: 'x',
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const role of ['admin', 'su'] as const) {
      const response = await get('/api/outbox', (await signIn(t, role)).headers);
      expect(response.statusCode).toBe(200);
      const rows = response.json();
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.length).toBeLessThanOrEqual(200);
      expect(rows[0]).toMatchObject({
        recipient: 'attente@example.test',
        status: 'pending',
        attempts: 0,
        user: null,
        template_slug: null,
        template_label: null,
      });
      for (const row of rows) {
        expect(row).not.toHaveProperty('html');
        expect(row).not.toHaveProperty('text');
        expect(Object.keys(row)).toEqual(
          expect.arrayContaining([
            'id',
            'template_slug',
            'template_label',
            'recipient',
            'subject',
            'status',
            'attempts',
            'error',
            'created_at',
            'sent_at',
            'user',
          ]),
        );
      }
    }
  });
});
