import type { DocsCommand } from '@outpost/contracts';

/**
 * The commands matching what the user types: every word must appear in the name, the usage,
 * the description or the plugin. '!' and '/' (the chat prefixes) and 'sm_' are ignored, so
 * '!fta', '/fta', 'fta' and 'sm_fta' all find sm_fta. Name matches come first.
 */
export function filterCommands(commands: readonly DocsCommand[], text: string): DocsCommand[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[!/]/, '').replace(/^sm_/, ''))
    .filter(Boolean);
  if (words.length === 0) return [...commands];
  const haystack = (c: DocsCommand) => `${c.name} ${c.usage} ${c.description} ${c.plugin}`.toLowerCase();
  const nameHit = (c: DocsCommand) => words.some((word) => c.name.toLowerCase().includes(word));
  return commands
    .filter((command) => words.every((word) => haystack(command).includes(word)))
    .sort((a, b) => Number(nameHit(b)) - Number(nameHit(a)));
}

/** Commands grouped by plugin, in the order plugins first appear. */
export function byPlugin(commands: readonly DocsCommand[]): Array<{ plugin: string; commands: DocsCommand[] }> {
  const groups = new Map<string, DocsCommand[]>();
  for (const command of commands) groups.set(command.plugin, [...(groups.get(command.plugin) ?? []), command]);
  return [...groups].map(([plugin, list]) => ({ plugin, commands: list }));
}
