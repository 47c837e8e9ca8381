// `npm test`: every check in order, then one closing line "Tests: N passed, N failed" summing all suites.
// Each step still prints its own output; a failing step fails the run (after the remaining steps ran).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const out = path.resolve('.test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

const steps = [
  {
    // First and alone, as `npm start` is run: it measures the start time of an unchanged checkout (in CI, before
    // the Node 24 job of .ci/run starts compiling in the background).
    name: 'commands',
    cmd: `npx vitest run --project scripts --reporter=default --reporter=json --outputFile.json=${out}/scripts.json`,
    report: 'scripts.json',
  },
  { name: 'lint', cmd: 'npx biome check .' },
  { name: 'typecheck', cmd: 'npm run typecheck --silent' },
  {
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
    name: 'cluster',
    cmd: 'node ops/cluster/run.mjs',
    env: { CLUSTER_REPORT: `${out}/cluster.json` },
    report: 'cluster.json',
  },
  {
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
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = performance.now();
  const result = spawnSync(step.cmd, {
    shell: true,
    stdio: 'inherit',
    cwd: step.cwd,
    env: { ...process.env, ...step.env },
  });
  // Each step's duration, printed again at the end: CI's time budget is read from these lines.
  durations.push(`${step.name} : ${Math.round((performance.now() - started) / 1000)} s`);
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
  if (result.status !== 0) {
    failedSteps.push(step.name);
    // A step without a test report (lint, types, build) or whose runner died counts as one failure.
    if (!file || !fs.existsSync(file)) failed += 1;
  }
}
console.log(`\nDurées : ${durations.join(', ')}`);
if (failedTests.length) console.log(`\nTests en échec :\n${failedTests.map((t) => `  - ${t}`).join('\n')}`);
console.log(failedSteps.length ? `\nÉchec : ${failedSteps.join(', ')}` : '\nToutes les étapes ont réussi.');
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
