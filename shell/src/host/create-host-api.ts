import { createApiFetch, type HostApi, type HostNotification } from '@outpost/host';
import { requestStepUp } from '../security/step-up-store';
import { reportErrorNotification } from '../sentry/sentry';
import { takePrefetched } from '../startup/route-data';
import { useToastStore } from '../toasts/toast-store';

const TOAST_TYPE = { info: 'info', success: 'success', warning: 'warn', error: 'error' } as const;

/** The shell's implementation of the host API; navigate is bound once the router mounts. */
export function createHostApi(navigate: HostApi['navigate']): HostApi {
  const notify = (notification: HostNotification) => {
    if (notification.level === 'error') reportErrorNotification(notification.title, notification.message);
    useToastStore.getState().show({
      title: notification.title,
      text: notification.message,
      type: TOAST_TYPE[notification.level],
      duration: notification.durationMs,
    });
  };
  return {
    notify,
    // The browser's fetch, looked up per call (so it is the one in force, e.g. a test's). A
    // dangerous action answered STEP_UP_REQUIRED opens the step-up prompt, then is retried.
    apiFetch: createApiFetch({ fetch: (input, init) => fetch(input, init), notify, stepUp: requestStepUp }),
    navigate,
    takePrefetched: (path) => takePrefetched(path),
  };
}
