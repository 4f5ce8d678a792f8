import { i18n } from '@outpost/host';

/**
 * Who did something, as the pages show it. Done while impersonating (issue 9 item 13), it
 * names the admin who really acted and the account they acted as: "Real Admin (as Member)". In the
 * active locale (the remote's catalog is loaded with its page); `fallback` comes translated.
 */
export function actorText(name: string | null | undefined, realName: string | null | undefined, fallback: string) {
  const shown = name || fallback;
  return realName ? i18n._('players-bans-notes.common.actingAs', { real: realName, shown }) : shown;
}
