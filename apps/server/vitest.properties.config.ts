import { defineProject } from 'vitest/config';

/**
 * The route property suite (test/properties-suite.ts), one file per share of the routes. Each file
 * loads its modules afresh (Vitest's default isolation): the suite replaces `fastify` with
 * vi.mock to list the routes the app registers, and builds its app when it is imported.
 */
export default defineProject({
  test: {
    name: 'server-properties',
    environment: 'node',
    // The files vitest.config.ts (the server project) leaves out.
    include: ['test/properties-*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
