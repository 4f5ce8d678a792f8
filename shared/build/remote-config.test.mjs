import { describe, expect, it } from 'vitest';
import { defineRemoteConfig, LOOPBACK_ORIGIN } from './index.mjs';

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
