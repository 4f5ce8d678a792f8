// The public surface of @outpost/host: the contract between the shell and every remote.
// Tests import the test host from '@outpost/host/testing'.

/** The shell's call helper (SPEC 7), built over a fetch and a notifier: createApiFetch({fetch, notify}). */
export * from './api-fetch';
/** can(session, code): the one permission check (flag 'z' passes everything); hooks useCan(code), useSignedIn() below. */
export * from './can';
/** defineRemote: what a remote's ./manifest default-exports. */
export * from './define-remote';
/** parseFailure(response | null) -> Failure {code, message, status, body}: branch on code, show message. */
export * from './failure';
/** HostApi (apiFetch, notify, navigate), provideHost/getHost/useHost, useToast (the shell's toasts). */
export * from './host-api';
/** The locale store (useLocale, setLocale), catalogs (registerCatalogs) and translation (useT, i18n: Lingui). */
export * from './i18n';
/** Loaded<T>; useLoad(path, schema) and useLoader(load, key): abortable, schema-checked; getJson, sendJson. */
export * from './load';
export * from './meta-store';
/** queryString({key: value}): '?key=value' from the defined, non-blank values ('' when none). */
export * from './query-string';
export * from './session';
export * from './session-store';
export * from './use-can';
/** useKeysetPages(resetKey): keyset paging state (cursor, page, next, previous); give it whole to the kit's Pager. */
export * from './use-keyset-pages';
/** useSubmit(action, {onDone}): a form's sending: busy, the failure for an inline error, onDone on success. */
export * from './use-submit';
/** withNode(t(key, {date: SLOT}), <RelativeTime/>): a translated message with an element where the locale puts it. */
export * from './with-node';
