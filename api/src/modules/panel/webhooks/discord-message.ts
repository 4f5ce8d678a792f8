import type { CommunityEvent, CommunityEventKind } from '../../../lib/community-events';

// The Discord message for a community event: one embed (Discord's limits applied) with a
// link back to the page about it. No SDK: the webhook body is a small documented JSON shape
// (https://discord.com/developers/docs/resources/webhook#execute-webhook).

/** Embed colour per kind: red for bans, green for good news, the rest by family. */
export const EMBED_COLOURS: Record<CommunityEventKind | 'test', number> = {
  'ban.created': 0xe74c3c,
  'ban.lifted': 0x2ecc71,
  'appeal.opened': 0xe67e22,
  'appeal.decided': 0x3498db,
  'report.filed': 0xf1c40f,
  'server.offline': 0x992d22,
  'server.online': 0x1f8b4c,
  'instance.created': 0x1abc9c,
  announcement: 0x9b59b6,
  test: 0x95a5a6,
};

export interface DiscordEmbed {
  title: string;
  description?: string;
  url: string;
  color: number;
  timestamp: string;
  fields: { name: string; value: string; inline: boolean }[];
  footer: { text: string };
}

export interface DiscordMessage {
  // No username: the webhook's own name (set in Discord) shows; Discord refuses some names.
  embeds: DiscordEmbed[];
  /** Nobody is pinged, whatever a player name or reason says (@everyone, <@id>). */
  allowed_mentions: { parse: [] };
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function discordMessage(
  event: Pick<CommunityEvent, 'title' | 'text' | 'fields' | 'path' | 'at'> & { kind: CommunityEventKind | 'test' },
  site: { publicUrl: string; name: string },
): DiscordMessage {
  const path = event.path.startsWith('/') && !event.path.startsWith('//') ? event.path : '/';
  const embed: DiscordEmbed = {
    title: cut(event.title.trim() || event.kind, 256),
    url: `${site.publicUrl}${path}`,
    color: EMBED_COLOURS[event.kind],
    timestamp: new Date(event.at * 1000).toISOString(),
    fields: event.fields.slice(0, 25).map((field) => ({
      name: cut(field.name.trim() || '—', 256),
      value: cut(field.value.trim() || '—', 1024),
      inline: field.value.length <= 40,
    })),
    footer: { text: cut(site.name, 2048) },
  };
  const text = event.text.trim();
  if (text) embed.description = cut(text, 4096);
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}
