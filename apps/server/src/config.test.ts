import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { hopCountTrust } from './lib/trust-proxy.ts';

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

describe('TRUST_PROXY as a hop count', () => {
  it('believes only a loopback peer as the nearest hop, not a private network', () => {
    const trust = hopCountTrust(1);
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(trust(peer, 0), peer).toBe(true);
    for (const peer of ['10.1.2.3', '192.168.1.9', '172.16.0.5', '::ffff:192.168.1.9', 'fd00::5', 'fe80::1', '203.0.113.5']) expect(trust(peer, 0), peer).toBe(false);
    expect(trust('10.1.2.3', 1), 'a hop past the nearest, within the count').toBe(false);
    expect(hopCountTrust(2)('10.1.2.3', 1), 'the second hop of two').toBe(true);
  });

  it('with HOST=0.0.0.0 (the default) prints a warning that names the risk and what to set instead', () => {
    const [warning, ...more] = configWarnings(loadConfig({ TRUST_PROXY: '1' }));
    expect(more).toEqual([]);
    expect(warning).toContain('TRUST_PROXY=1 with HOST=0.0.0.0');
    expect(warning).toContain('a client can reach it past the proxy');
    expect(warning).toContain('HOST=127.0.0.1');
    expect(warning).toContain('TRUST_PROXY=10.0.0.5');
    expect(configWarnings(loadConfig({ TRUST_PROXY: '2', HOST: '::' }))[0]).toContain('TRUST_PROXY=2 with HOST=::');
  });

  it('prints nothing for a loopback HOST, a list of proxies or no proxy', () => {
    expect(configWarnings(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }))).toEqual([]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: '10.0.0.5' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ TRUST_PROXY: '0' }))).toEqual([]);
  });
});

describe('EMBEDDED_PG_FSYNC', () => {
  it('waits for the disk by default, and false (test data only) says so at start', () => {
    expect(loadConfig({}).embeddedPgFsync).toBe(true);
    const off = loadConfig({ EMBEDDED_PG_FSYNC: 'false', HOST: '127.0.0.1' });
    expect(off.embeddedPgFsync).toBe(false);
    expect(configWarnings(off)).toEqual([expect.stringContaining('a power loss can lose or corrupt its data')]);
    // It is a setting of the embedded database only: an external one is not warned about.
    expect(configWarnings(loadConfig({ EMBEDDED_PG_FSYNC: 'false', HOST: '127.0.0.1', DATABASE_URL: 'postgres://db.example/aesa' }))).toEqual([]);
    expect(() => loadConfig({ EMBEDDED_PG_FSYNC: 'off' })).toThrow('EMBEDDED_PG_FSYNC must be true or false');
  });
});
