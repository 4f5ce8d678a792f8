/**
 * Every permission code Outpost checks, with what it allows. Roles hold glob patterns
 * over these (e.g. 'bans.*'); the panel offers this list when editing a role.
 * SourceMod flag 'z' (superuser) passes every check.
 */
export const PERMISSION_CATALOGUE = {
  'panel.view': 'Open Panel Administration and its dashboard',
  'panel.settings': 'Change site settings (notice, links, Steam group, Discord)',
  'panel.roles': 'Create and edit roles and give them to users',
  'panel.announce': 'Send announcements to everyone, a role or one user',
  'panel.alerts': 'Receive alerts when servers go offline or come back and when new instances start or fail',
  'webhooks.manage': 'Configure Discord webhooks, see their deliveries and send test messages',
  'users.view-admin': 'See admin data (roles, flags, immunity, permission codes) of a user',
  'users.edit-privileges': 'Change a user’s roles, flags, immunity and permission codes',
  'users.impersonate': 'Act as another user with lower immunity',
  'servers.manage': 'Create, edit and delete server groups, servers and their actions',
  'servers.action.*': 'Run server actions (servers.action.<command>, e.g. servers.action.restart)',
  'servers.create-instance': 'Start new server instances from a group’s template',
  'servers.tokens': 'Create and rotate game-server plugin tokens',
  'players.view': 'Browse players and their history',
  'players.view-ips': 'See players’ IP addresses and IP history',
  'players.kick': 'Kick a player connected to a server, with a reason (server page, player overview)',
  'bans.create': 'Ban players',
  'bans.edit': 'Edit bans',
  'bans.unban': 'Lift bans',
  'appeals.manage':
    'Read, answer, assign and decide ban appeals (lifting or shortening also needs bans.unban or bans.edit)',
  'notes.view-private': 'Read staff-only notes',
  'notes.create': 'Write notes on players',
  'notes.edit': 'Edit and delete notes',
  'warnings.create': 'Warn players (enough active warnings ban them by the site’s ladder)',
  'warnings.lift': 'Lift and delete warnings',
  'reports.manage': 'Work the player reports queue: claim reports and resolve them as a ban, a note or a dismissal',
  'logs.view': 'Read the audit and chat log',
  'logs.view-redacted': 'Read redacted log entries',
  'shares.view': 'See addon shares, their addons and Workshop jobs; download addons',
  'shares.upload': 'Upload addons and download them from the Steam Workshop',
  'shares.delete-addons': 'Delete addons from shares',
  'shares.manage': 'Create, rename and delete addon shares and set their quotas and groups',
  'discuss.use': 'Read and write discussions',
  'discuss.moderate': 'Close, reopen, pin, move and delete discussions and delete replies',
  'events.manage': 'Create and edit events',
  'remotes.publish': 'Publish, activate and roll back remote releases and try a release in their own browser',
} as const;

export type PermissionCode = keyof typeof PERMISSION_CATALOGUE;

/** SPEC 3: SourceMod admin flag letters and what each allows. */
export const ADMIN_FLAGS: Record<string, string> = {
  a: 'Reserved Slot',
  b: 'Generic Admin',
  c: 'Kick',
  d: 'Ban',
  e: 'Unban',
  f: 'Slay/harm others',
  g: 'Change the map',
  h: 'Change cvar rules',
  i: 'Execute custom config files',
  j: 'Use admin chat',
  k: 'Start a generic vote',
  m: 'Ingame rcon access',
  n: 'Cheat commands',
  o: 'Custom 1',
  p: 'Custom 2',
  q: 'Custom 3',
  r: 'Custom 4',
  s: 'Custom 5',
  t: 'Custom 6',
  z: 'Superuser',
};
