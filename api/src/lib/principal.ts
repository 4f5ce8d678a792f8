/** Who a request acts as, with the permissions that come from the user and their roles. */
export interface Principal {
  userId: string;
  sessionId: string | null;
  /** How the request proved who it is: a session cookie or an API key (bearer). */
  via: 'session' | 'apikey';
  /** The admin's own user id while they impersonate `userId`; null otherwise. */
  impersonatorId?: string | null;
  permissions: { codes: string[]; flags: string; immunityLevel: number };
  /**
   * The signed-in person's second factor (issue 31), for sessions: whether one is enrolled
   * and when this session last proved it (seconds; null = never). Step-up reads it.
   */
  secondFactor?: { enrolled: boolean; provedAt: number | null };
}
