import { ALERT_QUIET_SECONDS, NOTIFICATION_LEVELS } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import { raiseCommunityEvent } from '../../../lib/community-events';
import type { InstanceOutcome, SweepFinished } from '../../../lib/server-events';
import { principalHas } from '../../../plugins/authorization';
import { accountsService } from '../../accounts';
import { type NewNotification, notificationsService } from '../../notifications';
import { serversService } from '../../servers';
import type { PanelTables } from '../tables';
import { readAlertStates, saveAlertState, subscriberIds } from './alerts-repository';

type Db = Kysely<PanelTables>;

/** Subscribers of a kind who still hold panel.alerts (a role taken away stops their alerts). */
async function recipients(db: Db, kind: 'server_status' | 'instances'): Promise<string[]> {
  const ids = await subscriberIds(db, kind);
  const allowed: string[] = [];
  for (const userId of ids) {
    const permissions = await accountsService.loadPermissions(db, userId);
    if (permissions && principalHas({ permissions }, 'panel.alerts')) {
      allowed.push(userId);
    }
  }
  return allowed;
}

async function send(db: Db, kind: 'server_status' | 'instances', notification: NewNotification): Promise<void> {
  const users = await recipients(db, kind);
  if (users.length > 0) await notificationsService.createNotificationForUsers(db, users, notification);
}

/**
 * After each sweep: a server whose state differs from the one last alerted is alerted,
 * unless it was alerted less than ALERT_QUIET_SECONDS ago (it is flapping); the state it
 * ends in is then alerted once the window is over. A server seen for the first time is
 * only recorded.
 */
export async function alertOnSweep(db: Db, sweep: SweepFinished): Promise<void> {
  const states = await readAlertStates(db);
  let names: Map<string, string> | null = null;
  for (const { id, online } of sweep.statuses) {
    const state = states.get(id);
    if (!state) {
      await saveAlertState(db, id, online, 0);
      continue;
    }
    if (state.online === online || sweep.at - state.alertedAt < ALERT_QUIET_SECONDS) continue;
    names ??= await serversService.serverNameMap(db);
    const name = names.get(id) ?? id;
    await saveAlertState(db, id, online, sweep.at);
    // The same change, flap-limited the same way, for the community's Discord (issue 15).
    raiseCommunityEvent(db, {
      kind: online ? 'server.online' : 'server.offline',
      key: `${online ? 'server.online' : 'server.offline'}:${id}:${sweep.at}`,
      title: online ? `Server "${name}" is back online` : `Server "${name}" went offline`,
      text: online ? '' : 'It does not answer queries (unresponsive or unreachable).',
      fields: [],
      path: '/',
      at: sweep.at,
    });
    await send(
      db,
      'server_status',
      online
        ? {
            level: NOTIFICATION_LEVELS.Success,
            words: { key: 'notifications.server.online', params: { name } },
            link: '/admin/servers',
          }
        : {
            level: NOTIFICATION_LEVELS.Error,
            words: { key: 'notifications.server.offline', params: { name } },
            link: '/admin/servers',
          },
    );
  }
}

/** A new instance is ready, or creating it failed. */
export async function alertOnInstance(db: Db, outcome: InstanceOutcome): Promise<void> {
  if (outcome.ok) {
    raiseCommunityEvent(db, {
      kind: 'instance.created',
      key: `instance.created:${outcome.serverId ?? `${outcome.groupName}:${outcome.detail}`}`,
      title: `New server "${outcome.detail}" is up`,
      text: `A new instance of "${outcome.groupName}" is ready to join.`,
      fields: [{ name: 'Group', value: outcome.groupName }],
      path: '/',
      at: nowSeconds(),
    });
  }
  await send(
    db,
    'instances',
    outcome.ok
      ? {
          level: NOTIFICATION_LEVELS.Success,
          words: {
            key: 'notifications.instance.ready',
            params: { instance: outcome.detail, group: outcome.groupName },
          },
          link: '/admin/servers',
        }
      : {
          level: NOTIFICATION_LEVELS.Error,
          words: { key: 'notifications.instance.failed', params: { group: outcome.groupName, detail: outcome.detail } },
          link: '/admin/servers',
        },
  );
}
