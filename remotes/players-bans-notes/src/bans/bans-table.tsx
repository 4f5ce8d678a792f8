import type { Ban } from '@outpost/contracts';
import { type Column, DataTable, DateTime, EmptyState, LinkButton, Tag } from '@outpost/ui';
import type { ReactNode } from 'react';
import { formatDuration } from '../bans/ban-length';
import { actorText } from '../common/actor-text';
import { ManageUserLink } from '../common/manage-user-link';
import { BanStatus } from './ban-status';

export interface BanActions {
  onEdit?(ban: Ban): void;
  onUnban?(ban: Ban): void;
  /** The signed-in player's own appeal actions on /bans (none for other players' bans). */
  appealAction?(ban: Ban): ReactNode;
}

interface Props extends BanActions {
  bans: Ban[];
  /** Public pages never show IPs, whatever the answer holds. */
  mode: 'staff' | 'public';
  selectedId?: number;
}

function columns({
  staff,
  showIp,
  onEdit,
  onUnban,
  appealAction,
}: { staff: boolean; showIp: boolean } & BanActions): Column<Ban>[] {
  const all: (Column<Ban> | false)[] = [
    {
      key: 'player',
      label: 'Player',
      phone: 'primary',
      // The SteamID (and, for staff, the IP) under the name, not in columns of their own: the
      // list fits its card at 1280 px with the Admin and Actions columns in view (issue 22).
      render: (ban) => (
        <span className="ban-player">
          <span className="cell-stack">
            {staff && ban.steamid ? (
              <ManageUserLink id={ban.steamid} tab={`bans/${ban.id}`}>
                {ban.playerName ?? ban.steamid}
              </ManageUserLink>
            ) : (
              // SPEC 3: a name falls back to the id (a ban from a federation feed names no player).
              (ban.playerName ?? ban.steamid ?? <span className="muted">Unknown</span>)
            )}
            {ban.type !== 'ban' && <Tag tone="neutral">{ban.type}</Tag>}
            {ban.origin && (
              <Tag tone="neutral" title="Taken from this community's federation feed">
                from {new URL(ban.origin.site).host}
              </Tag>
            )}
            {ban.scope.kind !== 'community' && (
              <Tag tone="info" title={ban.scope.kind === 'group' ? 'Every server of this group' : 'This server only'}>
                only {ban.scopeName}
              </Tag>
            )}
          </span>{' '}
          {ban.playerName && ban.steamid && (
            <code className="nowrap" title="SteamID">
              {ban.steamid}
            </code>
          )}{' '}
          {showIp && ban.ip && (
            <span className="muted">
              IP <code className="nowrap">{ban.ip}</code>
            </span>
          )}
        </span>
      ),
    },
    { key: 'reason', label: 'Reason', className: 'wrap', render: (ban) => ban.reason },
    { key: 'banned', label: 'Banned', render: (ban) => <DateTime value={ban.createdAt} /> },
    { key: 'length', label: 'Length', render: (ban) => formatDuration(ban.length) },
    {
      key: 'expires',
      label: 'Expires',
      render: (ban) => (ban.expiresAt === null ? 'Never' : <DateTime value={ban.expiresAt} />),
    },
    {
      key: 'status',
      label: 'Status',
      render: (ban) => (
        <span className="cell-stack">
          <BanStatus ban={ban} />
          {ban.appealed && (
            <Tag tone="neutral" title="The player appealed this ban">
              appealed
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'admin', label: 'Admin', render: (ban) => actorText(ban.adminName, ban.adminRealName, 'Console') },
    staff &&
      Boolean(onEdit || onUnban) && {
        key: 'actions',
        label: 'Actions',
        render: (ban) => (
          <span className="row-actions">
            {onEdit && ban.status === 'active' && <LinkButton onClick={() => onEdit(ban)}>Edit</LinkButton>}
            {onUnban && ban.status === 'active' && (
              <LinkButton danger onClick={() => onUnban(ban)}>
                Unban
              </LinkButton>
            )}
          </span>
        ),
      },
    !staff &&
      appealAction !== undefined && {
        key: 'appeal',
        label: 'Appeal',
        render: (ban) => appealAction(ban),
      },
  ];
  return all.filter((column): column is Column<Ban> => Boolean(column));
}

/** One keyset page of bans (the API orders them; a page is not re-sorted here). */
export function BansTable({ bans, mode, selectedId, onEdit, onUnban, appealAction }: Props) {
  const staff = mode === 'staff';
  const showIp = staff && bans.some((ban) => typeof ban.ip === 'string');
  return (
    <DataTable
      caption="Bans"
      className="bans-table"
      columns={columns({ staff, showIp, onEdit, onUnban, appealAction })}
      rows={bans}
      rowKey={(ban) => String(ban.id)}
      rowClassName={(ban) => (ban.id === selectedId ? 'is-highlighted' : undefined)}
      empty={<EmptyState>No bans found.</EmptyState>}
    />
  );
}
