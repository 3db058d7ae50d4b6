import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/node-flags';

/** `npm start` and `npm run serve` run the server as the cluster and the benches do. */
describe('the production server', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it('is started by the package scripts with the flags of src/node-flags.ts', () => {
    const command = `exec node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/server.js`;
    expect(scripts.start).toContain(command);
    expect(scripts.serve).toContain(command);
  });

  it('is started by the package scripts with the environment of src/node-flags.ts, unless given its own', () => {
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      const setting = `${name}=\${${name}:-${value}} exec node`;
      expect(scripts.start).toContain(setting);
      expect(scripts.serve).toContain(setting);
    }
  });
});
