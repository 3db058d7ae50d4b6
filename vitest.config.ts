import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take a minute or more (or near it) on this 2-core machine, longest first.
 * Vitest starts the files it has timed before longest first, but on a clean checkout (CI) it has
 * no timings and starts the largest files first: the property tests are two-line files that call
 * a shared suite, so they started last and ran alone for minutes while a core stood idle
 * (PostgreSQL pass: 380 s, of which 170 s on one core). Measured with `npx vitest run
 * --reporter=json --outputFile=…` (each file's startTime and endTime).
 */
const SLOWEST_FILES = [
  'apps/server/test/properties-1.test.ts',
  'apps/server/test/processes.test.ts',
  'apps/server/test/properties-2.test.ts',
  'apps/server/src/modules/building/building.test.ts',
  'apps/server/src/db/backup.test.ts',
  'apps/server/src/plugins/web-app.test.ts',
  'apps/server/test/payment-races.pg.test.ts',
  'apps/server/src/modules/payments/stripe.test.ts',
  'apps/server/test/production-start.test.ts',
];

/** Vitest's order, with the slowest files known to take longest moved to the front. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    return ordered
      .map((file, position) => ({ file, position, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine, one file at a
    // time. Much of a server test's time is spent waiting on a database or a server process, so
    // a worker per core keeps every core busy.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowestFirst },
    projects: [
      'packages/contract',
      'apps/server',
      'apps/server/vitest.properties.config.ts',
      'apps/web',
    ],
  },
});
