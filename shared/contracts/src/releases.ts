import { z } from 'zod';

// Remote releases (issue 14 section 1): every publish of a remote is an immutable release
// stored under remotes/<id>/<version>/; the registry (which release each remote runs) lives in
// the database and /remotes.json is served from it.

/** A remote id as its folder under remotes/ is named (kebab-case). */
export const REMOTE_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** The package version, then "+" and 12 hex digits of the build's content hash (semver build metadata). */
export const RELEASE_VERSION_PATTERN = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]{1,40})?\+[0-9a-f]{12}$/;

export const remoteIdParamSchema = z.object({ remoteId: z.string().max(64).regex(REMOTE_ID_PATTERN) });
export const releaseVersionSchema = z.string().max(80).regex(RELEASE_VERSION_PATTERN, 'is not a release version');

export const releaseStatusSchema = z.enum(['available', 'pruned']);

/**
 * How complete a release's catalogs are (issue 27 item 2), counted by the remote's build
 * (catalog-completeness.json): how many keys its English catalog has, and per other locale how
 * many of those its catalog translates. A missing key shows in English, never as the key.
 */
export const catalogCompletenessSchema = z.object({
  keys: z.number().int().min(0),
  translated: z.record(
    z
      .string()
      .max(16)
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
    z.number().int().min(0),
  ),
});
export type CatalogCompleteness = z.infer<typeof catalogCompletenessSchema>;

export const remoteReleaseSchema = z.object({
  version: releaseVersionSchema,
  /** Where the shell fetches this release's Module Federation manifest. */
  entry: z.string(),
  contractVersion: z.string(),
  /** Shared singletons the release was built with: name -> version. */
  sharedVersions: z.record(z.string(), z.string()),
  publishedBy: z.object({ id: z.string().nullable(), name: z.string() }),
  publishedAt: z.number().int(),
  /** 'pruned': its files were removed (older than the last N releases); it cannot be activated. */
  status: releaseStatusSchema,
  /** When it last became the active release; null if it never was. */
  activatedAt: z.number().int().nullable(),
  /** Its catalogs' completeness per locale; null when its build counted none (no locales/, or built before). */
  catalogs: catalogCompletenessSchema.nullable(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

export const releaseHealthSchema = z.object({
  loads: z.number().int(),
  loadFailures: z.number().int(),
  renderErrors: z.number().int(),
  /** (load failures + render errors) / loads since activation; null before the first report. */
  errorRate: z.number().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.number().int().nullable(),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

export const remoteSummarySchema = z.object({
  id: z.string(),
  active: z
    .object({ version: z.string(), activatedAt: z.number().int(), activatedBy: z.string().nullable() })
    .nullable(),
  /** Health of the active release since it was activated. */
  health: releaseHealthSchema.nullable(),
  /** The canary this browser session runs for the remote, if any. */
  canary: z.object({ version: z.string(), expiresAt: z.number().int() }).nullable(),
  /** Newest first. */
  releases: z.array(remoteReleaseSchema),
});
export type RemoteSummary = z.infer<typeof remoteSummarySchema>;

export const remotesListResponseSchema = z.object({
  remotes: z.array(remoteSummarySchema),
  /** How many releases per remote keep their files (a setting). */
  keepReleases: z.number().int(),
});
export type RemotesListResponse = z.infer<typeof remotesListResponseSchema>;

export const activationRequestSchema = z.object({
  version: releaseVersionSchema,
  /** The version the caller saw active (null: none). A different one now active answers 409. */
  expectedActive: releaseVersionSchema.nullable(),
});
export type ActivationRequest = z.infer<typeof activationRequestSchema>;

export const publishResponseSchema = z.object({
  release: remoteReleaseSchema,
  /** False when the same build was already published: nothing new was stored. */
  created: z.boolean(),
});

export const canaryRequestSchema = z.object({ version: releaseVersionSchema });
export const CANARY_MINUTES = 60;

export const beaconEventSchema = z.enum(['load', 'load-failure', 'render-error']);
export const beaconSchema = z.object({
  /** The remote's container name as in /remotes.json. */
  remote: z
    .string()
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/),
  version: releaseVersionSchema.optional(),
  event: beaconEventSchema,
  message: z.string().max(500).optional(),
});
export type Beacon = z.infer<typeof beaconSchema>;
