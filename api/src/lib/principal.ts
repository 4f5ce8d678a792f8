/** Who a request acts as, with the permissions that come from the user and their roles. */
export interface Principal {
  userId: string;
  sessionId: string | null;
  /** How the request proved who it is: a session cookie or an API key (bearer). */
  via: 'session' | 'apikey';
  /** The admin's own user id while they impersonate `userId`; null otherwise. */
  impersonatorId?: string | null;
  permissions: { codes: string[]; flags: string; immunityLevel: number };
}
