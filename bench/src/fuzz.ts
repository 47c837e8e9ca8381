import { resourceRegistry } from '@app/server';
import { fuzzRandom, hostileQuery } from '../../packages/server/test/security/query-fuzz.js';

// `npm run bench -- --fuzz 3000`: the server test's hostile-query generator against the full dataset, a few
// callers at once (one by default, so each time is the request's own), while another caller polls /health. Prints the statuses, the slowest queries and the worst
// /health latency seen during the run (issue "Harden the API": none over 1 s, none a 500).

const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 1);
const HEALTH_EVERY_MS = 50;

export type FuzzReport = { failures: number };

export async function runFuzz(base: string, headers: Record<string, string>, count: number): Promise<FuzzReport> {
  const random = fuzzRandom(20261122);
  const urls = Array.from({ length: count }, () => hostileQuery(random, resourceRegistry));
  const statuses = new Map<number, number>();
  const timings: { ms: number; url: string; status: number }[] = [];
  let next = 0;
  let running = true;
  let worstHealth = 0;
  let healthErrors = 0;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => {
          healthErrors += 1;
        });
      worstHealth = Math.max(worstHealth, performance.now() - started);
      await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
    }
  })();
  const startedAll = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < urls.length) {
        const url = urls[next++] as string;
        const started = performance.now();
        // A dropped connection counts as status 0: a failure, never a crash of the run.
        const status = await fetch(`${base}${url}`, { headers: { ...headers, accept: 'application/json' } })
          .then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          })
          .catch(() => 0);
        const ms = performance.now() - started;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        timings.push({ ms, url, status });
      }
    }),
  );
  running = false;
  await health;
  timings.sort((a, b) => b.ms - a.ms);
  const failures = timings.filter((t) => t.status === 0 || t.status >= 500 || t.ms > 1000);
  // /health unanswered during the run means the fuzz starved the server: that is a failure too.
  if (healthErrors > 0) failures.push({ ms: 0, status: 0, url: `/health : ${healthErrors} sans réponse` });
  const p99 = timings[Math.floor(timings.length / 100)]?.ms ?? 0;
  console.log(
    `\nFuzz : ${count} requêtes hostiles en ${((performance.now() - startedAll) / 1000).toFixed(1)} s, ${CONCURRENCY} à la fois`,
  );
  console.log(`statuts : ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  console.log(
    `p99 ${p99.toFixed(1)} ms, la plus lente ${timings[0]?.ms.toFixed(1)} ms ; /health au pire ${worstHealth.toFixed(1)} ms, ${healthErrors} sans réponse`,
  );
  for (const t of timings.slice(0, 5)) console.log(`  ${t.ms.toFixed(1)} ms ${t.status} ${t.url.slice(0, 180)}`);
  console.log(
    failures.length === 0 ? 'PASS : aucune 500, aucune au-delà de 1 s' : `MISS : ${failures.length} en échec`,
  );
  for (const f of failures.slice(0, 10)) console.log(`  ${f.status} ${f.ms.toFixed(0)} ms ${f.url.slice(0, 200)}`);
  return { failures: failures.length };
}
