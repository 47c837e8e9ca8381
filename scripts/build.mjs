// `npm run build` (everything) and `npm start`'s build step (`--if-changed`: only what changed since the last build).
// domain and server: `tsc -b`, incremental by itself (about 0.2 s when nothing changed). web: `vite build` is not
// incremental, so a hash of its inputs is kept in packages/web/dist/.build-stamp and the build is skipped while the
// hash is unchanged. The stamp lives in dist/, which vite empties: a build by other means leaves no stamp and the
// next start rebuilds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const web = path.join(root, 'packages/web');
export const stampFile = path.join(web, 'dist/.build-stamp');

// Everything the web bundle is made of: its sources and configuration, the domain package it bundles, the
// locked dependency versions, and NODE_ENV and the VITE_* variables vite reads.
const webInputs = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/compress-plugin.ts',
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

function build({ ifChanged }) {
  run('domain, server', [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-b',
    'packages/domain',
    'packages/server',
  ]);
  const hash = webInputsHash();
  const built = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim();
  if (ifChanged && built === hash && fs.existsSync(path.join(web, 'dist/index.html'))) {
    console.log('Application web à jour (sources inchangées depuis la dernière construction).');
    return;
  }
  run('web', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], web);
  fs.writeFileSync(stampFile, `${hash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build({ ifChanged: process.argv.includes('--if-changed') });
}
