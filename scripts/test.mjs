// `npm test`: every check, then one closing line "Tests: N passed, N failed" summing all suites. Steps run one
// after the other, except those sharing a `together` group, which run at the same time (each one's output is kept
// and printed whole, in the order below, once the group has ended). Each step prints its own output; a failing step fails the run (after the
// remaining steps ran).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

// The commands and the checks run at once (all but the unit tests at a lower priority, `nice`: no wait of theirs is
// bounded, where the unit tests' waits are); then the server suites; then the cluster beside the browser tests. The
// unit and server suites side by side failed the web tests' 3 s waits on a loaded machine. The cluster's minute of
// load leaves most of a 2-core machine idle and asserts no duration; the browser tests' waits are bounds far above
// what they take.
const steps = [
  {
    // The repository's own commands run for real: the build from a fresh checkout, `npm start`, `seed:demo`. It
    // builds packages/*/dist, which the typecheck does not touch (it emits nothing); its report is what .ci/run's
    // Node 24 job waits for before it links those dist/ folders into its copy.
    together: 'checks',
    nice: true,
    name: 'commands',
    cmd: `npx vitest run --project scripts --reporter=default --reporter=json --outputFile.json=${out}/scripts.json`,
    report: 'scripts.json',
  },
  { together: 'checks', nice: true, name: 'lint', cmd: 'npx biome check .' },
  { together: 'checks', nice: true, name: 'typecheck', cmd: 'npm run typecheck --silent' },
  {
    together: 'checks',
    name: 'unit',
    cmd: `npx vitest run --project domain --project web --reporter=default --reporter=json --outputFile.json=${out}/unit.json`,
    report: 'unit.json',
  },
  {
    // Both engines in one pool (vitest.config.ts): each test's name says its engine ('… on sqlite', '… on postgres').
    name: 'server (SQLite, PostgreSQL)',
    cmd: `npx vitest run --project server --project server-postgres --reporter=default --reporter=json --outputFile.json=${out}/server.json`,
    report: 'server.json',
  },
  // What `npm start` would build: the 'commands' step built the same checkout a moment ago, so an unchanged web app is
  // not bundled twice (scripts/build.mjs compares the hash of its inputs).
  { name: 'build', cmd: 'node scripts/build.mjs --if-changed' },
  // Two built servers behind nginx on PostgreSQL, one killed and restarted under load (docs/operations.md).
  {
    together: 'last',
    name: 'cluster',
    cmd: 'node ops/cluster/run.mjs',
    env: { CLUSTER_REPORT: `${out}/cluster.json` },
    report: 'cluster.json',
  },
  {
    together: 'last',
    name: 'e2e',
    cmd: 'npx playwright test --reporter=list,json',
    cwd: 'e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
    report: 'e2e.json',
  },
];

// The names of the failed tests and their first error line, printed again at the very end: CI keeps only the tail of
// a long log, where a step's own report of its failures has scrolled out of sight.
function failuresOf(report) {
  const found = [];
  if (report.testResults) {
    for (const file of report.testResults) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') found.push(`${test.fullName} — ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        found.push(`${path.basename(file.name)} — ${firstLine(file.message)}`);
      }
    }
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`[${test.projectName}] ${[...titles, spec.title].join(' › ')} — ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return found;
}

const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
function firstLine(text) {
  const line = String(text ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .find((l) => l.trim());
  return line ? line.trim().slice(0, 300) : 'échec hors des tests (préparation ou nettoyage du fichier)';
}

let passed = 0;
let failed = 0;
const failedSteps = [];
const failedTests = [];
const durations = [];

/** CPU seconds of this process's children that ended so far (Linux; null elsewhere). */
function childrenCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Runs a step; `log` set, its output goes to that file instead of the terminal. Resolves to its exit status. */
function run(step, log) {
  return new Promise((resolve) => {
    const output = log ? fs.openSync(log, 'w') : 'inherit';
    // Linux's `nice` (a lower priority for the whole step, children included); elsewhere the step runs as it is.
    const cmd = step.nice && process.platform === 'linux' ? `nice -n 10 ${step.cmd}` : step.cmd;
    const child = spawn(cmd, {
      shell: true,
      stdio: ['ignore', output, output],
      cwd: step.cwd,
      env: { ...process.env, ...step.env },
    });
    child.on('error', () => resolve(1));
    child.on('close', (code) => {
      if (log) fs.closeSync(output);
      resolve(code ?? 1);
    });
  });
}

function account(step, status, seconds) {
  // Each step's duration, printed again at the end: CI's time budget is read from these lines.
  durations.push(`${step.name} : ${Math.round(seconds)} s`);
  console.log(`=== ${durations.at(-1)} ===`);
  const file = step.report && path.join(out, step.report);
  if (file && fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (report.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
    } else {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
    for (const failure of failuresOf(report)) failedTests.push(`${step.name} : ${failure}`);
  }
  if (status !== 0) {
    failedSteps.push(step.name);
    // A step without a test report (lint, types, build) or whose runner died counts as one failure.
    if (!file || !fs.existsSync(file)) failed += 1;
  }
}

// Consecutive steps of one `together` group form one batch.
const batches = [];
for (const step of steps) {
  const last = batches.at(-1);
  if (step.together && last?.[0].together === step.together) last.push(step);
  else batches.push([step]);
}

const runStarted = performance.now();
for (const batch of batches) {
  const started = performance.now();
  const cpuBefore = childrenCpu();
  if (batch.length === 1) {
    const [step] = batch;
    console.log(`\n=== ${step.name} ===`);
    account(step, await run(step), (performance.now() - started) / 1000);
  } else {
    console.log(`\n=== ${batch.map((step) => step.name).join(', ')} (en même temps) ===`);
    const results = await Promise.all(
      batch.map(async (step) => {
        const log = path.join(out, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
        const status = await run(step, log);
        // Live, while the others go on: the step's own output comes whole once the group has ended.
        console.log(
          `--- ${step.name} : fini (${status === 0 ? 'réussi' : 'échec'}) en ${Math.round((performance.now() - started) / 1000)} s`,
        );
        return { step, log, status, seconds: (performance.now() - started) / 1000 };
      }),
    );
    for (const { step, log, status, seconds } of results) {
      console.log(`\n=== ${step.name} ===`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      account(step, status, seconds);
    }
  }
  const cpuAfter = childrenCpu();
  if (cpuBefore !== null && cpuAfter !== null) {
    const wall = (performance.now() - started) / 1000;
    console.log(`=== temps processeur : ${Math.round(cpuAfter - cpuBefore)} s pour ${Math.round(wall)} s ===`);
  }
}
durations.push(`en tout : ${Math.round((performance.now() - runStarted) / 1000)} s`);
console.log(`\nDurées : ${durations.join(', ')}`);
if (failedTests.length) console.log(`\nTests en échec :\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
console.log(failedSteps.length ? `\nÉchec : ${failedSteps.join(', ')}` : '\nToutes les étapes ont réussi.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
