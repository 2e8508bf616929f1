import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One project per size of test: small ones beside pure code, medium ones against a real
// PostgreSQL and MQTT broker (embedded unless DATABASE_URL / MQTT_URL are set).
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          // Each file gets its own database and app (helper.ts) and the server code keeps no state at
          // module level that a test depends on, so the files of a worker share one module graph:
          // isolated, every file paid ~1 s of CPU importing Fastify, the contracts and the app again
          // (half the project's time on two cores).
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/cheap-hashing.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          // As the server project: each file gets its own database, app and browser (setup.ts), so the
          // files of a worker share one module graph instead of each importing the app and Playwright.
          isolate: false,
          // A page waits on the server, which shares two cores with the rest of the suite: a poll
          // gets the time a busy CI machine needs (vitest's default is one second).
          expect: { poll: { timeout: 20_000 } },
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/web/e2e/build-web.ts'],
          setupFiles: ['apps/server/test/cheap-hashing.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
