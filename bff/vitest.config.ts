import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // the files share their worker's loaded modules instead of each starting a fresh process and
    // loading the app again (a second or two a file, 114 files, twice in npm test): every test
    // builds its own app, database and clock (helpers/test-app.ts), and none changes process.env,
    // the timers or a module's state
    isolate: false,
  },
});
