import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a
    // time. Much of a server test's time is spent waiting on a database or a server process, so
    // a worker per core keeps every core busy.
    maxWorkers: availableParallelism(),
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
