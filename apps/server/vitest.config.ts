import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      // Races between server processes need PostgreSQL: they run in the pass with DATABASE_URL.
      ...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts']),
      // The route property suite: a project of its own (vitest.properties.config.ts).
      'test/properties-*.test.ts',
    ],
    // A worker runs its files one after another in the same module graph: the app, PGlite's
    // WebAssembly and the libraries are loaded once per worker instead of once per file (28 files:
    // 174 s → 105 s, docs/perf.md). Each file still builds its own app on its own database, and no
    // module keeps state between files but caches of pure functions. The property suite changes
    // how `fastify` loads (vi.mock) and builds its app at import, so it runs apart.
    isolate: false,
    // A migrated PGlite database made once, which each test's embedded database starts from.
    globalSetup: ['test/global-setup.ts'],
    // Each file builds the app on its own fresh database (PGlite start-up or CREATE DATABASE).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
