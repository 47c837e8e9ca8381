// Issue 13 point 1: `npm start` on an unchanged checkout serves at once (no rebuild), and the build it does
// when sources changed shows no Vite warning. Runs the real commands. How long the start takes is printed, not
// asserted: a loaded CI machine took 3.2 s where a quiet one takes 1.5 s, and speed lives in the bench.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { serverStampFile, stampFile, webInputsHash } from './build.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// The commands run as a user runs them: without the NODE_ENV=test and VITEST* variables of this runner (with
// NODE_ENV=test, vite builds a development bundle).
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
);

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function buildIfChanged() {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout + result.stderr;
}

test('a changed source rebuilds the web app, without a Vite warning', { timeout: 180_000 }, () => {
  // A fresh checkout (CI's) has no build yet: its first build is the one looked at, rather than a second one made
  // after changing the stamp (half a minute of a slow machine).
  let output = buildIfChanged();
  if (!output.includes('Construction : web')) {
    fs.writeFileSync(stampFile, 'not the hash of the sources\n');
    output = buildIfChanged();
  }
  expect(output).toContain('Construction : web');
  // Rollup's warnings began with '(!)'; Rolldown's (Vite 8) with their code in capitals, '[INEFFECTIVE_DYNAMIC_IMPORT]'.
  expect(output).not.toMatch(/configLoader|\(!\)|\[[A-Z][A-Z_]+\]/);
  expect(fs.readFileSync(stampFile, 'utf8').trim()).toBe(webInputsHash(env));
});

test('an unchanged server is not compiled again, a changed one is', { timeout: 120_000 }, () => {
  buildIfChanged();
  expect(buildIfChanged()).toContain('Serveur à jour');
  fs.writeFileSync(serverStampFile, 'not the hash of the sources\n');
  const output = buildIfChanged();
  expect(output).toContain('Construction : domain, server');
  expect(buildIfChanged()).toContain('Serveur à jour');
});

test('npm start on an unchanged checkout serves without building anything', { timeout: 60_000 }, async () => {
  buildIfChanged();
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    detached: true,
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    let elapsed = 0;
    let ok = false;
    for (;;) {
      ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      elapsed = Date.now() - started;
      if (ok || elapsed > 20_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toContain('Application web à jour');
    expect(output).not.toContain('Construction : web');
    expect(output).not.toContain('Construction : domain, server');
    expect(ok, output).toBe(true);
    console.log(`npm start a servi en ${elapsed} ms`);
  } finally {
    // npm and the server it started: the whole process group of this child, nothing else.
    process.kill(-child.pid, 'SIGTERM');
  }
});
