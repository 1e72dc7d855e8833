import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const cores = os.availableParallelism();

describe('WORKERS', () => {
  it('defaults to one server process per core, at most 4 on the embedded database', () => {
    expect(loadConfig({}).workers).toBe(Math.min(cores, 4));
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/aesa' }).workers).toBe(cores);
  });

  it('takes a whole number from 1 to 64, and 1 keeps everything in one process', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '8' }).workers).toBe(8);
    for (const bad of ['0', '65', '2.5', 'all', '-1']) {
      expect(() => loadConfig({ WORKERS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ WORKERS: bad })).toThrow(`Invalid configuration: WORKERS must be a whole number of server processes from 1 to 64 (got ${JSON.stringify(bad)})`);
    }
  });

  it('shares the cores out between the processes for password checks', () => {
    expect(loadConfig({ WORKERS: '1' }).passwordPool.size).toBe(cores);
    expect(loadConfig({ WORKERS: String(cores) }).passwordPool.size).toBe(1);
    expect(loadConfig({ WORKERS: '64' }).passwordPool.size).toBe(1);
  });
});

describe('SIGN_IN_QUEUE_SECONDS', () => {
  it('is how long a sign-in may wait for its password check, 3 s by default, 1 to 60', () => {
    expect(loadConfig({}).passwordPool.maxWaitMs).toBe(3000);
    expect(loadConfig({ SIGN_IN_QUEUE_SECONDS: '10' }).passwordPool.maxWaitMs).toBe(10_000);
    expect(() => loadConfig({ SIGN_IN_QUEUE_SECONDS: '0' })).toThrow('SIGN_IN_QUEUE_SECONDS must be a whole number of seconds from 1 to 60');
  });
});
