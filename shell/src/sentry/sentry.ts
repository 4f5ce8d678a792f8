import type { SentryConfig } from '@outpost/contracts';

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
let starting: Promise<void> | null = null;

/** SPEC 9: session replay for 10% of sessions and every session with an error; every trace. */
export const SENTRY_SAMPLING = { replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1, tracesSampleRate: 1 };

/**
 * Starts error reporting only when the server says a DSN is configured. The SDK is
 * imported here, lazily, so a site without Sentry never downloads it.
 */
export function startSentry(config: SentryConfig | null | undefined): Promise<void> {
  if (!config?.dsn || starting) return starting ?? Promise.resolve();
  starting = import('@sentry/react')
    .then((module) => {
      module.init({
        dsn: config.dsn,
        environment: config.environment,
        integrations: [module.browserTracingIntegration(), module.replayIntegration()],
        ...SENTRY_SAMPLING,
      });
      sentry = module;
    })
    .catch((error: unknown) => console.warn('[outpost] error reporting could not start', error));
  return starting;
}

/** SPEC 8: error notifications are also reported (a no-op when Sentry is not running). */
export function reportErrorNotification(title: string | undefined, message: string): void {
  sentry?.captureMessage(title ? `${title}: ${message}` : message, 'error');
}
