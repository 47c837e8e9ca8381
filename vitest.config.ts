import { defineConfig } from 'vitest/config';

// One vitest run, four projects (scripts: the repository's own commands, run for real); e2e/ is Playwright's and never picked up here.
// Vitest's default is one worker fewer than the cores: on the 2-core machines CI runs on, one worker and one idle
// core. Two files at a time for every project (the scripts' one at a time excepted), more where a project says so.
// The server suite, once per engine: `server` on SQLite (or the engine TEST_DB_ENGINE names), `server-postgres` on
// the PostgreSQL of DATABASE_URL_TEST. Run together (npm test), their files share one pool: many of them wait on a
// child process, a timer or the database server rather than compute, so four at a time keep both cores busy where
// one engine after the other, two files at a time, left them half idle. SERVER_TEST_WORKERS sets another number
// (the Node 24 run of .ci/run, beside npm test, takes one).
function serverProject(name: string, engine?: 'postgres') {
  return {
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      root: 'packages/server',
      include: ['test/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['test/global-setup.ts'],
      testTimeout: 60000,
      hookTimeout: 90000,
      ...(engine ? { env: { TEST_DB_ENGINE: engine } } : {}),
      maxWorkers: Number(process.env.SERVER_TEST_WORKERS) || 4,
      // A worker imports the server once for all its files, not once per file: importing it was four fifths of the
      // suite's processor time. Module state is per app (caches, counters and flags hang on the app's context or
      // its database), so files sharing a worker do not see each other's.
      isolate: false,
      // After the other projects when everything runs at once: projects of one group must share a worker count.
      sequence: { groupOrder: 1 },
    },
  };
}

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server'),
      serverProject('server-postgres', 'postgres'),
      'packages/web/vite.config.ts',
      {
        // One file at a time: they build the same dist/ and one of them measures a start time.
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
          fileParallelism: false,
        },
      },
    ],
  },
});
