// `npm run dev`: the API (tsx watch) on :3000 and Vite with hot reload on :5173, proxying the API.
import { spawn } from 'node:child_process';

const run = (cmd, args, env = {}) =>
  spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env }, shell: false });
const children = [
  run('npx', ['tsx', 'watch', '--conditions=source', 'packages/server/src/main.ts']),
  run('npx', ['vite', 'packages/web']),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
