// Issue 13 point 3: the natural order, run for real: `npm start` (the first administrator is created), look,
// stop, then `npm run seed:demo` with the same DATA_DIR; the demo data is there and the administrator still
// signs in. A second seed:demo refuses, saying why.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-demo-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'))),
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL;

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The built server (scripts/build.mjs first), until `work` is done with its output and port. */
async function withServer(work) {
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 20_000;
    while (!output.includes('Back-office prêt') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(output).toContain('Back-office prêt');
    return await work(`http://127.0.0.1:${port}`, output);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function signIn(base, email, password) {
  const csrf = await fetch(`${base}/csrf-cookie`);
  const cookies = csrf.headers.getSetCookie().map((line) => line.split(';')[0]);
  const token = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN=')).split('=')[1]);
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': token },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  return [...cookies, ...login.headers.getSetCookie().map((line) => line.split(';')[0])].join('; ');
}

test('seed:demo after the first start, with the same DATA_DIR', { timeout: 180_000 }, async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  const [, email, password] = await withServer(async (_base, output) =>
    output.match(/Administrateur créé : (\S+) \/ (\S+)/),
  );
  expect(email).toBe('admin@localhost');

  const seed = spawnSync('npm', ['run', 'seed:demo', '--silent'], { cwd: root, env, encoding: 'utf8' });
  expect(seed.status, seed.stderr).toBe(0);
  expect(seed.stdout).toContain('Données de démonstration insérées');

  await withServer(async (base, output) => {
    expect(output).not.toContain('Administrateur créé');
    const cookie = await signIn(base, email, password);
    const bookings = await fetch(`${base}/api/bookings?page=1`, { headers: { cookie } });
    expect(bookings.status).toBe(200);
    expect((await bookings.json()).count).toBe(300);
  });

  const again = spawnSync('npm', ['run', 'seed:demo', '--silent'], { cwd: root, env, encoding: 'utf8' });
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('La base contient déjà des réservations');
});
