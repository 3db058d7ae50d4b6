import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Races between server processes need PostgreSQL: they run in the pass with DATABASE_URL.
    exclude: process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts'],
    // A migrated PGlite database made once, which each test's embedded database starts from.
    globalSetup: ['test/global-setup.ts'],
    // Each file builds the app on its own fresh database (PGlite start-up or CREATE DATABASE).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
