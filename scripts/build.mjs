// `npm run build` (everything) and `npm start`'s build step (`--if-changed`: only what changed since the last build).
// Neither step is free when nothing changed: `vite build` is not incremental, and `tsc -b`, incremental by itself,
// still loads the compiler to find that out (over a second of a start on a slow machine, where issue 13 asks a
// restart to serve in under 3 s). So a hash of each part's inputs is kept in its dist/ (packages/server/dist and
// packages/web/dist/.build-stamp) and the part is skipped while the hash is unchanged. A stamp lives in the dist/ it
// describes: a dist/ emptied or rebuilt by other means (vite empties its own) leaves no stamp, or a stale one, and
// the next start builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const web = path.join(root, 'packages/web');
export const stampFile = path.join(web, 'dist/.build-stamp');
export const serverStampFile = path.join(root, 'packages/server/dist/.build-stamp');
/** What must exist besides the stamp for the domain and server build to count as done. */
const serverOutputs = ['packages/domain/dist/index.js', 'packages/server/dist/main.js'];

// Everything `tsc -b packages/domain packages/server` reads: sources, configurations, and the locked TypeScript.
const serverInputs = [
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/domain/tsconfig.json',
  'packages/server/src',
  'packages/server/package.json',
  'packages/server/tsconfig.json',
  'package-lock.json',
];

// Everything the web bundle is made of: its sources and configuration, the domain package it bundles, the
// locked dependency versions, and NODE_ENV and the VITE_* variables vite reads.
const webInputs = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/terrain.html',
  'packages/web/vite.config.ts',
  'packages/web/compress-plugin.ts',
  'packages/web/mantine-styles-plugin.ts',
  'packages/web/postcss.config.cjs',
  'packages/web/package.json',
  'packages/web/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

function addTree(hash, relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const entry of fs.readdirSync(full).sort()) addTree(hash, path.posix.join(relative, entry));
    return;
  }
  hash.update(`${relative}\0`);
  hash.update(fs.readFileSync(full));
  hash.update('\0');
}

function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) addTree(hash, input);
  return hash.digest('hex');
}

const isStamped = (file, hash) => fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === hash;

export function webInputsHash(env = process.env) {
  const hash = createHash('sha256');
  for (const input of webInputs) addTree(hash, input);
  for (const name of Object.keys(env)
    .filter((key) => key === 'NODE_ENV' || key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

function run(label, args, cwd = root) {
  console.log(`Construction : ${label}`);
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function build({ ifChanged, serverOnly }) {
  const serverHash = inputsHash(serverInputs);
  const serverBuilt = serverOutputs.every((file) => fs.existsSync(path.join(root, file)));
  if (ifChanged && serverBuilt && isStamped(serverStampFile, serverHash)) {
    console.log('Serveur à jour (sources inchangées depuis la dernière construction).');
  } else {
    run('domain, server', [
      path.join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'packages/domain',
      'packages/server',
    ]);
    fs.writeFileSync(serverStampFile, `${serverHash}\n`);
  }
  if (serverOnly) return;
  const hash = webInputsHash();
  if (ifChanged && isStamped(stampFile, hash) && fs.existsSync(path.join(web, 'dist/index.html'))) {
    console.log('Application web à jour (sources inchangées depuis la dernière construction).');
    return;
  }
  run('web', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], web);
  fs.writeFileSync(stampFile, `${hash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --server: the domain and the server only (the server test suite's child processes run the built server).
  build({ ifChanged: process.argv.includes('--if-changed'), serverOnly: process.argv.includes('--server') });
}
