import { defineConfig } from 'vitest/config';

// One vitest run, four projects (scripts: the repository's own commands, run for real); e2e/ is Playwright's and never picked up here.
export default defineConfig({
  test: {
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
