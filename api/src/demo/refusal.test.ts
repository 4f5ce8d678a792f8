import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoRefusal, demoSetting, isLoopbackHost, PUBLIC_ENV, PUBLIC_FLAG } from './refusal';

describe('when pnpm demo refuses to start', () => {
  it('starts on a developer machine: no NODE_ENV, loopback or no PUBLIC_URL and HOST', () => {
    expect(demoRefusal({}, [])).toBeNull();
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:4415',
      'http://127.8.9.10',
      'http://[::1]:8080',
      'http://demo.localhost:3000/',
    ])
      expect(demoRefusal({ PUBLIC_URL: url, NODE_ENV: 'development' }, []), url).toBeNull();
    expect(demoRefusal({ HOST: '127.0.0.1' }, [])).toBeNull();
    expect(demoRefusal({ HOST: '::1' }, [])).toBeNull();
  });

  it('refuses NODE_ENV=production, however it is spelled', () => {
    for (const value of ['production', 'Production', ' PRODUCTION '])
      expect(demoRefusal({ NODE_ENV: value }, [])).toMatch(/NODE_ENV=production/);
  });

  it('refuses a PUBLIC_URL whose host is not loopback, including look-alikes', () => {
    for (const url of [
      'https://outpost.example.org',
      'http://10.0.0.5:8080',
      'http://192.168.1.2',
      'http://0.0.0.0:8080',
      'http://localhost.evil.test',
      'http://127.0.0.1.nip.io',
      'http://[::ffff:10.0.0.1]',
      'http://[2001:db8::1]',
      'http://128.0.0.1',
    ])
      expect(demoRefusal({ PUBLIC_URL: url }, []), url).toMatch(/not a loopback address/);
    expect(demoRefusal({ PUBLIC_URL: 'not a url' }, [])).toMatch(/not a URL/);
  });

  it('refuses to listen on a public interface', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'outpost.example.org'])
      expect(demoRefusal({ HOST: host }, []), host).toMatch(/only loopback interfaces/);
  });

  it('refuses an empty or padded HOST with its message, even when told the demo may be public', () => {
    for (const host of ['', ' ', '\t', '\n'])
      for (const argv of [[], [PUBLIC_FLAG]])
        expect(demoRefusal({ HOST: host }, argv), JSON.stringify(host)).toMatch(/HOST is set but empty/);
    for (const host of [
      ' 127.0.0.1',
      '127.0.0.1 ',
      ' localhost\n',
      '\t::1',
      '127.0.0.1\u0085',
      'local host',
      '0.0.0.0 ',
    ])
      for (const argv of [[], [PUBLIC_FLAG]])
        expect(demoRefusal({ HOST: host }, argv), JSON.stringify(host)).toMatch(/spaces or control characters/);
    // The message offers the bare name to copy when there is one.
    expect(demoRefusal({ HOST: ' 127.0.0.1 ' }, [])).toContain('HOST=127.0.0.1.');
  });

  it(`starts anyway when told explicitly: ${PUBLIC_FLAG} or ${PUBLIC_ENV}=1`, () => {
    const hostile = { NODE_ENV: 'production', PUBLIC_URL: 'https://outpost.example.org', HOST: '0.0.0.0' };
    expect(demoRefusal(hostile, [PUBLIC_FLAG])).toBeNull();
    expect(demoRefusal({ ...hostile, [PUBLIC_ENV]: '1' }, [])).toBeNull();
    expect(demoRefusal({ ...hostile, [PUBLIC_ENV]: 'true' }, [])).toBeNull();
    // Anything else is not an explicit yes.
    expect(demoRefusal({ ...hostile, [PUBLIC_ENV]: 'yes please' }, [])).not.toBeNull();
    expect(demoRefusal(hostile, ['--i-know'])).not.toBeNull();
  });

  it('says how to override in every refusal', () => {
    expect(demoRefusal({ NODE_ENV: 'production' }, [])).toContain(PUBLIC_FLAG);
    expect(demoRefusal({ PUBLIC_URL: 'https://example.org' }, [])).toContain(PUBLIC_ENV);
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.255.255.255')).toBe(true);
    expect(isLoopbackHost('127.256.0.1')).toBe(false);
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
  });
});

describe('the demo settings (DEMO_*)', () => {
  it('take the default when unset, a whole number in range, and refuse anything else naming the variable', () => {
    const range = { min: 100, max: 600_000 };
    expect(demoSetting({}, 'DEMO_TICK_MS', 2000, range)).toBe(2000);
    expect(demoSetting({ DEMO_TICK_MS: ' 400 ' }, 'DEMO_TICK_MS', 2000, range)).toBe(400);
    for (const bad of ['abc', '-5', '1e3', '0.5', '99', '600001', 'NaN', '400ms'])
      expect(() => demoSetting({ DEMO_TICK_MS: bad }, 'DEMO_TICK_MS', 2000, range), bad).toThrow(
        /Invalid environment variable DEMO_TICK_MS=.*from 100 to 600000/,
      );
  });
});

describe('the pnpm demo process', () => {
  it('stops before touching anything when refused, with exit code 2 and the reason', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-demo-refused-'));
    const marker = path.join(dataDir, 'keep-me');
    fs.writeFileSync(marker, 'not the demo');
    const main = path.join(import.meta.dirname, 'main.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    const result = spawnSync(tsx, [main], {
      env: { ...process.env, NODE_ENV: 'production', DEMO_DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Refusing to start the demo with NODE_ENV=production');
    expect(fs.readFileSync(marker, 'utf8')).toBe('not the demo');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an empty or padded HOST with exit code 2 and its message, not a stack trace', () => {
    const main = path.join(import.meta.dirname, 'main.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
    for (const [host, message] of [
      ['', 'HOST is set but empty'],
      ['  127.0.0.1  ', 'spaces or control characters'],
    ] as const) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-demo-host-'));
      const { NODE_ENV: _ignored, ...env } = process.env;
      const result = spawnSync(tsx, [main], {
        env: { ...env, HOST: host, DEMO_DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(result.status, JSON.stringify(host)).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    // Two process starts under tsx: slower than the default test time on a loaded machine.
  }, 150_000);
});
