import { z } from 'zod';

// The docs remote's content, compiled at build time from remotes/docs/content/ (markdown and
// YAML files the docs team edits). The compiler validates everything; a malformed file fails
// the build, so what the pages receive is always well formed.

/** Argument types a command usage string may name (SPEC 3). */
export const COMMAND_ARG_TYPES = ['integer', 'decimal', 'text', 'boolean', 'players', 'player'] as const;
export type CommandArgType = (typeof COMMAND_ARG_TYPES)[number];

/** How each type is shown in a command's argument table (SPEC 3 and 5). */
export const COMMAND_ARG_TYPE_LABELS: Record<CommandArgType, string> = {
  integer: 'integer value',
  decimal: 'decimal value',
  text: 'text value',
  boolean: 'boolean value',
  players: 'one or more player targets',
  player: 'player target',
};

export const commandArgSchema = z.object({
  name: z.string(),
  type: z.enum(COMMAND_ARG_TYPES),
  required: z.boolean(),
  /** The value used when an optional argument is left out (after '=' in the usage string). */
  default: z.string().nullable(),
  /** Allowed values as shown to readers ('>=' and '<=' already shown as '≥' and '≤'). */
  allowed: z.array(z.string()),
});
export type CommandArg = z.infer<typeof commandArgSchema>;

export const docsCommandSchema = z.object({
  name: z.string(),
  plugin: z.string(),
  usage: z.string(),
  description: z.string(),
  /** SourceMod admin flag letter the command needs; null = anyone may run it. */
  flag: z.string().nullable(),
  args: z.array(commandArgSchema),
  examples: z.array(z.string()),
});
export type DocsCommand = z.infer<typeof docsCommandSchema>;

export const docsCvarSchema = z.object({
  name: z.string(),
  plugin: z.string(),
  default: z.string(),
  description: z.string(),
  /** Allowed values as shown to readers ('≥ 0', '0, 1'), empty when any value goes. */
  allowed: z.array(z.string()),
});
export type DocsCvar = z.infer<typeof docsCvarSchema>;

/** A markdown page: the text of one docs route (its intro, or all of it). */
export const docsPageSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  markdown: z.string(),
});
export type DocsPage = z.infer<typeof docsPageSchema>;

/** A table of structured rows a page shows below its text (maps, trolls, selectors, props, keybinds). */
export const docsTableSchema = z.object({
  id: z.string(),
  /** Which page shows it. */
  page: z.string(),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), code: z.boolean() })),
  rows: z.array(z.record(z.string(), z.string())),
});
export type DocsTable = z.infer<typeof docsTableSchema>;

export const docsTutorialSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  markdown: z.string(),
  /** Guided tour started from this tutorial: its id and the page it starts on. */
  tour: z.object({ id: z.string(), start: z.string() }).nullable(),
});
export type DocsTutorial = z.infer<typeof docsTutorialSchema>;

export const docsContentSchema = z.object({
  pages: z.array(docsPageSchema),
  commands: z.array(docsCommandSchema),
  cvars: z.array(docsCvarSchema),
  tables: z.array(docsTableSchema),
  tutorials: z.array(docsTutorialSchema),
});
export type DocsContent = z.infer<typeof docsContentSchema>;

/** One entry of the docs search index the docs build emits (dist/search-index.json). */
export const docsSearchEntrySchema = z.object({
  kind: z.enum(['doc', 'command']),
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  link: z.string(),
  /** Plain text searched beyond the title (words of the page, the command's description). */
  text: z.string(),
});
export type DocsSearchEntry = z.infer<typeof docsSearchEntrySchema>;
export const docsSearchIndexSchema = z.array(docsSearchEntrySchema);
