import http from 'node:http';
import { BOOKING_STATUSES } from '@app/domain';
import { createRandom, FIRST_NAMES, LAST_NAMES } from './random.js';
import type { Scenario, ScenarioKey, SequenceContext } from './scenarios.js';

// `npm run bench -- --soak 600 [--rate 200]`: a steady mixed load for ten minutes, as a day at the office sends
// it, to show that the server neither leaks nor slows down with time. Requests leave at a fixed rate whatever the
// answers take (an open loop: a slow server does not get fewer requests), one in ten a write (a booking, its
// passengers, then what the office does with it later: its payment, its status), the others the bench's reads in
// turn; the writes keep changing the database, so the kept answers are recomputed as they would be in a day of sales.
// Every minute: requests, errors, p50/p99 and the server's RSS, sampled every 10 s. Bounds: RSS within 15 % of its
// value at minute 2, each minute's p99 under 15 ms, no error.

/**
 * The day's mix: the lists, searches, pages, planning, calendar, dashboard and widget staff and customers use all
 * day, and the sale (l) with its follow-ups as the writes. Not the completed-bookings archive (k) nor the vouchers
 * report (o): screens opened a few times a day, whose every read after a write recomputes a count or a report over
 * the whole history (`--scenarios` puts them back).
 */
export const SOAK_SCENARIOS: readonly ScenarioKey[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'l', 'm', 'n'];

export const SOAK_BOUNDS = { rssDrift: 0.15, p99Ms: 15 } as const;
const RSS_EVERY_S = 10;
/** Unmeasured load first: a server just started has its code unoptimised and its caches cold. */
const WARM_UP_S = 10;
/** A request still unanswered after this is an error (the load is far below the server's capacity). */
const REQUEST_TIMEOUT_MS = 5_000;
/**
 * The connections the load keeps open, as a few browsers and partners would. Beyond them a request waits for a free
 * one, and its latency counts the wait. (fetch's own pool opens a connection per waiting request and, with timeouts
 * aborting them, left 20,000 sockets open in the bench process: the first ten-minute run measured that, not the
 * server.)
 */
const CONNECTIONS = 32;

/** One request on the kept-alive pool: the status and the whole body, or an error after REQUEST_TIMEOUT_MS. */
function call(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
        });
        response.on('error', reject);
      },
    );
    // From the send, waiting for a free connection included: what the caller waits.
    const timer = setTimeout(() => request.destroy(new Error('Timeout')), REQUEST_TIMEOUT_MS);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

/**
 * What the office does with a sale later in the day: the payment noted, then the booking placed on a flight ('En
 * cours'), out of the pending list. With sales alone, every write was a new pending booking: 20 a second took the
 * pending list from 2,400 bookings to 6,400 in ten minutes, a season's sales in an afternoon, and every read of it
 * slowed with its size. An office's pending list grows and shrinks with its day.
 */
const FOLLOW_UPS: readonly ((bookingId: number) => { method: 'PUT'; path: string; body: string })[] = [
  (id) => ({
    method: 'PUT',
    path: `/api/bookings/${id}`,
    body: JSON.stringify({ paid_amount: 390, total_amount: 390, remaining_amount: 0 }),
  }),
  (id) => ({
    method: 'PUT',
    path: `/api/bookings/${id}`,
    body: JSON.stringify({ booking_status_id: BOOKING_STATUSES.inProgress.id }),
  }),
];

/**
 * The sale's passengers under names drawn as the dataset draws its own (generate.ts: the referent's family name, the
 * others sharing it seven times in ten). Sold ten minutes long as 'Banc Martin' and 'Banc Bernard', thousands of
 * bookings no search matched sat at the top of the id order, and a search walking the newest bookings first (b)
 * tested more of them every minute: the soak's p99 rose with the walk, not with the server.
 */
function passengerNames(): (context: SequenceContext) => { first_name: string; last_name: string } {
  const random = createRandom(20261130);
  const families = new WeakMap<SequenceContext, string>();
  return (context) => {
    const family = families.get(context);
    const last_name = family === undefined || !random.chance(0.7) ? random.pick(LAST_NAMES) : family;
    if (family === undefined) families.set(context, last_name);
    return { first_name: random.pick(FIRST_NAMES), last_name };
  };
}

/** How often the scheduler wakes to send what is due (the rate stays exact: it sends what the clock owes). */
const TICK_MS = 5;

export type SoakOptions = { seconds: number; rate: number; writeEvery: number };

type Minute = {
  requests: number;
  errors: number;
  latencies: number[];
  rss: number[];
  fullGc: number;
  /** The live heap the minute's last full collection left, if it had one. */
  heapAfterMb: number | null;
};

type Sample = { at: number; rssMb: number };

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

const num = (value: number, digits = 0) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * The RSS sample the others are compared with: the one at minute 2 (the heap has reached its working size by
 * then), or at mid-run for a soak shorter than 4 minutes (`--soak 120` to try the harness).
 */
export function referenceSample(samples: readonly Sample[], seconds: number): Sample | undefined {
  const at = seconds >= 240 ? 120 : Math.floor(seconds / 2 / RSS_EVERY_S) * RSS_EVERY_S;
  return samples.find((s) => s.at >= at);
}

export async function runSoak(
  base: string,
  headers: Record<string, string>,
  scenarios: readonly Scenario[],
  options: SoakOptions,
  rssOf: () => number | null,
  fullCollections: () => { count: number; heapAfterMb: number | null },
): Promise<{ ok: boolean }> {
  const reads = scenarios.filter((s) => !s.sequence);
  const sale = scenarios.find((s) => s.key === 'l');
  const [bookingStep, ...passengerSteps] = sale?.sequence ?? [];
  if (reads.length === 0 || !bookingStep || passengerSteps.length === 0)
    throw new Error('--soak : il faut des scénarios de lecture et la vente (l).');
  const requestHeaders = { ...headers, accept: 'application/json', 'content-type': 'application/json' };

  type Call = { key: string; method: string; path: string; body?: string; done?: (text: string) => void };
  // After the booking has answered with its id: each of its passengers, then the office's follow-ups.
  const nameOf = passengerNames();
  const named = (body: string | undefined, c: SequenceContext) =>
    body === undefined ? body : JSON.stringify({ ...JSON.parse(body), ...nameOf(c) });
  const laterSteps: ((context: SequenceContext) => Call)[] = [
    ...passengerSteps.map((step) => (c: SequenceContext) => ({ ...step, key: 'l', body: named(step.body(c), c) })),
    ...FOLLOW_UPS.map((step) => (c: SequenceContext) => ({ key: 'suivi', ...step(c.bookingId as number) })),
  ];
  // Writes in turn: a new booking when no sale has a step left, else the oldest sale's next step.
  const waiting: { context: SequenceContext; next: number }[] = [];
  let readTurn = 0;
  const nextRequest = (index: number): Call => {
    if (index % options.writeEvery !== options.writeEvery - 1) {
      const read = reads[readTurn++ % reads.length] as Scenario;
      return { key: read.key, method: read.method, path: read.path, body: read.body };
    }
    const booking = waiting.shift();
    if (booking) {
      const step = laterSteps[booking.next] as (typeof laterSteps)[number];
      if (booking.next + 1 < laterSteps.length) waiting.push({ context: booking.context, next: booking.next + 1 });
      return step(booking.context);
    }
    const context: SequenceContext = {};
    return {
      key: 'l',
      method: bookingStep.method,
      path: bookingStep.path,
      body: bookingStep.body(context),
      done: (text) => {
        bookingStep.onResponse?.(text, context);
        if (context.bookingId) waiting.push({ context, next: 0 });
      },
    };
  };

  const minutes: Minute[] = [];
  const failures = new Map<string, number>();
  /** Each scenario's latencies over the whole measure: which call a slow minute comes from. */
  const byScenario = new Map<string, number[]>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let measuring = false;
  let startedAt = 0;
  const send = async (index: number): Promise<void> => {
    const request = nextRequest(index);
    const minute = measuring ? Math.floor((performance.now() - startedAt) / 60_000) : -1;
    const started = performance.now();
    let failure: string | null = null;
    try {
      const answer = await call(agent, new URL(`${base}${request.path}`), request.method, requestHeaders, request.body);
      if (answer.status >= 400) failure = `HTTP ${answer.status} ${request.method} ${request.path.slice(0, 60)}`;
      else request.done?.(answer.text);
    } catch (error) {
      failure = `${(error as Error).message} ${request.method} ${request.path.slice(0, 60)}`;
    }
    const ms = performance.now() - started;
    const bucket = minute >= 0 ? minutes[minute] : undefined;
    if (!bucket) return;
    bucket.requests += 1;
    bucket.latencies.push(ms);
    const own = byScenario.get(request.key) ?? [];
    own.push(ms);
    byScenario.set(request.key, own);
    if (failure) {
      bucket.errors += 1;
      failures.set(failure, (failures.get(failure) ?? 0) + 1);
    }
  };

  // The open loop: each tick sends what the clock owes since the start, so the rate holds over the whole run.
  const inFlight = new Set<Promise<void>>();
  let index = 0;
  const load = async (seconds: number) => {
    const from = performance.now();
    const total = seconds * options.rate;
    let count = 0;
    while (count < total) {
      const due = Math.min(total, Math.floor(((performance.now() - from) / 1000) * options.rate));
      for (; count < due; count++) {
        const promise = send(index++).finally(() => inFlight.delete(promise));
        inFlight.add(promise);
      }
      if (count < total) await new Promise((r) => setTimeout(r, TICK_MS));
    }
  };

  console.log(
    `\nEndurance : ${options.rate} requêtes/s pendant ${options.seconds} s (${WARM_UP_S} s de mise en route non comptées), une écriture sur ${options.writeEvery}, lectures ${reads.map((s) => s.key).join(',')}`,
  );
  await load(WARM_UP_S);
  measuring = true;
  startedAt = performance.now();
  for (let m = 0; m * 60 < options.seconds; m++)
    minutes.push({ requests: 0, errors: 0, latencies: [], rss: [], fullGc: 0, heapAfterMb: null });
  const samples: Sample[] = [];
  let gcAtMinute = fullCollections().count;
  const sample = () => {
    const at = Math.round((performance.now() - startedAt) / 1000);
    const rssMb = rssOf();
    const minute = minutes[Math.min(minutes.length - 1, Math.floor((at - 1) / 60))];
    if (rssMb !== null) {
      samples.push({ at, rssMb });
      minute?.rss.push(rssMb);
    }
    if (at % 60 === 0 || at >= options.seconds) {
      const gc = fullCollections();
      if (minute && gc.count > gcAtMinute) {
        minute.fullGc += gc.count - gcAtMinute;
        minute.heapAfterMb = gc.heapAfterMb;
      }
      gcAtMinute = gc.count;
    }
  };
  const sampler = setInterval(sample, RSS_EVERY_S * 1000);
  await load(options.seconds);
  clearInterval(sampler);
  // The last sample, when the interval had not fired yet at the end of the load.
  if ((samples.at(-1)?.at ?? 0) < options.seconds) sample();
  await Promise.all(inFlight);
  // Requests the client gave up on may still run in the server: let it drain before the sale's cleanup, so that no
  // booking is written after it (/health answered at once means the server's queue is empty).
  for (let tries = 0; tries < 120; tries++) {
    const started = performance.now();
    const healthy = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy && performance.now() - started < 50) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  agent.destroy();

  const reference = referenceSample(samples, options.seconds);
  const lowest = reference ? reference.rssMb * (1 - SOAK_BOUNDS.rssDrift) : 0;
  const highest = reference ? reference.rssMb * (1 + SOAK_BOUNDS.rssDrift) : 0;
  const outOfBand = reference
    ? samples.filter((s) => s.at >= reference.at && (s.rssMb < lowest || s.rssMb > highest))
    : [];

  console.log(
    `\n${'minute'.padEnd(7)}${'requêtes'.padEnd(10)}${'erreurs'.padEnd(9)}${'p50 ms'.padEnd(8)}${'p99 ms'.padEnd(8)}${'max ms'.padEnd(8)}${'RSS Mo (échantillons)'.padEnd(34)}${'GC maj. (tas après)'.padEnd(20)}p99<${SOAK_BOUNDS.p99Ms}`,
  );
  let slowMinutes = 0;
  minutes.forEach((minute, i) => {
    const sorted = minute.latencies.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    if (p99 >= SOAK_BOUNDS.p99Ms) slowMinutes += 1;
    console.log(
      [
        String(i + 1).padEnd(6),
        num(minute.requests).padEnd(9),
        num(minute.errors).padEnd(8),
        num(percentile(sorted, 50), 1).padEnd(7),
        num(p99, 1).padEnd(7),
        num(sorted.at(-1) ?? 0, 0).padEnd(7),
        minute.rss
          .map((r) => num(r))
          .join(' ')
          .padEnd(33),
        `${minute.fullGc}${minute.heapAfterMb === null ? '' : ` (${num(minute.heapAfterMb)} Mo)`}`.padEnd(19),
        p99 < SOAK_BOUNDS.p99Ms ? 'PASS' : 'MISS',
      ].join(' '),
    );
  });
  const requests = minutes.reduce((n, m) => n + m.requests, 0);
  const errors = minutes.reduce((n, m) => n + m.errors, 0);
  const expected = options.seconds * options.rate;
  console.log(
    `\n${num(requests)} requêtes mesurées (${num(expected)} prévues, ${num(requests / options.seconds, 1)}/s), ${num(errors)} en erreur`,
  );
  for (const [failure, count] of [...failures].slice(0, 10)) console.log(`  ${count} × ${failure}`);
  console.log(
    `par scénario (p50 / p99 / max ms) : ${[...byScenario]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([key, list]) => {
        const sorted = list.sort((x, y) => x - y);
        return `${key} ${num(percentile(sorted, 50), 1)} / ${num(percentile(sorted, 99), 1)} / ${num(sorted.at(-1) ?? 0)}`;
      })
      .join(' ; ')}`,
  );
  if (reference)
    console.log(
      `RSS : ${num(reference.rssMb)} Mo à ${reference.at} s, bornes ${num(lowest)}–${num(highest)} Mo ; de ${num(Math.min(...samples.map((s) => s.rssMb)))} à ${num(Math.max(...samples.map((s) => s.rssMb)))} Mo sur la durée`,
    );
  // What is alive after each full collection: a leak raises it from one collection to the next, whatever the RSS's
  // saw-tooth between collections (the server lets garbage pile up to 3 times its live heap: --heap-growing-percent).
  const live = minutes.flatMap((m) => (m.heapAfterMb === null ? [] : [m.heapAfterMb]));
  if (live.length > 0)
    console.log(`Tas vivant après chaque collecte complète : ${live.map((h) => num(h)).join(' → ')} Mo`);
  const checks = [
    { ok: errors === 0, text: `aucune erreur (${num(errors)})` },
    {
      ok: slowMinutes === 0,
      text: `p99 de chaque minute sous ${SOAK_BOUNDS.p99Ms} ms (${slowMinutes} minute(s) au-delà)`,
    },
    {
      ok: reference !== undefined && outOfBand.length === 0,
      text: `RSS à ±${SOAK_BOUNDS.rssDrift * 100} % de sa valeur de référence (${outOfBand.length} échantillon(s) hors bornes)`,
    },
    // An open loop that fell behind would understate the load: the rate must have been held.
    { ok: requests >= expected * 0.99, text: `débit tenu (${num(requests)} / ${num(expected)})` },
  ];
  for (const check of checks) console.log(`${check.ok ? 'PASS' : 'MISS'} : ${check.text}`);
  const ok = checks.every((c) => c.ok);
  console.log(ok ? 'Verdict : PASS, le serveur reste stable.' : 'Verdict : MISS.');
  return { ok };
}
