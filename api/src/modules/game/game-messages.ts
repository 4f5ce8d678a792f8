import type { GameCommandKind } from '@outpost/contracts';

// What a player is told, on connect (the check) and when a restriction reaches them in game.

function until(expiresAt: number | null): string {
  return expiresAt === null ? 'permanent' : `until ${new Date(expiresAt * 1000).toISOString().replace('.000Z', 'Z')}`;
}

export function kickMessage(reason: string, expiresAt: number | null, id: number): string {
  return `You are banned from this server (${until(expiresAt)}). Reason: ${reason}. Ban #${id}`;
}

const BLOCKED: Record<'mute' | 'gag' | 'silence', string> = {
  mute: 'You are muted (voice)',
  gag: 'You are gagged (text chat)',
  silence: 'You are silenced (voice and text chat)',
};

/** The command a created or lifted restriction becomes, and its message. */
export function enforcementOf(change: {
  action: 'created' | 'lifted';
  banId: number;
  type: 'ban' | 'mute' | 'gag' | 'silence';
  reason: string;
  expiresAt: number | null;
}): { kind: GameCommandKind; message: string } {
  if (change.action === 'created') {
    if (change.type === 'ban')
      return { kind: 'ban', message: kickMessage(change.reason, change.expiresAt, change.banId) };
    return {
      kind: change.type,
      message: `${BLOCKED[change.type]} (${until(change.expiresAt)}). Reason: ${change.reason}. Block #${change.banId}`,
    };
  }
  if (change.type === 'ban') return { kind: 'unban', message: `Your ban #${change.banId} was lifted` };
  const kind = change.type === 'mute' ? 'unmute' : change.type === 'gag' ? 'ungag' : 'unsilence';
  return { kind, message: `Your ${change.type} #${change.banId} was lifted` };
}

/**
 * The RCON command for a server without the plugin (SourceMod's basecomm and the engine's
 * kickid), or null when there is nothing to do over RCON (an unban: the next connect is checked).
 * The message loses quotes, semicolons and control characters: it cannot end the argument or
 * chain a second command.
 */
export function rconCommandOf(kind: GameCommandKind, steam2: string, message: string): string | null {
  const safe = message
    .replace(/[\p{Cc}";]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  switch (kind) {
    case 'ban':
    case 'kick':
      return `kickid ${steam2} "${safe}"`;
    case 'mute':
    case 'gag':
    case 'silence':
    case 'unmute':
    case 'ungag':
    case 'unsilence':
      return `sm_${kind} "#${steam2}"`;
    case 'warn':
      return `sm_psay "#${steam2}" "${safe}"`;
    default:
      return null;
  }
}

/** What a warned player is shown in game: the reason and how many warnings are active now. */
export function warnMessage(reason: string, authorName: string, activeCount: number): string {
  return `You were warned by ${authorName}: ${reason} (${activeCount} active warning${activeCount === 1 ? '' : 's'})`;
}

/** What a player kicked from the web is shown. */
export function webKickMessage(reason: string): string {
  return `Kicked by an admin. Reason: ${reason}`;
}
