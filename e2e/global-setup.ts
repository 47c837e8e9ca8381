import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './tests/support/accounts.js';

// Starts what the browser tests run against, from the build `npm run test:e2e` has just made (nothing is built here):
// - a real SMTP server on a random port, keeping every mail in memory, readable over a tiny local HTTP endpoint;
// - the production server (`node packages/server/dist/main.js`) on a free port, with a fresh DATA_DIR and a copy
//   of the built web app (WEB_DIR), so the new-version test can deploy a changed service worker into it.
// Everything is stopped by the returned teardown.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'packages/server/dist/main.js');
const webDist = path.join(root, 'packages/web/dist');

export type CapturedMail = { to: string[]; raw: string; receivedAt: number };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startSmtp(mails: CapturedMail[]): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** GET /mails?to=address → the mails received for that address, oldest first. */
async function startMailbox(mails: CapturedMail[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (code ${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /health within 30 s:\n${log()}`);
}

export default async function globalSetup() {
  for (const [file, hint] of [
    [serverMain, 'npm run build -w @app/server'],
    [path.join(webDist, 'index.html'), 'npm run build -w @app/web'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`${hint}\` (or \`npm run test:e2e\`).`);
  }

  const mails: CapturedMail[] = [];
  const smtp = await startSmtp(mails);
  const mailbox = await startMailbox(mails);

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'montgolfiere-e2e-'));
  const dataDir = path.join(tempDir, 'data');
  const webDir = path.join(tempDir, 'web');
  fs.cpSync(webDist, webDir, { recursive: true });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    APP_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Montgolfière <no-reply@e2e.test>',
    WEB_DIR: webDir,
    LOG_LEVEL: 'warn',
    // The specs' fake WooCommerce shops listen on 127.0.0.1 over http: an intranet install's setting.
    SHOP_ALLOW_PRIVATE: '1',
  };
  delete serverEnv.DATABASE_URL;

  let output = '';
  const child = spawn(process.execPath, [serverMain], { cwd: root, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitForHealth(baseUrl, child, () => output);

  // Read by the tests (workers inherit the environment set here).
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_URL = mailbox.url;
  process.env.E2E_WEB_DIR = webDir;
  process.env.E2E_SERVER_ENV = JSON.stringify({ DATA_DIR: dataDir, PORT: String(port), APP_URL: baseUrl });

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await Promise.all([smtp.close(), mailbox.close()]);
    fs.rmSync(tempDir, { recursive: true, force: true });
    if (process.env.E2E_SHOW_SERVER_LOG) console.log(output);
  };
}
