import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, ROOT, signIn, startServer } from './browser-server.js';

// `npm run lighthouse [-- --screens dashboard,planning] [--runs N] [--desktop] [--nginx] [--applied] [--save folder]`: Lighthouse's performance score of
// each main screen, as a member of staff meets it on a phone or tablet: mobile preset (a simulated mid-range phone on
// slow 4G), signed in, a first visit (fresh browser profile: no service worker, no cache), on the demo season.
// Starts the built server (`npm start`'s dist/main.js) on a fresh SQLite file in a temporary folder, fills it with
// `seed:demo`, signs in through the API as the web app does, then runs Lighthouse in Debian's Chromium once per
// screen (the median of --runs when more than one). Lighthouse itself comes from the npm registry into
// bench/.lighthouse on first use: two hundred packages that neither `npm ci` nor CI need. --save keeps each
// report's JSON (what loaded, in which order, what ran on the main thread). --nginx serves the screens as
// docs/operations.md lays production out: Debian's nginx in front, TLS (a certificate made for the run) and HTTP/2,
// where the bare server speaks HTTP/1.1 and the simulated phone queues its requests on six connections.

const LIGHTHOUSE_VERSION = '12.8.2';
const INSTALL_DIR = path.join(ROOT, 'bench/.lighthouse');
const ADMIN = { email: 'lighthouse@example.test', password: 'Lighthouse-mesure-2026' };
const TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200 } as const;

type Screen = { key: string; label: string; path: (ids: Ids) => string };
type Ids = { booking: number; flight: number };

const SCREENS: Screen[] = [
  { key: 'dashboard', label: 'tableau de bord', path: () => '/dashboard' },
  { key: 'bookings', label: 'réservations en attente', path: () => '/bookings/pending' },
  { key: 'booking', label: 'une réservation', path: (ids) => `/bookings/${ids.booking}/summary` },
  { key: 'planning', label: 'planning', path: () => '/planning' },
  { key: 'flight', label: 'un vol', path: (ids) => `/flights/${ids.flight}/summary` },
  { key: 'plan', label: 'son plan de vol', path: (ids) => `/flights/${ids.flight}/operating-plan` },
];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function loadLighthouse() {
  const entry = path.join(INSTALL_DIR, 'node_modules/lighthouse/core/index.js');
  if (!fs.existsSync(entry)) {
    console.log(`Installation de Lighthouse ${LIGHTHOUSE_VERSION} dans ${path.relative(ROOT, INSTALL_DIR)}…`);
    fs.mkdirSync(INSTALL_DIR, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', INSTALL_DIR, `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  const lighthouse = (await import(pathToFileURL(entry).href)).default;
  const puppeteer = (
    await import(
      pathToFileURL(path.join(INSTALL_DIR, 'node_modules/puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).href
    )
  ).default;
  const launcher = await import(
    pathToFileURL(path.join(INSTALL_DIR, 'node_modules/chrome-launcher/dist/index.js')).href
  );
  return {
    lighthouse,
    puppeteer: puppeteer as { connect(options: { browserURL: string }): Promise<PuppeteerBrowser> },
    launch: launcher.launch as (options: object) => Promise<{ port: number; kill(): void }>,
  };
}

/** A booking and a flight of the demo season that carry passengers: the summaries as busy as they get. */
async function pickIds(base: string, cookie: string): Promise<Ids> {
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { cookie, accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} : ${response.status}`);
    return (await response.json()) as { data: { id: number; flight_id?: number }[] };
  };
  const bookings = await get('/api/bookings?order=passengers_number|DESC&page=1');
  // The latest registration's flight: one still ahead in the season, with passengers.
  const registrations = await get('/api/registrations?order=id|DESC&page=1&per_page=1');
  const booking = bookings.data[0]?.id;
  const flight = registrations.data[0]?.flight_id;
  if (!booking || !flight) throw new Error('Données de démonstration sans réservation ni vol.');
  return { booking, flight };
}

type PuppeteerBrowser = {
  newPage(): Promise<{
    createCDPSession(): Promise<{ send(method: string, params: object): Promise<unknown> }>;
    close(): Promise<void>;
  }>;
  disconnect(): Promise<void>;
};

/**
 * The session's cookies put into the fresh browser's own jar, without loading any page (its cache stays empty): the
 * web app reads the anti-forgery cookie and may renew it, which a fixed Cookie header on every request would defeat.
 */
async function giveCookies(
  puppeteer: { connect(options: { browserURL: string }): Promise<PuppeteerBrowser> },
  port: number,
  base: string,
  cookies: Map<string, string>,
) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  await session.send('Network.setCookies', {
    cookies: [...cookies].map(([name, value]) => ({ name, value, url: base, httpOnly: name !== 'XSRF-TOKEN' })),
  });
  await page.close();
  await browser.disconnect();
}

/** nginx with TLS and HTTP/2 in front of `upstream`, as in docs/operations.md; its files in a folder of its own. */
async function startTlsProxy(upstream: string): Promise<{ base: string; child: ChildProcess; dir: string }> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) throw new Error('nginx introuvable : apt-get install nginx.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-nginx-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      `${dir}/key.pem`,
      '-out',
      `${dir}/cert.pem`,
    ]),
    { stdio: 'ignore' },
  );
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
  );
  fs.writeFileSync(
    `${dir}/nginx.conf`,
    `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
${temp.join('\n')}
  access_log off;
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-c', `${dir}/nginx.conf`, '-p', dir, '-e', `${dir}/error.log`], { stdio: 'ignore' });
  for (let attempt = 0; ; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (attempt > 50 || child.exitCode !== null) throw new Error(`nginx n'a pas démarré (${dir}/error.log).`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base: `https://127.0.0.1:${port}`, child, dir };
}

type Measure = { score: number; fcp: number; lcp: number; tbt: number; requests: number; scriptKb: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const runs = Math.max(1, Number(option('runs') ?? 1));
  const wanted = option('screens')?.split(',');
  const screens = wanted ? SCREENS.filter((s) => wanted.includes(s.key)) : SCREENS;
  const desktop = process.argv.includes('--desktop');
  // Lighthouse's 'devtools' throttling: the page is really slowed (4× processor, slow 4G's latency and bandwidth)
  // and what it does is timed, instead of a fast load replayed through Lighthouse's model of a phone. The model
  // cannot see that the frame paints before the page: in the fast load every chunk has arrived before either.
  const applied = process.argv.includes('--applied');
  if (!fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error("L'application web n'est pas construite : npm run build.");
  }
  const { lighthouse, launch, puppeteer } = await loadLighthouse();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const server = await startServer(dataDir, ADMIN);
  const { child } = server;
  const proxy = process.argv.includes('--nginx') ? await startTlsProxy(server.base) : null;
  // The browser's address; the script itself signs in and picks the records on the server's own.
  const base = proxy?.base ?? server.base;
  const rows: { screen: Screen; measure: Measure }[] = [];
  try {
    const cookies = await signIn(server.base, ADMIN);
    const ids = await pickIds(server.base, [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    for (const screen of screens) {
      const measures: Measure[] = [];
      // A run Lighthouse could not finish is made again (as many extra runs as asked at most), so that a median is
      // of --runs measures: the first screen's runs failed with NO_NAVSTART two times in three on one machine.
      for (let run = 0; measures.length < runs && run < runs * 2; run++) {
        // A browser per run: a fresh profile is a first visit (no service worker, no HTTP cache).
        const chrome = await launch({
          chromePath: CHROMIUM,
          // The run's own certificate is not one the browser knows.
          chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...(proxy ? ['--ignore-certificate-errors'] : [])],
        });
        try {
          await giveCookies(puppeteer, chrome.port, base, cookies);
          const result = await lighthouse(
            `${base}${screen.path(ids)}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            {
              extends: 'lighthouse:default',
              settings: {
                ...(desktop ? { formFactor: 'desktop', screenEmulation: { disabled: true } } : {}),
                ...(applied ? { throttlingMethod: 'devtools' as const } : {}),
                // The session's cookies are in the browser's jar (giveCookies); nothing else is kept.
                disableStorageReset: true,
                onlyCategories: ['performance'],
              },
            },
          );
          const lhr = result.lhr;
          const saveDir = option('save');
          if (saveDir) {
            fs.mkdirSync(saveDir, { recursive: true });
            fs.writeFileSync(path.join(saveDir, `${screen.key}-${run + 1}.json`), JSON.stringify(lhr));
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
            resourceType?: string;
            transferSize?: number;
          }[];
          const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].map(audit);
          if (metrics.some((value) => !Number.isFinite(value))) {
            // A run Lighthouse could not finish (no paint seen, a page error): left out of the median, said here.
            console.log(
              `${screen.label} : mesure ${run + 1} écartée (${lhr.runtimeError?.code ?? 'métrique absente'})`,
            );
            continue;
          }
          measures.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            requests: items.length,
            scriptKb:
              items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024,
          });
        } finally {
          chrome.kill();
        }
      }
      const pick = <K extends keyof Measure>(key: K) =>
        measures.length === 0 ? Number.NaN : median(measures.map((m) => m[key]));
      const measure: Measure = {
        score: pick('score'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        requests: pick('requests'),
        scriptKb: pick('scriptKb'),
      };
      rows.push({ screen, measure });
      console.log(`${screen.label} : ${measure.score}`);
    }
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (proxy) {
      proxy.child.kill();
      fs.rmSync(proxy.dir, { recursive: true, force: true });
    }
  }
  const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log(
    `\nLighthouse ${LIGHTHOUSE_VERSION}, ${desktop ? 'ordinateur' : 'mobile (téléphone moyen simulé, 4G lente)'}, ` +
      `première visite connectée, données de démonstration${runs > 1 ? `, médiane de ${runs} mesures` : ''}` +
      (applied ? ', ralentissement appliqué (devtools)' : '') +
      (proxy ? ', derrière nginx (TLS, HTTP/2)' : ', serveur nu (HTTP/1.1)'),
  );
  const header = `${'écran'.padEnd(26)}${'score'.padStart(6)}${'FCP s'.padStart(8)}${'LCP s'.padStart(8)}${'TBT ms'.padStart(8)}${'requêtes'.padStart(10)}${'JS ko'.padStart(8)}  score≥90  LCP<2,5s  TBT<200`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const fr = (n: number, digits: number) =>
    n.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  for (const { screen, measure: m } of rows) {
    console.log(
      `${screen.label.padEnd(26)}${String(m.score).padStart(6)}${fr(m.fcp / 1000, 1).padStart(8)}${fr(m.lcp / 1000, 1).padStart(8)}` +
        `${fr(m.tbt, 0).padStart(8)}${String(m.requests).padStart(10)}${fr(m.scriptKb, 0).padStart(8)}` +
        `  ${pass(m.score >= TARGETS.score).padEnd(8)}  ${pass(m.lcp < TARGETS.lcpMs).padEnd(8)}  ${pass(m.tbt < TARGETS.tbtMs)}`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
