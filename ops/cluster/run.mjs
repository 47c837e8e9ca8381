// `npm run test:cluster` (issue 32): the scale-out claim tested for real. PostgreSQL (a database of its own, dropped
// at the end), two built servers (packages/server/dist/main.js) on two ports sharing one DATA_DIR, Debian's nginx in
// front of them as the load balancer (its own config in a temp folder, not the system service) and a real SMTP
// server. For 60 s a mixed load goes through nginx, as the web app and a partner send it; at second 20 one server
// gets `kill -9`, at second 40 it is started again. Then the database is read back and every promise is checked:
// nothing acknowledged lost or written twice, each mail delivered once, the daily expiry run once, sessions served by
// both servers, no 5xx from the surviving one. Exits 1 on any violation.
//
// CLUSTER_SECONDS shortens the load (the kill and the restart stay at a third and two thirds of it),
// CLUSTER_PG_URL names the PostgreSQL server (default: DATABASE_URL_TEST's, else postgres://postgres@127.0.0.1:5432),
// CLUSTER_KEEP=1 keeps the temp folder (nginx log, server logs) and the database for a look afterwards.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(root, 'packages/server/dist/main.js');
const webDist = path.join(root, 'packages/web/dist');

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 60);
const KILL_AT = SECONDS / 3;
const RESTART_AT = (2 * SECONDS) / 3;
const WORKERS = 6;
const EXPIRED_BOOKINGS = 12;
const ADMIN_EMAIL = 'cluster@example.test';
const ADMIN_PASSWORD = 'Cluster-Montgolfiere-2026';
/** The server of the test suites' database (DATABASE_URL_TEST in CI); the cluster's own database is made beside. */
const PG_URL = (() => {
  if (process.env.CLUSTER_PG_URL) return process.env.CLUSTER_PG_URL;
  const url = new URL(process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();
const KEEP = process.env.CLUSTER_KEEP === '1';

const violations = [];
// Whatever happens to this script, no server or nginx outlives it.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
const fail = (message) => violations.push(message);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pad = (n) => String(n).padStart(2, '0');
const localDate = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
// The operator's day: the server reads 'today' in its operator_time_zone setting (Europe/Paris by default), not in
// this machine's zone; around midnight the two differ.
const operatorDay = (d = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
const addDays = (days) => operatorDay(new Date(Date.now() + days * 86_400_000));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

// ---- the SMTP server: every message kept in memory -------------------------------------------------------------

async function startSmtp(mails) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[0];
        const messageId = head.match(/^message-id:\s*(\S+)/im)?.[1] ?? '';
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), messageId });
        callback();
      });
    },
  });
  // The server killed at second 20 may be in the middle of a mail: its connection is reset, which smtp-server
  // emits as an 'error' event. Unheard, that event ended this whole run (a clean-clone CI, 29 November 2026). A mail
  // cut off that way is not kept (its DATA never ended), and is counted by the checks like any other.
  server.on('error', (error) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`SMTP : ${error.message}`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

// ---- the servers -------------------------------------------------------------------------------------------------

function startServer(name, port, env, logDir) {
  const log = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  // The flags of `npm start`.
  const child = spawn(process.execPath, ['--max-old-space-size=256', '--heap-growing-percent=300', serverMain], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { name, port, child, url: `http://127.0.0.1:${port}`, logFile: path.join(logDir, `${name}.log`) };
}

async function waitForHealth(server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`${server.name} s'est arrêté :\n${fs.readFileSync(server.logFile, 'utf8').slice(-3000)}`);
    }
    try {
      const response = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${server.name} ne répond pas sur /health après ${timeoutMs / 1000} s`);
}

async function stopProcess(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, sleep(graceMs)]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

// ---- nginx ---------------------------------------------------------------------------------------------------------

function nginxConfig(dir, port, upstreams) {
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format cluster '$msec $request_time $status "$upstream_addr" "$upstream_status" "$request_method $request_uri"';
  access_log ${dir}/nginx-access.log cluster;
  upstream backoffice {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 11m;
    location / {
      proxy_pass http://backoffice;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

// ---- an HTTP client holding its cookies, as a browser does ------------------------------------------------------

const requests = [];

class Client {
  constructor(baseUrl, { record = true } = {}) {
    this.baseUrl = baseUrl;
    this.cookies = new Map();
    this.record = record;
    this.upstreams = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** kind: 'read' | 'write' | 'page' | 'setup'; answers {status, body, upstream, ms}; status 0 when no answer. */
  async call(method, url, { json, form, bearer, kind = 'read' } = {}) {
    const headers = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && this.cookies.has('XSRF-TOKEN')) {
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN'));
    }
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) body = form;
    const start = Date.now();
    let status = 0;
    let text = '';
    let upstream = '';
    try {
      const response = await fetch(this.baseUrl + url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      upstream = response.headers.get('x-upstream') ?? '';
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
        if (expired) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      text = await response.text();
    } catch (error) {
      text = String(error?.cause?.message ?? error?.message ?? error);
    }
    const end = Date.now();
    if (this.record) requests.push({ method, url, kind, status, start, end, upstream });
    // The server that answered: the last address nginx tried.
    const answeredBy = upstream.split(',').pop().trim();
    if (status >= 200 && status < 300 && answeredBy) {
      this.upstreams.set(answeredBy, (this.upstreams.get(answeredBy) ?? 0) + 1);
    }
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status, body: parsed, upstream: answeredBy, ms: end - start };
  }

  async signIn(email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
    const csrf = await this.call('GET', '/csrf-cookie', { kind: 'setup' });
    const login = await this.call('POST', '/login', { json: { email, password }, kind: 'setup' });
    if (login.status !== 200)
      throw new Error(`connexion refusée : ${csrf.status}/${login.status} ${JSON.stringify(login.body)}`);
    return login;
  }
}

const ok = (answer) => answer.status >= 200 && answer.status < 300;

async function must(answer, what) {
  const result = await answer;
  if (!ok(result)) throw new Error(`${what} : ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

// ---- setup: the reference data, seeded through the API of a first server alone ----------------------------------

async function seed(api, pool) {
  const world = {};
  await must(
    api.call('PUT', '/api/settings/remote_orders_import_enabled', { json: { value: '1' }, kind: 'setup' }),
    'réglage',
  );
  world.location = await must(
    api.call('POST', '/api/locations', { json: { label: 'Chambley' }, kind: 'setup' }),
    'lieu',
  );
  world.balloon = await must(
    api.call('POST', '/api/balloons', {
      json: { label: 'F-GCLU', passengers: 100, takeoff_max_mass: 5000 },
      kind: 'setup',
    }),
    'ballon',
  );
  world.prestation = await must(
    api.call('POST', '/api/prestations', { json: { label: 'Vol classique' }, kind: 'setup' }),
    'prestation',
  );
  world.apiKey = (
    await must(api.call('POST', '/api/api-clients', { json: { name: 'Partenaire cluster' }, kind: 'setup' }), 'clé')
  ).token;
  const flight = (day, time) =>
    must(
      api.call('POST', '/api/flights', {
        json: {
          scheduled_date: addDays(day),
          scheduled_time: time,
          location_id: world.location.id,
          balloon_id: world.balloon.id,
          prestation_id: world.prestation.id,
        },
        kind: 'setup',
      }),
      'vol',
    );
  // Flights the load registers passengers on, and flights (already boarded) it postpones for the weather.
  const range = (n) => Array.from({ length: n }, (_, i) => i);
  world.flights = await Promise.all(range(8).map((i) => flight(3 + i, i % 2 ? '18:30' : '06:30')));
  world.postponable = await Promise.all(
    range(3).map(async (i) => {
      const f = await flight(20 + i, '07:00');
      const passengers = [];
      await Promise.all(
        range(3).map(async (b) => {
          const booking = await createBooking(api, world, `Report${i}${b}`, 'setup');
          if (!booking) throw new Error('réservation de préparation non créée');
          for (const passenger of booking.passengers) {
            await must(
              api.call('POST', '/api/registrations', {
                json: { flight_id: f.id, passenger_id: passenger.id },
                kind: 'setup',
              }),
              'inscription',
            );
            passengers.push(passenger.id);
          }
        }),
      );
      return { id: f.id, passengers };
    }),
  );
  // Vouchers past their validity: the daily expiry, due when the cluster starts, must turn them 'Périmée' once.
  // Numbers of their own (staff may type any): twelve at once would otherwise race for the proposed one.
  world.expired = await Promise.all(
    range(EXPIRED_BOOKINGS).map(async (i) => {
      const booking = await must(
        api.call('POST', '/api/bookings', {
          json: {
            number: `PERIME-${process.pid}-${i}`,
            passengers_number: 1,
            booked_at: '2020-01-15',
            validity_date: '2021-01-14',
          },
          kind: 'setup',
        }),
        'réservation périmée',
      );
      return booking.id;
    }),
  );
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM bookings WHERE booking_status_id = 5');
  if (rows[0].n !== 0) throw new Error('le passage quotidien a déjà tourné pendant la préparation');
  return world;
}

// ---- the writes, each remembered with whether the client saw it acknowledged ------------------------------------

const ledger = {
  customers: [],
  bookings: [],
  passengers: [],
  registrations: [],
  statuses: new Map(),
  imports: [],
  mails: [],
  postponements: [],
};
let markerSeq = 0;
const marker = (prefix) => {
  markerSeq += 1;
  return `${prefix}${process.pid}x${markerSeq}`;
};

/** Customer, booking with the next number (another one when a concurrent write took it), its referent passenger. */
async function createBooking(api, world, prefix, kind = 'write') {
  const name = marker(prefix);
  const email = `${name.toLowerCase()}@cluster.test`;
  const customer = await api.call('POST', '/api/customers', {
    json: { customer_type_id: 2, first_name: 'Claire', last_name: name, email },
    kind,
  });
  if (kind !== 'setup') ledger.customers.push({ marker: name, acked: ok(customer), id: customer.body?.id });
  if (!ok(customer)) return undefined;
  let booking;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const next = await api.call('GET', '/api/booking-next-number', { kind: kind === 'setup' ? 'setup' : 'read' });
    if (!ok(next)) return undefined;
    booking = await api.call('POST', '/api/bookings', {
      json: {
        number: next.body.number,
        passengers_number: 10,
        customer_id: customer.body.id,
        location_id: world.location.id,
        prestation_id: world.prestation.id,
      },
      kind,
    });
    if (booking.status !== 422) break;
  }
  if (kind !== 'setup')
    ledger.bookings.push({
      customerId: customer.body.id,
      acked: ok(booking),
      id: booking.body?.id,
      number: booking.body?.number,
    });
  if (!ok(booking)) return undefined;
  const state = { id: booking.body.id, number: booking.body.number, name, email, passengers: [], status: 1 };
  const referent = await addPassenger(api, state, { is_referent: 1, email }, kind);
  if (!referent && kind === 'setup') throw new Error('passager référent non créé');
  if (kind === 'setup') await addPassenger(api, state, {}, kind);
  return state;
}

async function addPassenger(api, booking, extra = {}, kind = 'write') {
  const next = await api.call('GET', `/api/booking-next-ticket-number/${booking.id}`, {
    kind: kind === 'setup' ? 'setup' : 'read',
  });
  if (!ok(next)) return undefined;
  const name = marker('P');
  const answer = await api.call('POST', '/api/passengers', {
    json: {
      booking_id: booking.id,
      ticket_number: next.body.ticket_number,
      first_name: 'Paul',
      last_name: name,
      weight: 60 + (markerSeq % 40),
      ...extra,
    },
    kind,
  });
  if (kind !== 'setup')
    ledger.passengers.push({ marker: name, acked: ok(answer), id: answer.body?.id, bookingId: booking.id });
  if (!ok(answer)) return undefined;
  const passenger = { id: answer.body.id, registered: false };
  booking.passengers.push(passenger);
  return passenger;
}

// ---- the load -------------------------------------------------------------------------------------------------

const RESOURCE_LISTS = [
  'bookings?filters=booking_status.slug|=|pending&embed=referent_passenger,location,prestation&count=passengers&page=1',
  'bookings?search=Claire&embed=referent_passenger&page=1',
  'customers?page=1',
  'passengers?page=1&embed=passenger_type',
  'flights?page=1&embed=location,balloon,pilot,flight_status&count=passengers',
  'balloons',
  'locations',
  'pilots',
  'teammates',
  'prestations',
  'booking-origins',
  'business-providers',
  'payment-methods',
  'passenger-types',
  'flight-types',
  'ticket-templates',
  'email-templates',
  'settings',
  'users?page=1',
  'booking-statutes',
  'flight-statutes',
  'flight-schedules',
  'roles',
  'customer-types',
  'events?page=1',
  'registrations?page=1',
  'registration-requests?filters=status|=|pending&page=1&per_page=1',
  'requested-dates?page=1',
  'booking-notes?page=1',
  'flight-notes?page=1',
  'booking-links?page=1',
  'woocommerce-sync-notifications?page=1',
  'flight-postponements?page=1',
  'booking-validity-extensions?page=1',
  'history?page=1',
  'dashboard',
  'me',
  'outbox',
  'remote-orders',
  'api-clients',
  'capabilities',
  'ticket-templates/bases',
  'booking-next-number',
];
const PAGES = [
  '/',
  '/dashboard',
  '/bookings/pending',
  '/planning',
  '/flights',
  '/remote-orders',
  '/other-data/balloons',
  '/other-data/locations',
  '/other-data/prestations',
  '/settings/planning',
  '/settings/emails/email-templates',
  '/users',
  '/history',
  '/profile',
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function readSomething(api, world, mine) {
  const roll = Math.random();
  const booking = mine.length ? pick(mine) : undefined;
  if (roll < 0.45) return api.call('GET', `/api/${pick(RESOURCE_LISTS)}`);
  if (roll < 0.6) {
    const page = booking && Math.random() < 0.3 ? `/bookings/${booking.id}/summary` : pick(PAGES);
    return api.call('GET', page, { kind: 'page' });
  }
  if (roll < 0.7)
    return api.call('POST', '/api/planning/day', { json: { day: addDays(3 + Math.floor(Math.random() * 8)) } });
  if (roll < 0.75) return api.call('POST', '/api/planning/range', { json: { from: addDays(0), to: addDays(34) } });
  const flight = pick(world.flights);
  if (roll < 0.85 && booking) {
    return api.call(
      'GET',
      pick([
        `/api/bookings/${booking.id}?embed=location,prestation,booking_origin,business_provider,payment_method,flight_schedules,referent_passenger&count=passengers`,
        `/api/passengers?filters=booking_id|=|${booking.id}&embed=passenger_type&count=flights`,
        `/api/bookings/${booking.id}/history?page=1`,
        `/api/bookings/${booking.id}/linked`,
        `/api/bookings/${booking.id}/emails`,
      ]),
    );
  }
  return api.call(
    'GET',
    pick([
      `/api/flights/${flight.id}?embed=location,balloon,pilot,teammates,flight_type,flight_status&count=passengers&append=flight_masses`,
      `/api/flights/${flight.id}/bookings`,
      `/api/flights/${flight.id}/history?page=1`,
    ]),
  );
}

async function worker(api, index, world, load) {
  const mine = [];
  let importSeq = 0;
  while (Date.now() < load.until) {
    const roll = Math.random();
    if (roll < 0.62) {
      await readSomething(api, world, mine);
    } else if (roll < 0.7 || mine.length === 0) {
      const booking = await createBooking(api, world, `W${index}B`);
      if (booking) mine.push(booking);
    } else if (roll < 0.77) {
      const booking = pick(mine);
      if (booking.passengers.length < 8) await addPassenger(api, booking);
    } else if (roll < 0.85) {
      const passenger = mine.flatMap((b) => b.passengers).find((p) => !p.registered);
      if (!passenger) continue;
      const flightId = pick(world.flights).id;
      passenger.registered = true;
      const answer = await api.call('POST', '/api/registrations', {
        json: { flight_id: flightId, passenger_id: passenger.id },
        kind: 'write',
      });
      ledger.registrations.push({ acked: ok(answer), id: answer.body?.id, flightId, passengerId: passenger.id });
    } else if (roll < 0.92) {
      // Pending ⇄ in progress, the booking page's status menu.
      const booking = pick(mine);
      const value = booking.status === 1 ? 2 : 1;
      const answer = await api.call('PUT', `/api/bookings/${booking.id}`, {
        json: { booking_status_id: value },
        kind: 'write',
      });
      const attempts = ledger.statuses.get(booking.id) ?? [];
      attempts.push({ value, acked: ok(answer) });
      ledger.statuses.set(booking.id, attempts);
      if (ok(answer)) booking.status = value;
    } else if (roll < 0.97) {
      // A partner's file: posted with its API key, then imported from the page by staff.
      importSeq += 1;
      const orderId = `CL-${process.pid}-${index}-${importSeq}`;
      const order = {
        partner: 'Cluster',
        order_id: orderId,
        purchase_date: operatorDay(),
        prestation: 'Vol classique',
        amount: 199,
        buyer: { first_name: 'Léa', last_name: `Roux${orderId}`, email: `${orderId.toLowerCase()}@cluster.test` },
        passengers: [
          { first_name: 'Léa', last_name: `Roux${orderId}`, weight: 61 },
          { first_name: 'Marc', last_name: `Roux${orderId}`, weight: 74 },
        ],
      };
      const form = new FormData();
      form.append('file', new Blob([JSON.stringify(order)], { type: 'application/json' }), `${orderId}.json`);
      const upload = await api.call('POST', '/api/remote-orders', { form, bearer: world.apiKey, kind: 'write' });
      const entry = { orderId, uploaded: ok(upload), acked: false };
      ledger.imports.push(entry);
      if (!ok(upload)) continue;
      const imported = await api.call('POST', '/api/remote-orders/import', {
        json: { file: upload.body.file },
        kind: 'write',
      });
      entry.acked = ok(imported);
      entry.bookingId = imported.body?.booking?.id;
    } else {
      const booking = pick(mine);
      const answer = await api.call('POST', `/api/bookings/${booking.id}/emails`, {
        json: { template: 'booking-confirmation' },
        kind: 'write',
      });
      ledger.mails.push({ acked: ok(answer), id: answer.body?.id, bookingId: booking.id });
    }
  }
  return api;
}

async function postponer(api, world, start) {
  // One postponement early, one just after the kill (the survivor alone), one after the restart.
  const times = [0.12, 0.36, 0.8].map((f) => start + f * SECONDS * 1000);
  for (const [i, flight] of world.postponable.entries()) {
    await sleep(Math.max(0, times[i] - Date.now()));
    const answer = await api.call('POST', `/api/flights/${flight.id}/postpone`, {
      json: { send_mail: 1 },
      kind: 'write',
    });
    ledger.postponements.push({ ...flight, acked: ok(answer), answer: answer.body });
  }
  return api;
}

// ---- the checks -----------------------------------------------------------------------------------------------

async function count(pool, text, values = []) {
  const { rows } = await pool.query(text, values);
  return Number(rows[0].n);
}

async function checkDatabase(pool) {
  let acknowledged = 0;
  let lost = 0;
  let duplicates = 0;
  const lose = (what) => {
    lost += 1;
    if (lost <= 10) fail(`perdu : ${what}`);
  };
  const duplicate = (what) => {
    duplicates += 1;
    if (duplicates <= 10) fail(`en double : ${what}`);
  };

  for (const c of ledger.customers.filter((c) => c.acked)) {
    acknowledged += 1;
    const n = await count(pool, 'SELECT count(*) AS n FROM customers WHERE last_name = $1', [c.marker]);
    if (n === 0) lose(`client ${c.marker}`);
    if (n > 1) duplicate(`client ${c.marker} (${n})`);
  }
  for (const b of ledger.bookings.filter((b) => b.acked)) {
    acknowledged += 1;
    const n = await count(pool, 'SELECT count(*) AS n FROM bookings WHERE customer_id = $1', [b.customerId]);
    const same = await count(pool, 'SELECT count(*) AS n FROM bookings WHERE id = $1 AND number = $2', [
      b.id,
      b.number,
    ]);
    if (same === 0) lose(`réservation ${b.number}`);
    if (n > 1) duplicate(`réservation du client ${b.customerId} (${n})`);
  }
  for (const p of ledger.passengers.filter((p) => p.acked)) {
    acknowledged += 1;
    const n = await count(pool, 'SELECT count(*) AS n FROM passengers WHERE last_name = $1', [p.marker]);
    if (n === 0) lose(`passager ${p.marker}`);
    if (n > 1) duplicate(`passager ${p.marker} (${n})`);
  }
  for (const r of ledger.registrations.filter((r) => r.acked)) {
    acknowledged += 1;
    const n = await count(pool, 'SELECT count(*) AS n FROM registrations WHERE flight_id = $1 AND passenger_id = $2', [
      r.flightId,
      r.passengerId,
    ]);
    if (n === 0) lose(`inscription ${r.passengerId} sur le vol ${r.flightId}`);
    if (n > 1) duplicate(`inscription ${r.passengerId} sur le vol ${r.flightId}`);
  }
  // A status change: the booking holds the last value acknowledged, or one written after it whose answer the
  // client never got (a request in flight on the killed server may have committed).
  for (const [bookingId, attempts] of ledger.statuses) {
    const lastAcked = attempts.map((a) => a.acked).lastIndexOf(true);
    const allowed = new Set(attempts.slice(lastAcked + 1).map((a) => a.value));
    if (lastAcked >= 0) allowed.add(attempts[lastAcked].value);
    else allowed.add(1);
    acknowledged += attempts.filter((a) => a.acked).length;
    const { rows } = await pool.query('SELECT booking_status_id FROM bookings WHERE id = $1', [bookingId]);
    if (!allowed.has(rows[0]?.booking_status_id)) {
      lose(
        `statut de la réservation ${bookingId} : ${rows[0]?.booking_status_id}, attendu ${[...allowed].join(' ou ')}`,
      );
    }
  }
  for (const entry of ledger.imports) {
    if (entry.uploaded) acknowledged += 1;
    const fileCount = await count(pool, 'SELECT count(*) AS n FROM remote_orders WHERE order_id = $1', [
      `Cluster/${entry.orderId}`,
    ]);
    const bookings = await count(
      pool,
      'SELECT count(*) AS n FROM bookings b JOIN customers c ON c.id = b.customer_id WHERE c.last_name = $1',
      [`Roux${entry.orderId}`],
    );
    if (fileCount > 1 || bookings > 1) duplicate(`commande partenaire ${entry.orderId} (${fileCount}/${bookings})`);
    if (!entry.acked) continue;
    acknowledged += 1;
    if (fileCount === 0 || bookings === 0) lose(`commande partenaire ${entry.orderId}`);
    const passengers = await count(pool, 'SELECT count(*) AS n FROM passengers WHERE booking_id = $1', [
      entry.bookingId,
    ]);
    if (passengers !== 2) lose(`passagers de la commande ${entry.orderId} : ${passengers} sur 2`);
  }
  for (const m of ledger.mails.filter((m) => m.acked)) {
    acknowledged += 1;
    const n = await count(pool, 'SELECT count(*) AS n FROM outbox_mails WHERE id = $1 AND booking_id = $2', [
      m.id,
      m.bookingId,
    ]);
    if (n === 0) lose(`email ${m.id}`);
  }
  // A weather postponement is one transaction: done whole (status 3, manifest, no registration left, one mail
  // per booking) or not at all, acknowledged or not.
  for (const p of ledger.postponements) {
    const { rows } = await pool.query('SELECT flight_status_id FROM flights WHERE id = $1', [p.id]);
    const manifest = await count(pool, 'SELECT count(*) AS n FROM flight_postponements WHERE flight_id = $1', [p.id]);
    const left = await count(pool, 'SELECT count(*) AS n FROM registrations WHERE flight_id = $1', [p.id]);
    const mails = await count(
      pool,
      "SELECT count(*) AS n FROM outbox_mails WHERE flight_id = $1 AND template_slug = 'flight-weather-postponed'",
      [p.id],
    );
    const done = rows[0].flight_status_id === 3 && manifest === p.passengers.length && left === 0 && mails === 3;
    const untouched = rows[0].flight_status_id === 1 && manifest === 0 && left === p.passengers.length && mails === 0;
    if (p.acked) acknowledged += 1;
    if (p.acked && !done)
      lose(
        `report météo du vol ${p.id} (statut ${rows[0].flight_status_id}, ${manifest} au manifeste, ${left} inscrits, ${mails} emails)`,
      );
    if (!p.acked && !done && !untouched) fail(`report météo du vol ${p.id} à moitié fait`);
    if (manifest > p.passengers.length || mails > 3) duplicate(`report météo du vol ${p.id}`);
  }
  const numbers = await count(
    pool,
    'SELECT count(*) AS n FROM (SELECT number FROM bookings GROUP BY number HAVING count(*) > 1) d',
  );
  const tickets = await count(
    pool,
    'SELECT count(*) AS n FROM (SELECT ticket_number FROM passengers WHERE ticket_number IS NOT NULL GROUP BY ticket_number HAVING count(*) > 1) d',
  );
  if (numbers) duplicate(`${numbers} numéro(s) de réservation`);
  if (tickets) duplicate(`${tickets} numéro(s) de billet`);
  return { acknowledged, lost, duplicates };
}

async function checkExpiry(pool, world) {
  const { rows } = await pool.query("SELECT run_on, result FROM scheduled_jobs WHERE name = 'expire-bookings'");
  const job = rows[0];
  const runOn = job?.run_on instanceof Date ? localDate(job.run_on) : String(job?.run_on);
  if (runOn !== operatorDay()) fail(`passage quotidien : run_on = ${runOn}, attendu ${operatorDay()}`);
  const expected = `${EXPIRED_BOOKINGS} réservation(s) périmée(s)`;
  if (job?.result !== expected) fail(`passage quotidien : « ${job?.result} », attendu « ${expected} »`);
  const notes = await count(
    pool,
    "SELECT count(*) AS n FROM booking_notes WHERE content LIKE 'Réservation périmée automatiquement%'",
  );
  const expired = await count(pool, 'SELECT count(*) AS n FROM bookings WHERE id = ANY($1) AND booking_status_id = 5', [
    world.expired,
  ]);
  if (notes !== EXPIRED_BOOKINGS || expired !== EXPIRED_BOOKINGS) {
    fail(
      `passage quotidien : ${expired} périmées, ${notes} notes (attendu ${EXPIRED_BOOKINGS} et ${EXPIRED_BOOKINGS})`,
    );
  }
  return { runOn, notes, expired };
}

async function checkMails(pool, smtpMails) {
  // The queue sends within about 2 s. A claimed mail is on its way until its row says 'sent': the SMTP server has
  // it before the row is updated, so the rows are read only once no mail is pending, claimed or not (`claimed`).
  // Counted while claims still ran, the one in flight was a copy received without a 'sent' row: 'twice'.
  const waitForQueue = async (claimed = false) => {
    const deadline = Date.now() + 30_000;
    let waiting = 0;
    while (Date.now() < deadline) {
      waiting = claimed
        ? await count(pool, "SELECT count(*) AS n FROM outbox_mails WHERE status = 'pending'")
        : await count(
            pool,
            "SELECT count(*) AS n FROM outbox_mails WHERE status = 'pending' AND (locked_until IS NULL OR locked_until <= $1)",
            [new Date().toISOString()],
          );
      if (waiting === 0) break;
      await sleep(500);
    }
    return waiting;
  };
  let waiting = await waitForQueue();
  // A mail the killed server had claimed stays locked for LOCK_MS (5 minutes) and then leaves from another process:
  // those 5 minutes are skipped by running the claim out now. If the SMTP server had accepted it just before the
  // kill, it arrives a second time, with the same Message-ID (mail/queue.ts): the one duplicate a kill may cause,
  // counted apart.
  const { rows: heldRows } = await pool.query(
    "SELECT id, recipient FROM outbox_mails WHERE status = 'pending' AND locked_until IS NOT NULL",
  );
  if (heldRows.length) {
    await pool.query('UPDATE outbox_mails SET locked_until = $1 WHERE id = ANY($2)', [
      new Date(Date.now() - 1000).toISOString(),
      heldRows.map((r) => r.id),
    ]);
  }
  // No claim of the killed server is left: every pending mail leaves now, and its row is read once it has.
  waiting = await waitForQueue(true);
  if (waiting) fail(`${waiting} email(s) jamais envoyé(s)`);
  const { rows } = await pool.query('SELECT id, recipient, status FROM outbox_mails');
  const byRecipient = new Map();
  for (const { to } of smtpMails) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  const byMessageId = new Map();
  for (const { to, messageId } of smtpMails) {
    const entry = byMessageId.get(messageId) ?? { n: 0, to };
    entry.n += 1;
    byMessageId.set(messageId, entry);
  }
  let twice = 0;
  let resentSame = 0;
  const resentTo = new Map();
  // A second copy with the same Message-ID is the one a kill between the SMTP server's acceptance and the row's
  // update causes (no sender can know the first one left): mail programs take it for the same message. It is
  // counted apart, whether or not its row was still held when the run ended (the kill may also fall just after
  // the claim ran out). Only a third copy, or copies under different ids, are mails sent twice.
  for (const { n, to } of byMessageId.values()) {
    if (n === 2) {
      resentSame += 1;
      resentTo.set(to, (resentTo.get(to) ?? 0) + 1);
    } else if (n > 1) twice += n - 1;
  }
  const expected = new Map();
  for (const row of rows.filter((r) => r.status === 'sent')) {
    const address = row.recipient.toLowerCase();
    expected.set(address, (expected.get(address) ?? 0) + 1);
  }
  let missing = 0;
  for (const address of new Set([...byRecipient.keys(), ...expected.keys()])) {
    const got = byRecipient.get(address) ?? 0;
    const want = expected.get(address) ?? 0;
    const allowed = want + (resentTo.get(address) ?? 0);
    if (got > allowed) twice += got - allowed;
    if (got < want) missing += want - got;
  }
  const failed = rows.filter((r) => r.status === 'failed').length;
  if (twice) fail(`${twice} email(s) reçu(s) deux fois par le serveur SMTP`);
  if (missing) fail(`${missing} email(s) marqué(s) envoyé(s) sans arriver au serveur SMTP`);
  if (failed) fail(`${failed} email(s) en échec`);
  return {
    queued: rows.length,
    sent: rows.filter((r) => r.status === 'sent').length,
    received: smtpMails.length,
    held: heldRows.length,
    resentSame,
    twice,
    missing,
  };
}

function readNginxLog(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = line.match(/^(\S+) (\S+) (\d+) "([^"]*)" "([^"]*)" "([^"]*)"$/);
      if (!m) return undefined;
      const end = Number(m[1]) * 1000;
      return {
        start: end - Number(m[2]) * 1000,
        end,
        status: Number(m[3]),
        addresses: m[4].split(/,\s*/),
        statuses: m[5].split(/,\s*/).map(Number),
        request: m[6],
      };
    })
    .filter(Boolean);
}

function checkFiveHundreds(log, killed, survivor, killTime, backTime) {
  let survivorErrors = 0;
  let inFlight = 0;
  let otherErrors = 0;
  // nginx writes $msec from its cached clock, a few event-loop turns late.
  const slack = 250;
  for (const entry of log) {
    entry.addresses.forEach((address, i) => {
      const status = entry.statuses[i];
      if (!(status >= 500)) return;
      if (address === survivor.address) {
        survivorErrors += 1;
        if (survivorErrors <= 5) fail(`le serveur survivant a répondu ${status} : ${entry.request}`);
        return;
      }
      // The killed server: nginx's own 502 while it was down (a request in flight, or a connection refused).
      const whileDown = entry.end >= killTime - slack && entry.start <= backTime + slack;
      if (address === killed.address && whileDown) return;
      otherErrors += 1;
      if (otherErrors <= 5) fail(`${address} a répondu ${status} hors de la panne : ${entry.request}`);
    });
    if (entry.status >= 500) {
      const wasInFlight = entry.start <= killTime + slack && entry.end >= killTime - slack;
      const last = entry.addresses.at(-1);
      if (wasInFlight && last === killed.address) inFlight += 1;
      else {
        otherErrors += 1;
        if (otherErrors <= 5)
          fail(
            `réponse ${entry.status} hors des requêtes en cours sur le serveur tué : ${entry.request} (${entry.addresses.join(', ')})`,
          );
      }
    }
  }
  return { survivorErrors, inFlight, otherErrors };
}

function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---- main -------------------------------------------------------------------------------------------------------

async function main() {
  for (const [file, hint] of [
    [serverMain, 'npm run build'],
    [path.join(webDist, 'index.html'), 'npm run build'],
  ]) {
    if (!fs.existsSync(file)) throw new Error(`${file} manque : lancez \`${hint}\` (npm run test:cluster le fait).`);
  }
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx introuvable : apt-get install nginx (.ci/run l’installe).');

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'montgolfiere-cluster-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'data']) fs.mkdirSync(path.join(tempDir, sub));
  // A copy of the web app, as e2e/global-setup.ts does: a build started meanwhile (vite empties its dist/) cannot
  // take the pages away in the middle of the run.
  const webDir = path.join(tempDir, 'web');
  fs.cpSync(webDist, webDir, { recursive: true });
  const dbName = `cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  // An idle connection ended by the database's removal at the end (DROP … WITH (FORCE)) is no failure of the run.
  pool.on('error', () => {});

  const smtpMails = [];
  const smtp = await startSmtp(smtpMails);
  const [portA, portB, portN] = [await freePort(), await freePort(), await freePort()];
  const nginxUrl = `http://127.0.0.1:${portN}`;
  // One DATA_DIR for both processes of this machine: the key sealing secrets and the partner-order folder are
  // shared, as the systemd units of docs/operations.md share them.
  const env = {
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tempDir, 'data'),
    DATABASE_URL: dbUrl.toString(),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    APP_URL: nginxUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Montgolfière <no-reply@cluster.test>',
    WEB_DIR: webDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
  };
  const processes = [];
  let nginxChild;
  const started = Date.now();
  try {
    // 1. Preparation on one server alone: migrations, administrator, reference data. Its first daily tick comes
    //    10 s after its start: the day is marked done meanwhile, and marked due again before the cluster starts.
    console.log(`Cluster : PostgreSQL ${dbName}, serveurs :${portA} et :${portB}, nginx :${portN}, SMTP :${smtp.port}`);
    const setup = startServer('preparation', portA, env, tempDir);
    processes.push(setup);
    await waitForHealth(setup);
    await pool.query("UPDATE scheduled_jobs SET run_on = '9999-12-31' WHERE name = 'expire-bookings'");
    const setupApi = new Client(setup.url, { record: false });
    await setupApi.signIn();
    const world = await seed(setupApi, pool);
    world.nginxUrl = nginxUrl;
    await stopProcess(setup.child);
    await pool.query("UPDATE scheduled_jobs SET run_on = NULL, result = NULL WHERE name = 'expire-bookings'");
    const setupSeconds = (Date.now() - started) / 1000;

    // 2. The cluster: two servers, nginx in front.
    const a = startServer('a', portA, env, tempDir);
    const b = startServer('b', portB, env, tempDir);
    processes.push(a, b);
    a.address = `127.0.0.1:${portA}`;
    b.address = `127.0.0.1:${portB}`;
    await Promise.all([waitForHealth(a), waitForHealth(b)]);
    const confFile = path.join(tempDir, 'nginx.conf');
    fs.writeFileSync(confFile, nginxConfig(tempDir, portN, [portA, portB]));
    nginxChild = spawn(nginx, ['-c', confFile, '-p', tempDir, '-e', path.join(tempDir, 'nginx-error.log')], {
      stdio: 'ignore',
    });
    children.add(nginxChild);
    await waitForHealth({
      name: 'nginx',
      child: nginxChild,
      url: nginxUrl,
      logFile: path.join(tempDir, 'nginx-error.log'),
    });

    // A session made on one server, used on the other (read and a guarded POST with its anti-forgery token).
    const onA = new Client(a.url, { record: false });
    await onA.signIn();
    const onB = new Client(b.url, { record: false });
    onB.cookies = onA.cookies;
    const crossRead = await onB.call('GET', '/api/me');
    const crossWrite = await onB.call('POST', '/api/planning/day', { json: { day: addDays(3) } });
    if (crossRead.status !== 200 || crossWrite.status !== 200) {
      fail(`session ouverte sur A refusée par B : ${crossRead.status}/${crossWrite.status}`);
    }
    const beforeKill = new Client(b.url, { record: false });
    await beforeKill.signIn();

    // 3. The load, the kill, the restart.
    // One session per client, signed in one after the other: concurrent sign-ins of one account from one address
    // are throttled (auth/throttle.ts reserves each attempt before checking it).
    const apis = [];
    for (let i = 0; i <= WORKERS; i += 1) {
      const api = new Client(nginxUrl);
      await api.signIn();
      apis.push(api);
    }
    const loadStart = Date.now();
    // The end is set once the killed server is back (below): never before SECONDS.
    const load = { until: Number.POSITIVE_INFINITY };
    const workers = apis.slice(0, WORKERS).map((api, i) => worker(api, i, world, load));
    const postponing = postponer(apis[WORKERS], world, loadStart);
    await sleep(KILL_AT * 1000);
    const killTime = Date.now();
    a.child.kill('SIGKILL');
    console.log(`kill -9 du serveur A (pid ${a.child.pid}) à ${((killTime - loadStart) / 1000).toFixed(1)} s`);
    await sleep(Math.max(0, loadStart + RESTART_AT * 1000 - Date.now()));
    const a2 = startServer('a', portA, env, tempDir);
    a2.address = a.address;
    processes.push(a2);
    const restartTime = Date.now();
    await waitForHealth(a2);
    const backTime = Date.now();
    // A busy machine may take most of the last third to start a server: the load goes on until the restarted one
    // has served a few seconds.
    load.until = Math.max(loadStart + SECONDS * 1000, backTime + 5000);
    console.log(
      `serveur A relancé à ${((restartTime - loadStart) / 1000).toFixed(1)} s, prêt à ${((backTime - loadStart) / 1000).toFixed(1)} s`,
    );
    // The session made on B before the kill, used on the new process A.
    const onA2 = new Client(a2.url, { record: false });
    onA2.cookies = beforeKill.cookies;
    const laterRead = await onA2.call('GET', '/api/me');
    const laterWrite = await onA2.call('POST', '/api/planning/day', { json: { day: addDays(4) } });
    if (laterRead.status !== 200 || laterWrite.status !== 200) {
      fail(`session ouverte sur B refusée par A relancé : ${laterRead.status}/${laterWrite.status}`);
    }
    const clients = await Promise.all(workers);
    await postponing;
    const loadSeconds = (Date.now() - loadStart) / 1000;

    // 4. The checks.
    const facts = await checkDatabase(pool);
    const expiry = await checkExpiry(pool, world);
    const mails = await checkMails(pool, smtpMails);
    await stopProcess(nginxChild, 'SIGQUIT');
    const log = readNginxLog(path.join(tempDir, 'nginx-access.log'));
    const errors = checkFiveHundreds(log, a, b, killTime, backTime);
    const bothServed = clients.filter(
      (c) => (c.upstreams.get(a.address) ?? 0) > 0 && (c.upstreams.get(b.address) ?? 0) > 0,
    );
    if (bothServed.length !== clients.length)
      fail(`${clients.length - bothServed.length} session(s) servie(s) par un seul serveur`);
    const afterRestart = log.filter(
      (e) => e.start > backTime && e.addresses.at(-1) === a.address && e.status < 500,
    ).length;
    if (afterRestart === 0) fail('le serveur relancé n’a reçu aucune requête');
    const loadRequests = requests.filter((r) => r.kind !== 'setup' && r.start >= loadStart);
    const unanswered = loadRequests.filter((r) => r.status === 0);
    if (unanswered.length) fail(`${unanswered.length} requête(s) sans réponse de nginx`);
    const badReads = loadRequests.filter((r) => r.kind !== 'write' && r.status >= 400 && r.status < 500);
    for (const r of badReads.slice(0, 5)) fail(`lecture refusée ${r.status} : ${r.method} ${r.url}`);
    const writeCounts = {
      clients: ledger.customers.filter((x) => x.acked).length,
      réservations: ledger.bookings.filter((x) => x.acked).length,
      passagers: ledger.passengers.filter((x) => x.acked).length,
      inscriptions: ledger.registrations.filter((x) => x.acked).length,
      statuts: [...ledger.statuses.values()].flat().filter((x) => x.acked).length,
      'imports partenaires': ledger.imports.filter((x) => x.acked).length,
      emails: ledger.mails.filter((x) => x.acked).length,
      'reports météo': ledger.postponements.filter((x) => x.acked).length,
    };
    for (const [name, n] of Object.entries(writeCounts)) if (n === 0) fail(`aucune écriture acquittée : ${name}`);
    const latencies = loadRequests.filter((r) => r.status > 0).map((r) => r.end - r.start);

    console.log('\n=== Cluster : résultats ===');
    console.log(`préparation ${setupSeconds.toFixed(1)} s, charge ${loadSeconds.toFixed(1)} s, ${WORKERS + 1} clients`);
    console.log(
      `requêtes : ${loadRequests.length} (${(loadRequests.length / loadSeconds).toFixed(0)}/s), lignes nginx : ${log.length}`,
    );
    console.log(
      `écritures acquittées : ${facts.acknowledged} (${Object.entries(writeCounts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`,
    );
    console.log(`perdues : ${facts.lost}`);
    console.log(`doublons : ${facts.duplicates}`);
    console.log(
      `emails : ${mails.queued} en file, ${mails.sent} envoyés, ${mails.received} reçus par SMTP, ${mails.twice} reçus deux fois, ${mails.missing} manquants ; ${mails.held} retenu(s) par le serveur tué puis envoyé(s) par un autre, dont ${mails.resentSame} déjà reçu(s) avant le kill (même Message-ID)`,
    );
    console.log(
      `passage quotidien : une fois (${expiry.runOn}), ${expiry.expired} réservations périmées, ${expiry.notes} notes`,
    );
    console.log(
      `sessions : ${bothServed.length}/${clients.length} servies par les deux serveurs ; A→B ${crossRead.status}/${crossWrite.status}, B→A relancé ${laterRead.status}/${laterWrite.status}`,
    );
    console.log(
      `5xx : ${errors.survivorErrors} du survivant, ${errors.inFlight} en cours sur le serveur tué, ${errors.otherErrors} autres ; ${afterRestart} requêtes servies par A relancé`,
    );
    console.log(`latence via nginx : p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`);
  } finally {
    if (nginxChild) await stopProcess(nginxChild, 'SIGQUIT');
    await Promise.all(processes.map((p) => stopProcess(p.child)));
    await smtp.close();
    await pool.end();
    // A failed run's servers say why in their logs, which the temp folder takes away: their errors go to CI's log.
    if (violations.length) printServerErrors(processes);
    if (!KEEP) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(tempDir, { recursive: true, force: true });
    } else console.log(`gardés : ${tempDir}, base ${dbName}`);
    await admin.end();
  }
  report(violations.length === 0);
  if (violations.length) {
    console.log(`\nÉCHEC (${violations.length}) :`);
    for (const v of violations) console.log(`- ${v}`);
    process.exit(1);
  }
  console.log('\nCluster : toutes les promesses tenues.');
}

/** The error lines (pino level 50 and above) of each server's log, at most 20 per server. */
function printServerErrors(processes) {
  for (const { name, logFile } of processes) {
    if (!logFile || !fs.existsSync(logFile)) continue;
    const errors = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(5|6)0/.test(line))
      .slice(-20);
    if (errors.length) console.log(`\nErreurs du serveur ${name} :\n${errors.join('\n')}`);
  }
}

/** For npm test's closing count (scripts/test.mjs): the cluster run counts as one test. */
function report(passed) {
  if (!process.env.CLUSTER_REPORT) return;
  fs.writeFileSync(
    process.env.CLUSTER_REPORT,
    JSON.stringify({ numPassedTests: passed ? 1 : 0, numFailedTests: passed ? 0 : 1 }),
  );
}

main().catch((error) => {
  console.error(error);
  report(false);
  process.exit(1);
});
