import type { PanelSettings, PanelSettingsUpdate } from '@outpost/contracts';

/** The site settings as the form holds them: numbers as typed text, report reasons one per line. */
export type SettingsDraft = {
  notice: PanelSettings['notice'];
  domain: string;
  links: PanelSettings['links'];
  cpu: string;
  memory: string;
  discordSignIn: boolean;
  postsPerMinute: string;
  maxBodyChars: string;
  /** One reason per line. */
  reportReasons: string;
  reportGroupWindowHours: string;
  reportsPerWindow: string;
  trustInGameUnbans: boolean;
  warningExpiryDays: string;
  /**
   * The warning ladder, one step per line: "3: 1d" (count, then a length: 30m, 12h, 7d or
   * permanent), then optionally its scope: "per server" or "per group" (absent: the whole community).
   */
  warningLadder: string;
  recentPlayersMinutes: string;
};

const UNIT_SECONDS: Record<string, number> = { m: 60, h: 3600, d: 86400 };

function lengthText(seconds: number | null): string {
  if (seconds === null) return 'permanent';
  if (seconds % 86400 === 0) return `${seconds / 86400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  return `${Math.round(seconds / 60)}m`;
}

type LadderScope = PanelSettings['warnings']['ladder'][number]['scope'];

const SCOPE_WORDS: Record<string, LadderScope> = {
  community: 'community',
  everywhere: 'community',
  group: 'group',
  server: 'server',
};

function stepText(step: PanelSettings['warnings']['ladder'][number]): string {
  const scope = step.scope === 'community' ? '' : ` per ${step.scope}`;
  return `${step.warnings}: ${lengthText(step.banLength)}${scope}`;
}

/**
 * The ladder's lines as steps; a line that does not read as "count: length [per server|per group]"
 * becomes NaN (the schema refuses it).
 */
export function ladderOf(text: string): { warnings: number; banLength: number | null; scope: LadderScope }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match =
        /^(\d+)\s*[:=]?\s*(?:(permanent)|(\d+)\s*([mhd]))(?:\s*,?\s*(?:per\s+)?(community|everywhere|group|server))?$/i.exec(
          line,
        );
      if (!match) return { warnings: Number.NaN, banLength: Number.NaN, scope: 'community' };
      const banLength = match[2] ? null : Number(match[3]) * (UNIT_SECONDS[(match[4] ?? 'd').toLowerCase()] ?? 86400);
      return {
        warnings: Number(match[1]),
        banLength,
        scope: SCOPE_WORDS[(match[5] ?? 'community').toLowerCase()] ?? 'community',
      };
    });
}

export function draftOf(settings: PanelSettings): SettingsDraft {
  return {
    notice: settings.notice,
    domain: settings.domain,
    links: settings.links,
    cpu: settings.thresholds.cpu === null ? '' : String(settings.thresholds.cpu),
    memory: settings.thresholds.memory === null ? '' : String(settings.thresholds.memory),
    discordSignIn: settings.signIn.discord.enabled || !settings.signIn.discord.configured,
    postsPerMinute: String(settings.discussions.postsPerMinute),
    maxBodyChars: String(settings.discussions.maxBodyChars),
    reportReasons: settings.reports.reasons.join('\n'),
    reportGroupWindowHours: String(settings.reports.groupWindowHours),
    reportsPerWindow: String(settings.reports.reportsPerWindow),
    trustInGameUnbans: settings.trustInGameUnbans,
    warningExpiryDays: String(settings.warnings.expiryDays),
    warningLadder: settings.warnings.ladder.map(stepText).join('\n'),
    recentPlayersMinutes: String(settings.recentPlayersMinutes),
  };
}

/** A whole number typed in a box; blank or not a number is NaN (the schema then says "Enter a number"). */
function wholeNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function numberOrNull(text: string): number | null | typeof Number.NaN {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The PUT body for a draft; Discord sign-in is only sent when Discord is configured. */
export function updateOf(draft: SettingsDraft, settings: PanelSettings): PanelSettingsUpdate {
  return {
    notice: draft.notice,
    domain: draft.domain.trim(),
    links: draft.links,
    thresholds: { cpu: numberOrNull(draft.cpu), memory: numberOrNull(draft.memory) },
    ...(settings.signIn.discord.configured ? { discordSignIn: draft.discordSignIn } : {}),
    discussions: { postsPerMinute: wholeNumber(draft.postsPerMinute), maxBodyChars: wholeNumber(draft.maxBodyChars) },
    reports: {
      reasons: draft.reportReasons
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      groupWindowHours: wholeNumber(draft.reportGroupWindowHours),
      reportsPerWindow: wholeNumber(draft.reportsPerWindow),
    },
    trustInGameUnbans: draft.trustInGameUnbans,
    warnings: { expiryDays: wholeNumber(draft.warningExpiryDays), ladder: ladderOf(draft.warningLadder) },
    recentPlayersMinutes: wholeNumber(draft.recentPlayersMinutes),
  };
}

/**
 * The schema's issues as one message per field path ('links.discord'), the first one winning;
 * `enterNumber` (in the reader's language) stands for a box whose text is not a number.
 */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[],
  enterNumber: string,
) {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    found[key] ??= issue.code === 'invalid_type' ? enterNumber : issue.message;
  }
  return found;
}
