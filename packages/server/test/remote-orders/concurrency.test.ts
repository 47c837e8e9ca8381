import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiToken } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { enableImport, jsonOrder, multipart, newPrestation, tempDir } from './support.js';

// Issue 26: requests arriving together on the partner order folder. Every file is written under a name reserved
// atomically, never over another file: twelve partners posting « commande.json » at once keep twelve files.

describe(`remote order folder under concurrent requests on ${engine}`, () => {
  let t: TestApp;
  let dir: string;
  let headers: Record<string, string>;
  let token: string;
  beforeAll(async () => {
    dir = tempDir();
    t = await createTestApp({ config: { remoteOrdersDir: dir } });
    ({ headers } = await signIn(t, 'operator'));
    ({ token } = await apiToken(t));
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

  /** Plain files of a folder (no hidden temporaries, no results), with their content. */
  const contents = (sub = '') =>
    new Map(
      fs
        .readdirSync(path.join(dir, sub), { withFileTypes: true })
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => [d.name, fs.readFileSync(path.join(dir, sub, d.name), 'utf8')]),
    );
  const upload = (filename: string, content: string) => {
    const m = multipart(filename, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/remote-orders',
      payload: m.payload,
      headers: { authorization: `Bearer ${token}`, ...m.headers },
    });
  };
  const importFile = (file: string) =>
    t.app.inject({ method: 'POST', url: '/api/remote-orders/import', headers, payload: { file } });
  const drop = (name: string, content: string, sub = '') => fs.writeFileSync(path.join(dir, sub, name), content);

  it('keeps 20 files with their own bytes when 20 partners post the same file name at once', async () => {
    const sent = Array.from({ length: 20 }, (_, i) => JSON.stringify(jsonOrder({ order_id: `SB-${2000 + i}` })));
    const answers = await Promise.all(sent.map((content) => upload('commande.json', content)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const names = answers.map((a) => a.json().file as string);
    expect(new Set(names).size).toBe(20);
    expect(names).toContain('commande.json');
    expect(names).toContain('commande (20).json');
    // Every 201 names a file that holds exactly what that request sent.
    const folder = contents();
    expect(folder.size).toBe(20);
    for (const [i, name] of names.entries()) expect(folder.get(name), name).toBe(sent[i]);
    // Nothing left aside: the temporaries are gone once each file has its name.
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.upload'))).toEqual([]);
  });

  it('never replaces a file already in processed/ when two imports pick the same free name', async () => {
    drop('a.json', JSON.stringify(jsonOrder({ order_id: 'SB-1' })));
    expect((await importFile('a.json')).statusCode).toBe(200);
    // Both would go to « a (2).json » in processed/: a.json because a.json is taken there, « a (2).json » as is.
    const second = JSON.stringify(jsonOrder({ order_id: 'SB-2' }));
    const third = JSON.stringify(jsonOrder({ order_id: 'SB-3' }));
    drop('a.json', second);
    drop('a (2).json', third);
    const answers = await Promise.all([importFile('a.json'), importFile('a (2).json')]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const processed = contents('processed');
    expect(processed.size).toBe(3);
    expect([...processed.values()].sort()).toEqual(
      [JSON.stringify(jsonOrder({ order_id: 'SB-1' })), second, third].sort(),
    );
    expect(contents()).toEqual(new Map());
    // Each imported file is listed with the booking of its own order, and the order key records its file.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/remote-orders', headers })).json().data as {
      file: string;
      bookings: { id: number }[];
    }[];
    const keys = await t.database.db.selectFrom('remote_orders').select(['file', 'order_id', 'booking_id']).execute();
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      const content = processed.get(key.file);
      expect(content, key.file).toBeDefined();
      expect(`Smartbox/${JSON.parse(content!).order_id}`).toBe(key.order_id);
      expect(listed.find((f) => f.file === key.file)?.bookings.map((b) => b.id)).toEqual([key.booking_id]);
    }
  });

  it('never replaces a file already in failed/ when failing imports pick the same free name', async () => {
    // Ten names, each with a failed file already there and two waiting ones bound for the same « x (2).json ».
    fs.mkdirSync(path.join(dir, 'failed'));
    const names = Array.from({ length: 10 }, (_, i) => `lot${i}`);
    for (const name of names) {
      drop(`${name}.json`, `{"${name}": 1`, 'failed');
      drop(`${name}.json`, `{"${name}": 2`);
      drop(`${name} (2).json`, `{"${name}": 3`);
    }
    const answers = await Promise.all(
      names.flatMap((name) => [importFile(`${name}.json`), importFile(`${name} (2).json`)]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(422);
    expect([...contents('failed').values()].sort()).toEqual(
      names.flatMap((name) => [1, 2, 3].map((n) => `{"${name}": ${n}`)).sort(),
    );
    expect(contents()).toEqual(new Map());
    const listed = (await t.app.inject({ method: 'GET', url: '/api/remote-orders', headers })).json().data as {
      file: string;
      errors: string[];
    }[];
    expect(listed).toHaveLength(30);
    // The files that just failed carry their errors; those already there had no result and still have none.
    expect(listed.filter((f) => f.errors.length > 0)).toHaveLength(20);
  });

  it('moves a file imported five times at once exactly once, with one booking', async () => {
    drop('twice.json', JSON.stringify(jsonOrder()));
    const answers = await Promise.all(Array.from({ length: 5 }, () => importFile('twice.json')));
    for (const answer of answers) expect([200, 404]).toContain(answer.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect([...contents('processed').keys()]).toEqual(['twice.json']);
    expect(contents()).toEqual(new Map());
    expect(fs.readdirSync(path.join(dir, 'processed', '.results'))).toEqual(['twice.json.json']);
    const bookings = await t.database.db.selectFrom('bookings').select('id').execute();
    expect(bookings).toHaveLength(1);
    // The order records the name the file has in processed/.
    const recorded = await t.database.db.selectFrom('remote_orders').select('file').execute();
    expect(recorded.map((r) => r.file)).toEqual(['twice.json']);
  });

  it('deletes a file asked for three times at once once: one 204, then 404, never a 500', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `c${i}.json`);
    for (const name of names) drop(name, '{}');
    const answers = await Promise.all(
      names.flatMap((name) =>
        [1, 2, 3].map(() => t.app.inject({ method: 'DELETE', url: `/api/remote-orders/${name}`, headers })),
      ),
    );
    for (let i = 0; i < names.length; i++) {
      const codes = answers.slice(3 * i, 3 * i + 3).map((a) => a.statusCode);
      expect(codes.sort(), names[i]).toEqual([204, 404, 404]);
    }
    for (const answer of answers.filter((a) => a.statusCode === 404)) {
      expect(answer.json().message).toBe('Fichier introuvable.');
    }
    expect(contents()).toEqual(new Map());
  });

  it('keeps a file posted while a same-named one is being imported', async () => {
    drop('d.json', JSON.stringify(jsonOrder({ order_id: 'SB-4' })));
    const posted = JSON.stringify(jsonOrder({ order_id: 'SB-5' }));
    const [imported, stored] = await Promise.all([importFile('d.json'), upload('d.json', posted)]);
    expect(imported.statusCode).toBe(200);
    expect(stored.statusCode).toBe(201);
    const name = stored.json().file as string;
    // Either beside the waiting one (« d (2).json ») or in its place once it moved: always with its own bytes.
    expect(contents().get(name)).toBe(posted);
    expect([...contents('processed').values()]).toEqual([JSON.stringify(jsonOrder({ order_id: 'SB-4' }))]);
  });
  it('lists the folder while another server process imports one of its files: the file where it went, never a 500', async () => {
    const name = 'entre-deux.json';
    drop(name, JSON.stringify(jsonOrder({ order_id: 'SB-5' })));
    drop('reste.json', JSON.stringify(jsonOrder({ order_id: 'SB-6' })));
    // The other process moves the file between this one's read of the folder and its look at the file.
    const lstat = fsp.lstat;
    const spy = vi.spyOn(fsp, 'lstat').mockImplementation(async (file, ...rest) => {
      if (String(file) === path.join(dir, name)) {
        fs.mkdirSync(path.join(dir, 'processed'), { recursive: true });
        fs.renameSync(path.join(dir, name), path.join(dir, 'processed', name));
      }
      return lstat(file, ...(rest as [])) as never;
    });
    try {
      const listed = await t.app.inject({ method: 'GET', url: '/api/remote-orders', headers });
      expect(listed.statusCode).toBe(200);
      const files = (listed.json().data ?? listed.json()) as { file: string; state: string }[];
      expect(files.map((f) => [f.file, f.state]).sort()).toEqual([
        [name, 'imported'],
        ['reste.json', 'waiting'],
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
