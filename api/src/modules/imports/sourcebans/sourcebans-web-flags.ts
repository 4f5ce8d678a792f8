// SourceBans++ web-panel permissions (a bit field on sb_groups.flags and sb_admins.extraflags)
// as Outpost permission codes. Only permissions Outpost has an exact equivalent for are
// mapped; narrower ones (edit or lift only one's own or one's group's bans) and ones Outpost
// has no counterpart for (protests, submissions, mods, notifications) grant nothing, so an
// import never gives more than SourceBans++ did.

const bit = (n: number) => 2 ** n; // 1 << 31 is negative in JavaScript

const WEB = {
  listAdmins: bit(0),
  addAdmins: bit(1),
  editAdmins: bit(2),
  deleteAdmins: bit(3),
  addServer: bit(5),
  editServers: bit(6),
  deleteServers: bit(7),
  addBan: bit(8),
  editAllBans: bit(12),
  editGroups: bit(17),
  webSettings: bit(19),
  owner: bit(24),
  unban: bit(26),
} as const;

/** Codes for a set of web flags; every flag needed for a code must be present. */
const MAPPING: [flags: number[], codes: string[]][] = [
  [[WEB.listAdmins], ['users.view-admin']],
  [
    [WEB.addAdmins, WEB.editAdmins, WEB.deleteAdmins],
    ['users.view-admin', 'users.edit-privileges'],
  ],
  [[WEB.addServer, WEB.editServers, WEB.deleteServers], ['servers.manage']],
  [[WEB.addBan], ['bans.create']],
  [[WEB.editAllBans], ['bans.edit']],
  [[WEB.unban], ['bans.unban']],
  [[WEB.editGroups], ['panel.view', 'panel.roles']],
  [[WEB.webSettings], ['panel.view', 'panel.settings']],
];

const has = (flags: number, flag: number) => Math.floor(flags / flag) % 2 === 1;

/** The Outpost permission codes equivalent to SourceBans++ web flags, sorted. */
export function webPermissionCodes(flagsValue: number | string | null): string[] {
  const flags = Number(flagsValue) >>> 0; // stored as a signed int(10): read the 32 bits unsigned
  const owner = has(flags, WEB.owner);
  const codes = new Set<string>();
  for (const [needed, granted] of MAPPING) {
    if (owner || needed.every((flag) => has(flags, flag))) for (const code of granted) codes.add(code);
  }
  return [...codes].sort();
}
