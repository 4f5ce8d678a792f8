import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineRemoteConfig, LOOPBACK_ORIGIN, SHELL_RUNTIME_GLOBALS } from './index.mjs';

// Issue 24: the MF plugin warns about CORS in every remote build unless the origins are named.
describe('remote build config', () => {
  it('names the origins its dev server allows, so the MF plugin adds no wildcard and no warning', () => {
    const config = defineRemoteConfig({ id: 'docs' });
    expect(config.server?.cors).toEqual({ origin: LOOPBACK_ORIGIN });
  });

  it('allows pages on this machine only', () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:3000', 'https://localhost', 'http://[::1]:4404']) {
      expect(LOOPBACK_ORIGIN.test(origin), origin).toBe(true);
    }
    for (const origin of [
      'http://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example:80',
      'http://localhost:8080/x',
      'null',
    ]) {
      expect(LOOPBACK_ORIGIN.test(origin), origin).toBe(false);
    }
  });
});

// The remote entries take the MF sdk and error codes from the shell (4.1 KB brotli off every first load).
describe('packages a remote entry takes from the shell', () => {
  it('are externals of every remote build', () => {
    const config = defineRemoteConfig({ id: 'docs' });
    expect(config.plugins?.map((plugin) => plugin?.name)).toContain('outpost:shell-runtime-globals');
  });

  it('are each set on globalThis by the shell before any remote entry runs, from the same package', () => {
    const shellEntry = readFileSync(new URL('../../shell/src/index.ts', import.meta.url), 'utf8');
    for (const [pkg, global] of Object.entries(SHELL_RUNTIME_GLOBALS)) {
      expect(shellEntry).toContain(`${global}: require('${pkg}')`);
    }
  });
});
