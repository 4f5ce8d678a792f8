import type { Ban } from '@outpost/contracts';
import { SLOT, useT, withNode } from '@outpost/host';
import { type Column, DataTable, DateTime, EmptyState, LinkButton, Tag } from '@outpost/ui';
import type { ReactNode } from 'react';
import { formatDuration } from '../bans/ban-length';
import { banAdmin, banReason } from '../common/ban-words';
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
  t,
}: { staff: boolean; showIp: boolean; t: ReturnType<typeof useT> } & BanActions): Column<Ban>[] {
  const all: (Column<Ban> | false)[] = [
    {
      key: 'player',
      label: t('players-bans-notes.bans.column.player'),
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
              (ban.playerName ??
              ban.steamid ?? <span className="muted">{t('players-bans-notes.bans.unknownPlayer')}</span>)
            )}
            {ban.type !== 'ban' && <Tag tone="neutral">{t(`players-bans-notes.bans.type.${ban.type}`)}</Tag>}
            {ban.origin && (
              <Tag tone="neutral" title={t('players-bans-notes.bans.origin.title')}>
                {t('players-bans-notes.bans.origin.from', { site: new URL(ban.origin.site).host })}
              </Tag>
            )}
            {ban.scope.kind !== 'community' && (
              <Tag
                tone="info"
                title={t(
                  ban.scope.kind === 'group'
                    ? 'players-bans-notes.bans.scope.groupTitle'
                    : 'players-bans-notes.bans.scope.serverTitle',
                )}
              >
                {t('players-bans-notes.bans.scope.only', { scope: ban.scopeName })}
              </Tag>
            )}
          </span>{' '}
          {ban.playerName && ban.steamid && (
            <code className="nowrap" title={t('players-bans-notes.bans.form.steamId')}>
              {ban.steamid}
            </code>
          )}{' '}
          {showIp && ban.ip && (
            <span className="muted">
              {withNode(t('players-bans-notes.bans.ip', { ip: SLOT }), <code className="nowrap">{ban.ip}</code>)}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'reason',
      label: t('players-bans-notes.bans.column.reason'),
      className: 'wrap',
      render: (ban) => banReason(ban),
    },
    {
      key: 'banned',
      label: t('players-bans-notes.bans.column.banned'),
      render: (ban) => <DateTime value={ban.createdAt} />,
    },
    { key: 'length', label: t('players-bans-notes.bans.column.length'), render: (ban) => formatDuration(ban.length) },
    {
      key: 'expires',
      label: t('players-bans-notes.bans.column.expires'),
      render: (ban) =>
        ban.expiresAt === null ? t('players-bans-notes.bans.never') : <DateTime value={ban.expiresAt} />,
    },
    {
      key: 'status',
      label: t('players-bans-notes.bans.column.status'),
      render: (ban) => (
        <span className="cell-stack">
          <BanStatus ban={ban} />
          {ban.appealed && (
            <Tag tone="neutral" title={t('players-bans-notes.bans.appealed.title')}>
              {t('players-bans-notes.bans.appealed')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'admin',
      label: t('players-bans-notes.bans.column.admin'),
      render: (ban) => banAdmin(ban, t('players-bans-notes.common.actor.console')),
    },
    staff &&
      Boolean(onEdit || onUnban) && {
        key: 'actions',
        label: t('players-bans-notes.bans.column.actions'),
        render: (ban) => (
          <span className="row-actions">
            {onEdit && ban.status === 'active' && (
              <LinkButton onClick={() => onEdit(ban)}>{t('players-bans-notes.bans.edit')}</LinkButton>
            )}
            {onUnban && ban.status === 'active' && (
              <LinkButton danger onClick={() => onUnban(ban)}>
                {t('players-bans-notes.bans.unban.confirm')}
              </LinkButton>
            )}
          </span>
        ),
      },
    !staff &&
      appealAction !== undefined && {
        key: 'appeal',
        label: t('players-bans-notes.bans.column.appeal'),
        render: (ban) => appealAction(ban),
      },
  ];
  return all.filter((column): column is Column<Ban> => Boolean(column));
}

/** One keyset page of bans (the API orders them; a page is not re-sorted here). */
export function BansTable({ bans, mode, selectedId, onEdit, onUnban, appealAction }: Props) {
  const t = useT();
  const staff = mode === 'staff';
  const showIp = staff && bans.some((ban) => typeof ban.ip === 'string');
  return (
    <DataTable
      caption={t('players-bans-notes.bans.caption')}
      className="bans-table"
      columns={columns({ staff, showIp, onEdit, onUnban, appealAction, t })}
      rows={bans}
      rowKey={(ban) => String(ban.id)}
      rowClassName={(ban) => (ban.id === selectedId ? 'is-highlighted' : undefined)}
      empty={<EmptyState>{t('players-bans-notes.bans.empty')}</EmptyState>}
    />
  );
}
