import { describe, expect, it } from 'vitest';
import { reportErrorNotification, SENTRY_SAMPLING, startSentry } from './sentry';

describe('error reporting', () => {
  it('does nothing without a DSN (and reporting is a no-op)', async () => {
    await startSentry(null);
    reportErrorNotification('Title', 'nothing happens');
    const Sentry = await import('@sentry/react');
    expect(Sentry.getClient()).toBeUndefined();
  });

  it('starts with the SPEC sampling once meta carries a DSN', async () => {
    await startSentry({ dsn: 'https://public@o1.ingest.example.invalid/1', environment: 'test' });
    const Sentry = await import('@sentry/react');
    const options = Sentry.getClient()?.getOptions();
    expect(options?.dsn).toBe('https://public@o1.ingest.example.invalid/1');
    expect(options?.environment).toBe('test');
    expect(SENTRY_SAMPLING).toEqual({
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      tracesSampleRate: 1,
    });
    expect(options).toMatchObject(SENTRY_SAMPLING);
  });
});
