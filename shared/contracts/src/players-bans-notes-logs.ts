import { z } from 'zod';
import { cursorSchema, epochSecondsQuerySchema } from './players-bans-notes-common';
import { steamIdInputSchema } from './steam-id';

// The audit and chat log. GET /api/logs needs logs.view.

export const LOG_TYPES = ['ACTION', 'CHAT'] as const;
export const logTypeSchema = z.enum(LOG_TYPES);

/** The message every redacted entry shows to readers without logs.view-redacted. */
export const REDACTED_MESSAGE = '[redacted]';

export const logEntrySchema = z.object({
  id: z.number().int(),
  /** Seconds since the epoch. */
  timestamp: z.number(),
  /** Ids (SteamID64 or Outpost user id); null for the system / console. */
  client: z.string().nullable(),
  /** Name at the time; falls back to the id. */
  clientName: z.string().nullable(),
  /**
   * The admin who really acted when `client` is an account they were impersonating (issue
   * 9 item 13); null otherwise. Always sent by the API.
   */
  clientRealId: z.string().nullable().optional(),
  clientRealName: z.string().nullable().optional(),
  target: z.string().nullable(),
  targetName: z.string().nullable(),
  type: logTypeSchema,
  message: z.string(),
  serverId: z.string().nullable(),
  redacted: z.boolean(),
  /** Present (true) when the client has a name and is a Steam player and a stats service is configured. */
  hasStats: z.boolean().optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logsQuerySchema = z.object({
  /** Entries where this player (any Steam id form) is client or target. */
  player: steamIdInputSchema.optional(),
  serverId: z.string().max(64).optional(),
  type: logTypeSchema.optional(),
  /** Inclusive time range, seconds since the epoch. */
  from: epochSecondsQuerySchema.optional(),
  to: epochSecondsQuerySchema.optional(),
  /** Window of entries around this one (half older, half newer, the entry itself included). */
  aroundId: z.coerce.number().int().min(1).optional(),
  /** olderCursor or newerCursor of a previous answer. */
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type LogsQuery = z.input<typeof logsQuerySchema>;

/** Entries newest first. olderCursor/newerCursor are null at either end. */
export const logsResponseSchema = z.object({
  entries: z.array(logEntrySchema),
  olderCursor: z.string().nullable(),
  newerCursor: z.string().nullable(),
});
export type LogsResponse = z.infer<typeof logsResponseSchema>;

/** SourceMod's admin say commands; an ACTION saying it triggered one is admin chat (SPEC 4). */
export const ADMIN_SAY_COMMANDS = ['sm_say', 'sm_chat'] as const;
export const ADMIN_CHAT_TAG = 'Message was sent in admin chat';
const ADMIN_SAY = /triggered "?(sm_say|sm_chat)"?(?: \(text "(.*)"\))?/s;

/** SPEC 4: does this ACTION message say it triggered the admin say command? */
export function isAdminChatMessage(message: string): boolean {
  return ADMIN_SAY.test(message);
}

/** The said text of an admin-chat ACTION ('triggered "sm_say" (text "hi")' -> 'hi'), else the message. */
export function adminChatText(message: string): string {
  return ADMIN_SAY.exec(message)?.[2] ?? message;
}

/** How the API writes admin chat reported by a plugin, in SourceMod's own log style. */
export function adminChatMessage(command: (typeof ADMIN_SAY_COMMANDS)[number], text: string): string {
  return `triggered "${command}" (text "${text}")`;
}
