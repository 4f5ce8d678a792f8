import { type Appeal, appealPath, type ReportGroup, steamIdForms } from '@outpost/contracts';

// What the staff channel shows of a report group or an appeal (issue 26 item 4): one message
// each, edited as its state changes, with buttons while there is something to do. A button's
// custom_id names the action and the subject (`outpost:report:claim:12`); the interactions
// endpoint reads it back with parseCustomId.

const BLURPLE = 0x5865f2;
const GREEN = 0x57f287;
const GREY = 0x99aab5;

export type StaffSubject = { kind: 'report' | 'appeal'; id: number };
export type StaffAction = 'claim' | 'ban' | 'note' | 'dismiss';

export const subjectKey = (subject: StaffSubject): string => `${subject.kind}:${subject.id}`;

export function subjectOf(key: string): StaffSubject | null {
  const match = /^(report|appeal):(\d{1,15})$/.exec(key);
  return match ? { kind: match[1] as StaffSubject['kind'], id: Number(match[2]) } : null;
}

export const customId = (subject: StaffSubject, action: StaffAction): string =>
  `outpost:${subject.kind}:${action}:${subject.id}`;

/** A button's or modal's custom_id read back, or null when it is not one of ours. */
export function parseCustomId(value: string): { subject: StaffSubject; action: StaffAction } | null {
  const match = /^outpost:(report|appeal):(claim|ban|note|dismiss):(\d{1,15})$/.exec(value);
  if (!match) return null;
  const subject = { kind: match[1] as StaffSubject['kind'], id: Number(match[3]) };
  const action = match[2] as StaffAction;
  // An appeal is only claimed from Discord; deciding it takes the site's form.
  if (subject.kind === 'appeal' && action !== 'claim') return null;
  return { subject, action };
}

interface Button {
  type: 2;
  style: 1 | 2 | 4 | 5;
  label: string;
  custom_id?: string;
  url?: string;
}

export interface StaffMessage {
  content: string;
  embeds: {
    title: string;
    description: string;
    color: number;
    url: string;
    fields: { name: string; value: string; inline?: boolean }[];
  }[];
  components: { type: 1; components: Button[] }[];
  allowed_mentions: { parse: never[] };
}

const link = (url: string, label: string): Button => ({ type: 2, style: 5, label, url });
const action = (subject: StaffSubject, name: StaffAction, label: string, style: Button['style']): Button => ({
  type: 2,
  style,
  label,
  custom_id: customId(subject, name),
});

function reportStatus(group: ReportGroup): string {
  if (group.status === 'resolved') {
    const by = group.resolvedByName ?? 'Staff';
    if (group.resolution === 'ban') return `Resolved by ${by}: banned${group.banId ? ` (ban #${group.banId})` : ''}`;
    if (group.resolution === 'note') return `Resolved by ${by}: note added`;
    return `Dismissed by ${by}`;
  }
  return group.claimedByName ? `Claimed by ${group.claimedByName}` : 'Open, unclaimed';
}

export function reportMessage(group: ReportGroup, publicUrl: string): StaffMessage {
  const subject: StaffSubject = { kind: 'report', id: group.id };
  const url = `${publicUrl.replace(/\/+$/, '')}/admin/reports?group=${group.id}`;
  const steam2 = steamIdForms(group.targetSteamid).steam2;
  const open = group.status === 'open';
  const buttons: Button[] = open
    ? [
        ...(group.claimedById ? [] : [action(subject, 'claim', 'Claim', 1)]),
        action(subject, 'ban', 'Ban', 4),
        action(subject, 'note', 'Note', 2),
        action(subject, 'dismiss', 'Dismiss', 2),
        link(url, 'Open on the site'),
      ]
    : [link(url, 'Open on the site')];
  return {
    content: '',
    embeds: [
      {
        title: `Report #${group.id}: ${group.targetName ?? steam2} (${steam2})`.slice(0, 256),
        description: group.reasons.join(', ').slice(0, 1000),
        color: open ? (group.claimedById ? BLURPLE : 0xfee75c) : GREY,
        url,
        fields: [
          { name: 'Status', value: reportStatus(group) },
          { name: 'Reports', value: String(group.reportCount), inline: true },
        ],
      },
    ],
    components: [{ type: 1, components: buttons }],
    allowed_mentions: { parse: [] },
  };
}

function appealStatus(appeal: Appeal): string {
  if (appeal.state === 'open') return appeal.assigneeName ? `Claimed by ${appeal.assigneeName}` : 'Open, unclaimed';
  if (appeal.state === 'closed') return 'Withdrawn by the player';
  return `${appeal.state === 'accepted' ? 'Accepted' : 'Denied'} by ${appeal.decidedByName ?? 'Staff'}`;
}

export function appealMessage(appeal: Appeal, publicUrl: string): StaffMessage {
  const subject: StaffSubject = { kind: 'appeal', id: appeal.id };
  const url = `${publicUrl.replace(/\/+$/, '')}${appealPath(appeal.id)}`;
  const steam2 = steamIdForms(appeal.steamid).steam2;
  const open = appeal.state === 'open';
  return {
    content: '',
    embeds: [
      {
        title: `Appeal #${appeal.id}: ${appeal.playerName ?? steam2} (${steam2})`.slice(0, 256),
        description: appeal.ban
          ? `Ban #${appeal.ban.id} (${appeal.ban.type}): ${appeal.ban.reason}`.slice(0, 1000)
          : '',
        color: open ? BLURPLE : appeal.state === 'accepted' ? GREEN : GREY,
        url,
        fields: [{ name: 'Status', value: appealStatus(appeal) }],
      },
    ],
    components: [
      {
        type: 1,
        components: [
          ...(open && !appeal.assigneeId ? [action(subject, 'claim', 'Claim', 1)] : []),
          link(url, 'Open on the site'),
        ],
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
