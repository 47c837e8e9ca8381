// `npm run typecheck`: the domain and server built first (the other programs read the domain's declarations), then
// the server with its tests and the bench, the web app and the browser tests, checked at once. The compiler uses
// one core: one after the other, the second core sat idle for most of CI's check step.
import { spawn, spawnSync } from 'node:child_process';

const tsc = ['node_modules/typescript/bin/tsc'];
const first = spawnSync(process.execPath, [...tsc, '-b', 'packages/domain', 'packages/server'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const programs = [
  ['-p', 'tsconfig.node.json'],
  ['-p', 'packages/web', '--noEmit'],
  ['-p', 'e2e', '--noEmit'],
];
const results = await Promise.all(
  programs.map(
    (args) =>
      new Promise((resolve) => {
        let output = '';
        const child = spawn(process.execPath, [...tsc, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('close', (code) => resolve({ args, code: code ?? 1, output }));
      }),
  ),
);
// Each program's errors together, after all have ended.
for (const { args, code, output } of results) {
  if (output) process.stdout.write(output);
  if (code !== 0) console.error(`tsc ${args.join(' ')} : échec`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
