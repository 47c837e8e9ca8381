// Issue 13 point 2: at `info`, a request has its own log line only when it is an API call that changes something
// or fails; API reads and the web app's files are summed up in one line per interval; LOG_LEVEL=debug logs them all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { Browser, createUser } from './auth/support.js';
import { createTestDatabase, type TestDatabase, testConfig } from './helpers.js';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-log-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Montgolfière</title>');
fs.writeFileSync(path.join(webDir, 'assets/index-abc123.js'), 'console.log(1);');
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

type Line = { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } };

async function start(logLevel: string, requestLogSummaryMs?: number) {
  const database: TestDatabase = await createTestDatabase();
  const lines: Line[] = [];
  const app: FastifyInstance = await buildApp({
    config: testConfig({ logLevel, webDir }),
    database,
    logger: true,
    logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
    ...(requestLogSummaryMs ? { requestLogSummaryMs } : {}),
  });
  await app.ready();
  return { app, database, lines, close: () => app.close().then(() => database.destroy()) };
}

/** An hour of use in small: the app's files, a sign-in, reads, a failed sign-in. */
async function use(t: { app: FastifyInstance; database: TestDatabase }) {
  const user = await createUser(t as never, { role: 'admin' });
  const browser = new Browser(t);
  expect((await browser.request('GET', '/bookings')).statusCode).toBe(200);
  expect((await browser.request('GET', '/assets/index-abc123.js')).statusCode).toBe(200);
  expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
  expect((await browser.login(user.email, user.password!)).statusCode).toBe(200);
  for (let i = 0; i < 3; i++) expect((await browser.request('GET', '/api/me')).statusCode).toBe(200);
  expect((await browser.request('GET', '/health')).statusCode).toBe(200);
  expect((await new Browser(t).login(user.email, 'mauvais mot de passe')).statusCode).toBe(422);
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.req).map((l) => `${l.req!.method} ${l.req!.url}`);

describe('request log', () => {
  it('at info: a line per API call that changes something or fails, a summary for the rest, no file of the web app', async () => {
    const t = await start('info');
    await use(t);
    expect(requestLines(t.lines)).toEqual(['GET /api/me', 'POST /login', 'POST /login']);
    expect(t.lines.find((l) => l.req?.method === 'GET')?.res?.statusCode).toBe(401);
    await t.close();
    // The counted requests are summed up when the interval ends, at the latest when the server stops:
    // the two GET /csrf-cookie, three GET /api/me and GET /health; the SPA page and the script.
    const summaries = t.lines.filter((line) => line.msg.startsWith('requêtes sans détail'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: 30, apiReads: 6, webFiles: 2 });
  });

  it('sums up once per interval, and says nothing for an idle interval', async () => {
    const t = await start('info', 200);
    await use(t);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const summaries = () => t.lines.filter((line) => line.msg.startsWith('requêtes sans détail'));
    const written = summaries();
    expect(written.length).toBeGreaterThan(0);
    const sum = (key: 'apiReads' | 'webFiles') =>
      written.reduce((total, line) => total + (line as unknown as Record<string, number>)[key]!, 0);
    expect([sum('apiReads'), sum('webFiles')]).toEqual([6, 2]);
    // Idle since the last summary (and since the 500 ms wait's intervals): stopping adds none.
    await t.close();
    expect(summaries()).toHaveLength(written.length);
  });

  it('at debug: every request has its line again', async () => {
    const t = await start('debug');
    await use(t);
    await t.close();
    expect(requestLines(t.lines)).toEqual([
      'GET /bookings',
      'GET /assets/index-abc123.js',
      'GET /api/me',
      'GET /csrf-cookie',
      'POST /login',
      'GET /api/me',
      'GET /api/me',
      'GET /api/me',
      'GET /health',
      'GET /csrf-cookie',
      'POST /login',
    ]);
    expect(t.lines.some((line) => line.msg.startsWith('requêtes sans détail'))).toBe(false);
  });
});
