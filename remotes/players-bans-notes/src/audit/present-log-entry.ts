import {
  ADMIN_CHAT_TAG,
  adminChatText,
  isAdminChatMessage,
  type LogEntry,
  parseSteamId,
  REDACTED_MESSAGE,
} from '@outpost/contracts';

export interface LogParty {
  id: string;
  /** The name at the time, falling back to the id (SPEC 3). */
  name: string;
  /**
   * What the player modal opens: the SteamID64 for a Steam id, else the Outpost user id
   * (staff acting in the web panel), which the modal resolves to the user's SteamID.
   */
  playerId: string | null;
}

export interface PresentedLogEntry {
  /** How the row reads: an action, a chat line, or a redacted entry. */
  kind: 'action' | 'chat' | 'redacted';
  /** The tag shown before the text (chat lines), or null. */
  tag: string | null;
  text: string;
  client: LogParty | null;
  /** The admin who really acted while impersonating `client` (issue 9 item 13), or null. */
  realClientName: string | null;
  target: LogParty | null;
  hasStats: boolean;
}

export const CHAT_TAG = 'CHAT';

function party(id: string | null, name: string | null): LogParty | null {
  if (!id && !name) return null;
  const shownId = id ?? '';
  return { id: shownId, name: name || shownId, playerId: id ? (parseSteamId(id) ?? id) : null };
}

/**
 * SPEC 3 and 4: '[redacted]' marks a redacted entry; an ACTION whose message says it
 * triggered the admin say command is shown as CHAT tagged 'Message was sent in admin chat';
 * other CHAT messages are shown as tagged text; names fall back to ids.
 */
export function presentLogEntry(entry: LogEntry): PresentedLogEntry {
  const client = party(entry.client, entry.clientName);
  const target = party(entry.target, entry.targetName);
  const hasStats = Boolean(entry.hasStats && client?.playerId);
  const base = { client, realClientName: entry.clientRealName || null, target, hasStats };
  if (entry.redacted || entry.message === REDACTED_MESSAGE) {
    return { ...base, kind: 'redacted', tag: null, text: entry.message || REDACTED_MESSAGE };
  }
  if (entry.type === 'ACTION' && isAdminChatMessage(entry.message)) {
    return { ...base, kind: 'chat', tag: ADMIN_CHAT_TAG, text: adminChatText(entry.message) };
  }
  if (entry.type === 'CHAT') return { ...base, kind: 'chat', tag: CHAT_TAG, text: entry.message };
  return { ...base, kind: 'action', tag: null, text: entry.message };
}
