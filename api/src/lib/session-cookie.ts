/** The session cookie's name: set and read by the auth module, also looked at by plugins/ and web/. */
export const SESSION_COOKIE = 'outpost_session';
