import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from './helpers.js';

// The built SPA served by the API process: client routes fall back to index.html, assets go out precompressed.
describe(`web app serving on ${engine}`, () => {
  let t: TestApp;
  let dir: string;
  const script = `console.log(${JSON.stringify('Montgolfière '.repeat(200))});`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Back-office</title>');
    fs.writeFileSync(path.join(dir, 'terrain.html'), '<!doctype html><title>Terrain</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'app-123.js.br'), zlib.brotliCompressSync(script));
    t = await createTestApp({ config: { webDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a client route (GET and HEAD) with index.html, never cached', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/other-data/balloons' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      if (method === 'GET') expect(response.body).toContain('<title>Back-office</title>');
    }
  });

  it("answers the launch field's addresses with its own page, the office's neighbours with index.html", async () => {
    for (const url of ['/terrain', '/terrain/', '/terrain/42', '/terrain/42?from=planning', '/terrain/abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>Terrain</title>');
    }
    // Not the field's: a longer path, a look-alike name.
    for (const url of ['/terrain/42/summary', '/terrains', '/other-data/terrain']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<title>Back-office</title>');
    }
  });

  it('sends the brotli file to a browser that accepts it, with a year-long cache on hashed assets', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('never answers an API path with the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
