import { defineConfig } from 'vitest/config';

// One vitest run, four projects (scripts: the repository's own commands, run for real); e2e/ is Playwright's and never picked up here.
// Vitest's default is one worker fewer than the cores: on the 2-core machines CI runs on, one worker and one idle
// core. Two files at a time for every project (the scripts' one at a time excepted), more where a project says so.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
          // Both cores; on PostgreSQL a file spends much of its time waiting on the database server, so one more.
          maxWorkers: process.env.TEST_DB_ENGINE === 'postgres' ? 3 : 2,
        },
      },
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
