import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults on a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demo: true,
      logLevel: 'info',
    });
  });

  it('turns demo data off by default on PostgreSQL, and lets DEMO decide', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('serves the built web app in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(loadConfig({}).webDistDir).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [
      { DATABASE_URL: 'mysql://localhost/db' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [{ DEMO: 'yes' }, 'DEMO must be 1 or 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
  ])('stops on %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
