import { defineConfig } from 'vitest/config';

/**
 * One test file from the repository's root (`npx vitest run web/src/…` or `bff/test/…`) runs in
 * its own package's set-up (jsdom and MSW for web, Node for the server): each package is a
 * project with its own vitest.config.ts. `npm test` still runs each package from its folder.
 */
export default defineConfig({
  test: { projects: ['bff', 'web', 'design-system', 'mocks'] },
});
