import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What the browser measurements (npm run lighthouse, npm run field-speed) share: the built server on a fresh SQLite
// file filled with the demo season, and a session signed in the way the web app signs in.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Account = { email: string; password: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The built server (`npm start`'s dist/main.js) on `dataDir`, after the demo season; `account` is its administrator. */
export async function startServer(dataDir: string, account: Account): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: account.email,
    ADMIN_PASSWORD: account.password,
    LOG_LEVEL: 'warn',
    APP_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  // The demo season first (it migrates the empty file), then the server, which creates the administrator.
  execFileSync(process.execPath, [path.join(ROOT, 'packages/server/dist/cli/seed-demo.js')], { env, stdio: 'inherit' });
  const child = spawn(process.execPath, [path.join(ROOT, 'packages/server/dist/main.js')], { env, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('Le serveur ne répond pas sur /health.');
}

/** The cookies of a signed-in session, taken the way the web app signs in (XSRF cookie and header, then /login). */
export async function signIn(base: string, account: Account): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  keep(await fetch(`${base}/csrf-cookie`));
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...sessionHeaders(jar) },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`Connexion refusée : ${response.status} ${await response.text()}`);
  keep(response);
  return jar;
}

/** The Cookie and anti-forgery headers of a session's jar, as the web app sends them on a write. */
export function sessionHeaders(jar: Map<string, string>): Record<string, string> {
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  };
}
