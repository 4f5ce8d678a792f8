import { z } from 'zod';

// Import runs as the panel shows them (issue 24, "a progress bar in the panel"): every run of
// `pnpm outpost import …` records its progress, and GET /api/panel/imports lists the runs.

export const IMPORTERS = ['sourcebans', 'simpleadmin', 'amxbans', 'csv'] as const;
export const importerSchema = z.enum(IMPORTERS);
export type Importer = z.infer<typeof importerSchema>;

/** Human names of the importers, as the CLI and the panel print them. */
export const IMPORTER_LABELS: Record<Importer, string> = {
  sourcebans: 'SourceBans++',
  simpleadmin: 'CS2-SimpleAdmin',
  amxbans: 'AMXBans',
  csv: 'CSV file',
};

/**
 * running: rows still coming; finished / failed: the run ended; interrupted: it stopped
 * reporting while running (the command was stopped or the machine restarted; running the same
 * command again resumes where it stopped).
 */
export const importPhaseSchema = z.enum(['running', 'finished', 'failed', 'interrupted']);
export type ImportPhase = z.infer<typeof importPhaseSchema>;

/** One kind of row (bans, comm blocks, admins…): how many came in, how many were skipped and why. */
export const importKindSchema = z.object({
  kind: z.string(),
  imported: z.number().int(),
  skipped: z.number().int(),
  /** "skipped, <reason>: <count>" and "<remark>: <count>" lines. */
  details: z.array(z.string()),
});
export type ImportKind = z.infer<typeof importKindSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  importer: importerSchema,
  /** The source's name ("sourcebans:<database>:<prefix>", "csv:<file>"): never an address or password. */
  source: z.string(),
  phase: importPhaseSchema,
  /** Bans and comm blocks read so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  kinds: z.array(importKindSchema),
  /** Why a failed run failed. */
  error: z.string().nullable(),
  startedAt: z.number().int(),
  updatedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobListSchema = z.object({ jobs: z.array(importJobSchema) });
export type ImportJobList = z.infer<typeof importJobListSchema>;
