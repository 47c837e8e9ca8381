import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '@app/server';
import autocannon from 'autocannon';
import { runExportBench } from './export.js';
import { runFuzz } from './fuzz.js';
import { BENCH_TODAY, ensureDataset, flag } from './generate.js';
import { summarizeProfiles } from './profile.js';
import {
  buildScenarios,
  DEFAULT_SCENARIOS,
  pickParams,
  SCENARIO_KEYS,
  type Scenario,
  type ScenarioKey,
  type SequenceContext,
} from './scenarios.js';
import { runSoak, SOAK_SCENARIOS } from './soak.js';

// `npm run bench -- [--scale 1] [--duration 5] [--connections 10] [--scenarios a,b,c,d,e,f,g] [--fresh] [--fuzz N]
// [--cpu-prof] [--export] [--uncached] [--soak S [--rate R]]`
// Starts the REAL server (packages/server/dist/main.js, as `npm start` does) in a child process on a free port,
// signs in the way the browser does (session cookie + XSRF cookie and header), loads each scenario with autocannon,
// runs the same answer as hand-written SQL in this process for the same time (the floor), and prints
// req/s, p50, p99, floor req/s, the floor/server ratio and the server's peak RSS, with PASS/MISS per target.

const TARGETS = { p99Ms: 15, ratio: 2, rssMb: 300 } as const;
const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(BENCH_DIR, '..');
const SERVER_MAIN = path.join(ROOT, 'packages/server/dist/main.js');
// The flags `npm start` gives Node, read from its script in the root package.json (the old generation bounded, so
// that V8 collects instead of growing the heap while the machine has memory to spare: docs/decisions.md).
const SERVER_NODE_FLAGS: string[] = (() => {
  const start: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) packages\/server\/dist\/main\.js/.exec(start);
  if (!flags) throw new Error(`Script « start » inattendu : ${start}`);
  return flags[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
})();

// Keep in sync with packages/server/src/auth/session-format.ts (cookie names, header, sha256-hex row id).
const SESSION_COOKIE = 'sid';
const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';

type Options = {
  scale: number;
  duration: number;
  connections: number;
  scenarios: ScenarioKey[];
  fresh: boolean;
  /** Hostile-query fuzz run of this many queries instead of the scenarios. */
  fuzz: number;
  /** Profiles the server (`--cpu-prof`) and prints where its time went. */
  cpuProf: boolean;
  /** Times one CSV export of every booking (export.ts) instead of the scenarios. */
  exportCsv: boolean;
  /**
   * Every request asks for no cache (`Cache-Control: no-cache`): the server computes each generic read instead of
   * answering it from its kept answers (packages/server/src/http/kept-reads.ts), which measures the engine's path.
   */
  uncached: boolean;
  /** A steady mixed load for this many seconds instead of the scenarios (soak.ts), at `rate` requests a second. */
  soak: number;
  rate: number;
};

function parseOptions(args: readonly string[]): Options {
  const scale = Number(flag(args, 'scale') ?? 1);
  const duration = Number(flag(args, 'duration') ?? 5);
  const connections = Number(flag(args, 'connections') ?? 10);
  const scenarios = (flag(args, 'scenarios') ?? (flag(args, 'soak') ? SOAK_SCENARIOS : DEFAULT_SCENARIOS).join(','))
    .split(',')
    .map((s) => s.trim()) as ScenarioKey[];
  if (!(scale > 0)) throw new Error('--scale doit être un nombre positif.');
  if (!(duration > 0 && duration <= 120)) throw new Error('--duration : entre 1 et 120 secondes.');
  if (!(connections >= 1 && connections <= 200)) throw new Error('--connections : entre 1 et 200.');
  if (!scenarios.every((s) => SCENARIO_KEYS.includes(s)))
    throw new Error(`--scenarios : parmi ${SCENARIO_KEYS.join(',')}.`);
  const fuzz = Number(flag(args, 'fuzz') ?? 0);
  if (!(Number.isInteger(fuzz) && fuzz >= 0 && fuzz <= 100_000)) throw new Error('--fuzz : un nombre de requêtes.');
  const soak = Number(flag(args, 'soak') ?? 0);
  if (!(Number.isInteger(soak) && (soak === 0 || (soak >= 60 && soak <= 3600))))
    throw new Error('--soak : une durée entre 60 et 3600 secondes.');
  const rate = Number(flag(args, 'rate') ?? 200);
  if (!(Number.isInteger(rate) && rate >= 1 && rate <= 5000)) throw new Error('--rate : entre 1 et 5000 requêtes/s.');
  return {
    scale,
    duration,
    connections,
    scenarios,
    fresh: args.includes('--fresh'),
    fuzz,
    cpuProf: args.includes('--cpu-prof'),
    exportCsv: args.includes('--export'),
    uncached: args.includes('--uncached'),
    soak,
    rate,
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A su user and a live session row, as the auth plugin stores them; returns the headers a browser sends. */
async function signIn(database: Database): Promise<Record<string, string>> {
  const { db } = database;
  const role = await db.selectFrom('roles').select('id').where('slug', '=', 'su').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      first_name: 'Banc',
      last_name: 'Essai',
      email: `bench-${crypto.randomBytes(4).toString('hex')}@example.test`,
      password_hash: null,
      role_id: role.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const raw = crypto.randomBytes(32).toString('base64url');
  const csrf = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: crypto.createHash('sha256').update(raw).digest('hex'),
      user_id: user.id,
      csrf_token: csrf,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 12 * 3600_000).toISOString(),
    })
    .execute();
  return { cookie: `${SESSION_COOKIE}=${raw}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
}

const PROFILE_DIR = path.join(BENCH_DIR, '.data', 'profiles');

/**
 * The server's full collections, read from its `--trace-gc` lines: a full mark-compact stops it for milliseconds,
 * and their frequency is what a list's p99 follows (docs/decisions.md, server memory: the heap's growing factor).
 */
const fullCollections = { count: 0, pauseMs: 0, heapAfterMb: null as number | null };
/** The heap a full collection leaves (`A (B) -> C (D) MB`: C), what is really alive: the soak's leak witness. */
const HEAP_AFTER = /-> ([\d.]+) \(/;
const GC_LINE =
  /^\[\d+:0x[0-9a-f]+\]\s+[\d.]+ ms: (Scavenge|Mark-Compact|Minor Mark-Sweep|Mark-Compact \(reduce\))\b.*?MB, ([\d.]+)/;

/** Counts the trace lines of the collector and passes every other line of the server's output through. */
function readServerOutput(stream: NodeJS.ReadableStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const gc = GC_LINE.exec(line);
      if (!gc) process.stdout.write(`${line}\n`);
      else if (gc[1]?.startsWith('Mark-Compact')) {
        fullCollections.count += 1;
        fullCollections.pauseMs += Number(gc[2]);
        const after = HEAP_AFTER.exec(line);
        if (after) fullCollections.heapAfterMb = Number(after[1]);
      }
    }
  });
}

async function startServer(url: string, port: number, cpuProf = false): Promise<ChildProcess> {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(`Serveur non construit (${SERVER_MAIN}) : lancez « npm run bench » depuis la racine.`);
  }
  if (cpuProf) fs.rmSync(PROFILE_DIR, { recursive: true, force: true });
  const profiling = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profiling, '--trace-gc', ...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(BENCH_DIR, '.data', 'server'),
      // API only: no built SPA to serve.
      WEB_DIR: path.join(BENCH_DIR, '.data', 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.stdout) readServerOutput(child.stdout);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté au démarrage (code ${child.exitCode}).`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('Le serveur ne répond pas sur /health après 30 s.');
}

/** Resident set size of a process in MB, from /proc (Linux) or ps. */
function rssOf(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux, or the process is gone
  }
  return null;
}

type Measure = {
  scenario: Scenario;
  status: number;
  error?: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  floorPerSec: number;
  rssMb: number | null;
  /** Full collections of the server during the measure, and their pauses added up (ms). */
  fullGc: { count: number; pauseMs: number };
};

/** Whether a scenario has run against the server yet (the first one warms it up longer). */
let serverWarmed = false;

async function measure(
  scenario: Scenario,
  base: string,
  headers: Record<string, string>,
  options: Options,
  serverPid: number,
): Promise<Measure> {
  const requestHeaders = { ...headers, accept: 'application/json', 'content-type': 'application/json' };
  const empty = {
    reqPerSec: 0,
    p50: 0,
    p99: 0,
    non2xx: 0,
    floorPerSec: 0,
    rssMb: null,
    fullGc: { count: 0, pauseMs: 0 },
  };
  const { sequence } = scenario;
  if (sequence) {
    // One whole operation first, by hand: each of its calls must succeed.
    const context: SequenceContext = {};
    for (const step of sequence) {
      const answer = await fetch(`${base}${step.path}`, {
        method: step.method,
        headers: requestHeaders,
        body: step.body(context),
      });
      const text = await answer.text();
      if (answer.status >= 300) return { scenario, status: answer.status, error: text.slice(0, 200), ...empty };
      step.onResponse?.(text, context);
    }
  } else {
    const probe = await fetch(`${base}${scenario.path}`, {
      method: scenario.method,
      headers: requestHeaders,
      body: scenario.body,
    });
    if (probe.status !== 200) {
      const text = (await probe.text()).slice(0, 200);
      return { scenario, status: probe.status, error: text, ...empty };
    }
  }
  const run = (seconds: number) =>
    autocannon({
      url: sequence ? base : `${base}${scenario.path}`,
      method: scenario.method,
      headers: requestHeaders,
      body: scenario.body,
      connections: options.connections,
      duration: seconds,
      ...(sequence
        ? {
            requests: sequence.map((step) => ({
              method: step.method,
              path: step.path,
              setupRequest: (request: autocannon.Request, context: SequenceContext) => ({
                ...request,
                body: step.body(context),
              }),
              ...(step.onResponse
                ? {
                    onResponse: (_status: number, body: string, context: SequenceContext) =>
                      step.onResponse?.(body, context),
                  }
                : {}),
            })),
          }
        : {}),
    });
  // Warm-up: JIT, statement caches, page cache. The first scenario also warms a server that has just started (its
  // code is not optimised yet, PostgreSQL's connections are opened on demand): for as long as a measure, else its
  // first seconds, slower than any later ones (PostgreSQL, a: p99 17 then 11 and 9 ms), were counted against it.
  await run(serverWarmed ? 1 : options.duration);
  serverWarmed = true;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(serverPid) ?? 0);
  }, 100);
  const gcBefore = { ...fullCollections };
  const result = await run(options.duration);
  clearInterval(sampler);
  const fullGc = { count: fullCollections.count - gcBefore.count, pauseMs: fullCollections.pauseMs - gcBefore.pauseMs };
  peak = Math.max(peak, rssOf(serverPid) ?? 0);
  return {
    scenario,
    status: 200,
    // A write sequence is counted in whole operations (the office mix in requests).
    reqPerSec: result.requests.average / (sequence && !scenario.countsRequests ? sequence.length : 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    floorPerSec: 0,
    rssMb: peak || null,
    fullGc,
  };
}

/** Runs the hand-written SQL with as many concurrent callers as connections, for the same duration. */
async function floorRate(scenario: Scenario, seconds: number, concurrency: number): Promise<number> {
  const warm = performance.now() + 500;
  while (performance.now() < warm) JSON.stringify(await scenario.floor());
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        JSON.stringify(await scenario.floor());
        done += 1;
      }
    }),
  );
  return done / seconds;
}

const pad = (value: string, width: number) => value.padEnd(width);
const num = (value: number, digits = 0) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function printTable(measures: Measure[], options: Options, dialect: string): void {
  const header = [
    pad('scénario', 44),
    pad('req/s', 9),
    pad('p50 ms', 7),
    pad('p99 ms', 7),
    pad('plancher', 9),
    pad('ratio', 6),
    pad('RSS Mo', 7),
    pad('GC maj. (ms)', 13),
    pad(`p99<${TARGETS.p99Ms}`, 7),
    pad(`ratio≤${TARGETS.ratio}`, 8),
    `RSS<${TARGETS.rssMb}`,
  ].join(' ');
  console.log(
    `\nRésultats (${dialect}, échelle ${options.scale}, ${options.connections} connexions, ${options.duration} s par scénario${options.uncached ? ', sans réponses gardées' : ''})`,
  );
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const m of measures) {
    const name = pad(`${m.scenario.key}) ${m.scenario.label}`.slice(0, 44), 44);
    if (m.error !== undefined) {
      console.log(`${name} ÉCHEC : HTTP ${m.status} ${m.error}`);
      continue;
    }
    const ratio = m.floorPerSec / m.reqPerSec;
    console.log(
      [
        name,
        pad(num(m.reqPerSec), 9),
        pad(num(m.p50, 1), 7),
        pad(num(m.p99, 1), 7),
        pad(num(m.floorPerSec), 9),
        pad(num(ratio, 2), 6),
        pad(m.rssMb === null ? '?' : num(m.rssMb), 7),
        pad(`${m.fullGc.count} (${num(m.fullGc.pauseMs)})`, 13),
        pad(verdict(m.p99 < (m.scenario.p99TargetMs ?? TARGETS.p99Ms)), 7),
        pad(verdict(ratio <= TARGETS.ratio), 8),
        m.rssMb === null ? '?' : verdict(m.rssMb < TARGETS.rssMb),
      ].join(' ') + (m.non2xx ? `  (${m.non2xx} réponses en erreur)` : ''),
    );
  }
  for (const m of measures) if (m.scenario.note) console.log(`${m.scenario.key}) ${m.scenario.note}`);
  console.log(
    '\nplancher : la même réponse en SQL écrit à la main, dans ce processus, même durée et même concurrence ;' +
      ' ratio = plancher / serveur ; RSS = pic du processus serveur pendant la mesure ;' +
      ' GC maj. = collectes complètes du serveur pendant la mesure (et leurs pauses cumulées).',
  );
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const { database, url } = await ensureDataset(options.scale, { fresh: options.fresh });
  let child: ChildProcess | null = null;
  // The floor runs on its own connection(s), like another process would.
  const floorDb = createDatabase(url, { poolSize: options.connections });
  try {
    const headers = { ...(await signIn(database)), ...(options.uncached ? { 'cache-control': 'no-cache' } : {}) };
    const params = await pickParams(database, BENCH_TODAY);
    const scenarios = (await buildScenarios(floorDb, params)).filter((s) => options.scenarios.includes(s.key));
    const port = await freePort();
    child = await startServer(url, port, options.cpuProf);
    const base = `http://127.0.0.1:${port}`;
    console.log(`Serveur démarré (pid ${child.pid}, RSS au repos ${num(rssOf(child.pid!) ?? 0)} Mo) sur ${base}.`);
    if (options.fuzz > 0) {
      const report = await runFuzz(base, headers, options.fuzz);
      if (report.failures > 0) process.exitCode = 1;
      return;
    }
    if (options.exportCsv) {
      const pid = child.pid as number;
      if (!(await runExportBench(base, headers, () => rssOf(pid)))) process.exitCode = 1;
      return;
    }
    if (options.soak > 0) {
      const pid = child.pid as number;
      const sale = scenarios.find((s) => s.key === 'l');
      try {
        const report = await runSoak(
          base,
          headers,
          scenarios,
          { seconds: options.soak, rate: options.rate, writeEvery: 10 },
          () => rssOf(pid),
          () => ({ count: fullCollections.count, heapAfterMb: fullCollections.heapAfterMb }),
        );
        if (!report.ok) process.exitCode = 1;
      } finally {
        await sale?.cleanup?.();
      }
      return;
    }
    const measures: Measure[] = [];
    for (const scenario of scenarios) {
      console.log(`Mesure ${scenario.key}) ${scenario.label}...`);
      const m = await measure(scenario, base, headers, options, child.pid!);
      if (m.error === undefined) m.floorPerSec = await floorRate(scenario, options.duration, options.connections);
      await scenario.cleanup?.();
      measures.push(m);
    }
    printTable(measures, options, database.dialect);
    if (measures.some((m) => m.error !== undefined)) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await floorDb.destroy();
    await database.destroy();
    // Here, not after the block: the soak, the fuzz and the export return from it, and their profile was left unread.
    if (options.cpuProf) summarizeProfiles(PROFILE_DIR);
  }
}

await main();
