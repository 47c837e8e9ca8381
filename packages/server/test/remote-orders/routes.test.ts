import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import {
  CSV_HEADER,
  countRows,
  csvOrders,
  enableImport,
  jsonOrder,
  multipart,
  newPrestation,
  tempDir,
} from './support.js';

describe(`remote order files on ${engine}`, () => {
  let t: TestApp;
  let dir: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    dir = tempDir();
    t = await createTestApp({ config: { remoteOrdersDir: dir } });
    ({ headers } = await signIn(t, 'operator'));
    await newPrestation(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    await enableImport(t.database.db);
    const { db } = t.database;
    await db.deleteFrom('remote_orders').execute();
    await db.deleteFrom('passengers').execute();
    await db.deleteFrom('bookings').execute();
    await db.deleteFrom('customers').execute();
  });

  const drop = (name: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, name), content);
  const importFile = (file: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/remote-orders/import', headers, payload: { file } });
  const list = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/remote-orders', headers });
    expect(response.statusCode).toBe(200);
    return response.json().data as { file: string; state: string; bookings: { id: number }[]; errors: string[] }[];
  };

  it('imports a JSON order: customer, booking from the partner, passengers, file moved to processed/', async () => {
    drop('smartbox-1001.json', JSON.stringify(jsonOrder()));
    expect((await list()).map((f) => [f.file, f.state])).toEqual([['smartbox-1001.json', 'waiting']]);
    const response = await importFile('smartbox-1001.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'success', errors: [] });
    expect(body.booking.number).toMatch(/^\d{4}-\d{5}$/);
    const booking = await t.database.db
      .selectFrom('bookings')
      .innerJoin('booking_origins', 'booking_origins.id', 'bookings.booking_origin_id')
      .select([
        'booking_origins.label',
        'bookings.passengers_number',
        'bookings.paid_amount',
        'bookings.booking_status_id',
      ])
      .where('bookings.id', '=', body.booking.id)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ label: 'Smartbox', passengers_number: 2, paid_amount: 398, booking_status_id: 1 });
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 1, customers: 1, passengers: 2 });
    expect(fs.existsSync(path.join(dir, 'smartbox-1001.json'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'processed', 'smartbox-1001.json'))).toBe(true);
    const [entry] = await list();
    expect(entry).toMatchObject({ file: 'smartbox-1001.json', state: 'imported', errors: [] });
    expect(entry!.bookings).toEqual([{ id: body.booking.id, number: body.booking.number }]);
  });

  it('imports a JSON order partially: a bad passenger detail is dropped and reported', async () => {
    const order = jsonOrder({
      passengers: [
        { first_name: 'Claire', last_name: 'Martin', weight: 'lourd' },
        { first_name: 'Paul', last_name: 'Martin', email: 'pas-une-adresse' },
      ],
    });
    drop('partial.json', JSON.stringify(order));
    const response = await importFile('partial.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'partial',
      errors: ['Passager 1, poids : nombre entre 1 et 300 attendu.', 'Passager 2, email : adresse invalide.'],
    });
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 1, passengers: 2 });
    expect((await list())[0]).toMatchObject({ state: 'imported', errors: response.json().errors });
  });

  it('fails an invalid JSON file with French errors, writes nothing, moves it to failed/', async () => {
    drop('broken.json', '{"partner": "Smartbox", ');
    const response = await importFile('broken.json');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: 'failed',
      booking: null,
      errors: ['Fichier JSON invalide : le contenu ne peut pas être lu.'],
    });
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 0, customers: 0, passengers: 0 });
    expect((await list())[0]).toMatchObject({ file: 'broken.json', state: 'failed', errors: response.json().errors });
  });

  it('lists every missing field; an unknown prestation is imported, to be specified (issue 27)', async () => {
    drop('missing.json', JSON.stringify({ passengers: [] }));
    const missing = await importFile('missing.json');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      'numéro de commande (order_id) : champ obligatoire manquant.',
      'partenaire (partner) : champ obligatoire manquant.',
      "date d'achat (purchase_date) : champ obligatoire manquant.",
      'prestation : champ obligatoire manquant.',
    ]);
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 0, customers: 0, remote_orders: 0 });
    drop('unknown.json', JSON.stringify(jsonOrder({ prestation: 'Vol en hélicoptère' })));
    const unknown = await importFile('unknown.json');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ status: 'success', errors: [] });
    const booking = await t.app.inject({ method: 'GET', url: `/api/bookings/${unknown.json().booking.id}`, headers });
    expect(booking.json()).toMatchObject({ prestation_id: null, prestation_to_specify: 1 });
  });

  it('imports a failed file again once it is corrected (Réessayer), then forgets its errors', async () => {
    drop('later.json', JSON.stringify(jsonOrder({ purchase_date: '' })));
    expect((await importFile('later.json')).statusCode).toBe(422);
    expect((await list())[0]).toMatchObject({ file: 'later.json', state: 'failed' });
    fs.writeFileSync(path.join(dir, 'failed', 'later.json'), JSON.stringify(jsonOrder()));
    const again = await importFile('later.json');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'success', errors: [] });
    expect((await list()).map((f) => [f.file, f.state, f.errors])).toEqual([['later.json', 'imported', []]]);
    expect(fs.readdirSync(path.join(dir, 'failed', '.results'))).toEqual([]);
    await t.database.db.deleteFrom('remote_orders').execute();
    await t.database.db.deleteFrom('passengers').execute();
    await t.database.db.deleteFrom('bookings').execute();
  });

  it('imports a CSV file of several orders as a French spreadsheet saves it', async () => {
    drop('wonderbox.csv', csvOrders(3, 2));
    const response = await importFile('wonderbox.csv');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.bookings).toHaveLength(3);
    const passengers = await t.database.db
      .selectFrom('passengers')
      .select(['last_name', 'weight', 'is_referent'])
      .where('booking_id', '=', body.bookings[0].id)
      .orderBy('id')
      .execute();
    expect(passengers).toEqual([
      { last_name: 'Dupré1', weight: 71.5, is_referent: 1 },
      { last_name: 'Dupré1', weight: 72.5, is_referent: 0 },
    ]);
    const booking = await t.database.db
      .selectFrom('bookings')
      .select(['booked_at', 'paid_amount'])
      .where('id', '=', body.bookings[0].id)
      .executeTakeFirstOrThrow();
    expect(booking).toEqual({ booked_at: '2026-05-02', paid_amount: 249.5 });
  });

  it('imports a CSV partially: a line without order id is reported, an unknown prestation imported to specify', async () => {
    const content = [
      CSV_HEADER,
      'Wonderbox;W-1;02/05/2026;Vol découverte;1;100;Léa;Roux;lea@example.fr;Léa;Roux;60;30',
      'Wonderbox;;02/05/2026;Vol découverte;1;100;Léa;Roux;lea@example.fr;Léa;Roux;60;30',
      'Wonderbox;W-2;02/05/2026;Vol de nuit;1;100;Marc;Roux;marc@example.fr;Marc;Roux;70;30',
    ].join('\n');
    drop('mixed.csv', content);
    const response = await importFile('mixed.csv');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'partial',
      errors: ['Ligne 3 : numéro de commande (order_id) manquant, ligne ignorée.'],
    });
    expect(response.json().bookings).toHaveLength(2);
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 2, passengers: 2 });
    const prestations = await t.database.db.selectFrom('bookings').select('prestation_id').orderBy('id').execute();
    expect(prestations.map((b) => b.prestation_id === null)).toEqual([false, true]);
  });

  it('fails invalid CSV files with a French reason', async () => {
    drop('comma.csv', 'partner,order_id,purchase_date,prestation\nA,1,2026-01-01,Vol');
    expect((await importFile('comma.csv')).json().errors).toEqual([
      'Fichier CSV invalide : le séparateur attendu est le point-virgule (;).',
    ]);
    drop('columns.csv', 'partner;order_id\nA;1');
    expect((await importFile('columns.csv')).json().errors).toEqual([
      'Fichier CSV invalide : colonnes obligatoires manquantes (purchase_date, prestation).',
    ]);
    drop('quote.csv', `${CSV_HEADER}\nWonderbox;"W-1;02/05/2026`);
    expect((await importFile('quote.csv')).json().errors).toEqual([
      'Fichier CSV invalide : un guillemet n’est jamais refermé.',
    ]);
    drop('latin1.csv', Buffer.from([0x70, 0x61, 0x72, 0x74, 0x6e, 0x65, 0x72, 0x3b, 0xe9, 0x0a]));
    expect((await importFile('latin1.csv')).json().errors).toEqual([
      'Fichier illisible : un texte encodé en UTF-8 est attendu.',
    ]);
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 0 });
  });

  it('refuses a CSV of more orders than one transaction should hold', async () => {
    drop('many.csv', csvOrders(1001, 1));
    const response = await importFile('many.csv');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      'Fichier CSV trop long : 1000 commandes au maximum par fichier (1001 reçues).',
    ]);
  });

  it('creates one booking when the same file is imported twice at once', async () => {
    drop('twice.json', JSON.stringify(jsonOrder()));
    const answers = await Promise.all([importFile('twice.json'), importFile('twice.json')]);
    for (const answer of answers) expect([200, 404]).toContain(answer.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await countRows(t.database.db)).toMatchObject({
      bookings: 1,
      customers: 1,
      passengers: 2,
      remote_orders: 1,
    });
  });

  it('refuses a 20 MB file with a French error, never a 500', async () => {
    drop('huge.csv', Buffer.alloc(20 * 1024 * 1024, 0x41));
    const response = await importFile('huge.csv');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(['Fichier trop volumineux : 10 Mo au maximum.']);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      ...(() => {
        const m = multipart('huge.csv', Buffer.alloc(20 * 1024 * 1024, 0x41));
        return { payload: m.payload, headers: { ...headers, ...m.headers } };
      })(),
    });
    expect(upload.statusCode).toBe(413);
    expect(upload.json().message).toBe('Fichier trop volumineux : 10 Mo au maximum.');
  });

  it('is idempotent: the same order twice answers the first booking and creates nothing', async () => {
    drop('a.json', JSON.stringify(jsonOrder()));
    const first = (await importFile('a.json')).json();
    const before = await countRows(t.database.db);
    drop('a.json', JSON.stringify(jsonOrder()));
    const second = await importFile('a.json');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ status: 'success', booking: first.booking });
    expect(second.json().bookings[0].created).toBe(false);
    expect(await countRows(t.database.db)).toEqual(before);
    expect(
      fs
        .readdirSync(path.join(dir, 'processed'))
        .filter((f) => !f.startsWith('.'))
        .sort(),
    ).toEqual(['a (2).json', 'a.json']);
    // The same order number from another partner is another order.
    drop('b.json', JSON.stringify(jsonOrder({ partner: 'Wonderbox' })));
    expect((await importFile('b.json')).json().bookings[0].created).toBe(true);
  });

  it('never reads outside the folder: traversal, absolute paths, encoded slashes and symlinks are 400', async () => {
    fs.writeFileSync(path.join(path.dirname(dir), 'outside.json'), JSON.stringify(jsonOrder()));
    for (const file of [
      '../outside.json',
      '..%2Foutside.json',
      '%2e%2e%2foutside.json',
      '/etc/passwd',
      `${dir}/a.json`,
      'processed/a.json',
      '..\\outside.json',
      '.results.json',
      'a.json\u0000.csv',
      '',
      42,
      null,
    ]) {
      const response = await importFile(file);
      expect(response.statusCode, String(file)).toBe(400);
      expect(response.json().message).toMatch(/^Nom de fichier invalide/);
    }
    fs.symlinkSync(path.join(path.dirname(dir), 'outside.json'), path.join(dir, 'link.json'));
    const link = await importFile('link.json');
    expect(link.statusCode).toBe(400);
    for (const url of ['/api/remote-orders/..%2F..%2Fetc%2Fpasswd', '/api/remote-orders/%2Fetc%2Fpasswd']) {
      const response = await t.app.inject({ method: 'DELETE', url, headers });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/remote-orders/link.json', headers })).statusCode).toBe(
      400,
    );
    expect(fs.existsSync(path.join(path.dirname(dir), 'outside.json'))).toBe(true);
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 0 });
    expect((await importFile('absent.json')).statusCode).toBe(404);
  });

  it('uploads from the page and from a partner with an API key, then deletes a failed file', async () => {
    const m = multipart('Commande Smartbox é.json', JSON.stringify(jsonOrder()));
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      payload: m.payload,
      headers: { ...headers, ...m.headers },
    });
    expect(page.statusCode).toBe(201);
    expect(page.json()).toEqual({ file: 'Commande Smartbox e.json' });
    const { token } = await apiToken(t);
    const m2 = multipart('../../evil.csv', 'x;y');
    const partner = await t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      payload: m2.payload,
      headers: { authorization: `Bearer ${token}`, ...m2.headers },
    });
    expect(partner.statusCode).toBe(201);
    expect(partner.json()).toEqual({ file: 'evil.csv' });
    // A key reaches the intake only: it cannot list, import or delete.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/remote-orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(403);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wrongType.statusCode).toBe(415);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      ...(() => {
        const m3 = multipart('notes.txt', 'bonjour');
        return { payload: m3.payload, headers: { ...headers, ...m3.headers } };
      })(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Format de fichier non pris en charge : un fichier .json ou .csv est attendu.');

    expect((await importFile('evil.csv')).statusCode).toBe(422);
    expect(fs.existsSync(path.join(dir, 'failed', 'evil.csv'))).toBe(true);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/remote-orders/evil.csv', headers });
    expect(deleted.statusCode).toBe(204);
    expect(fs.existsSync(path.join(dir, 'failed', 'evil.csv'))).toBe(false);
    expect((await list()).map((f) => f.file)).toEqual(['Commande Smartbox e.json']);
  });

  it('refuses everything while the remote-order-import setting is off', async () => {
    await enableImport(t.database.db, false);
    drop('a.json', JSON.stringify(jsonOrder()));
    const m = multipart('a.json', '{}');
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/remote-orders', headers }),
      await importFile('a.json'),
      await t.app.inject({ method: 'DELETE', url: '/api/remote-orders/a.json', headers }),
      await t.app.inject({
        method: 'POST',
        url: '/api/remote-orders',
        payload: m.payload,
        headers: { ...headers, ...m.headers },
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("L'import des commandes à distance est désactivé.");
    }
    expect(await countRows(t.database.db)).toMatchObject({ bookings: 0 });
    expect(fs.existsSync(path.join(dir, 'a.json'))).toBe(true);
  });
});
