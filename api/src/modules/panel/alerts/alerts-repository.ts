import type { AlertSubscription } from '@outpost/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../../../lib/clock';
import type { PanelTables } from '../tables';

type Db = Kysely<PanelTables>;

export async function readSubscription(db: Db, userId: string): Promise<AlertSubscription> {
  const row = await db
    .selectFrom('panel_alert_subscriptions')
    .select(['server_status', 'instances'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { serverStatus: row?.server_status === 1, instances: row?.instances === 1 };
}

export async function writeSubscription(db: Db, userId: string, subscription: AlertSubscription): Promise<void> {
  const values = {
    server_status: subscription.serverStatus ? 1 : 0,
    instances: subscription.instances ? 1 : 0,
    updated_at: nowSeconds(),
  };
  await db
    .insertInto('panel_alert_subscriptions')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

export async function subscriberIds(db: Db, kind: 'server_status' | 'instances'): Promise<string[]> {
  const rows = await db.selectFrom('panel_alert_subscriptions').select('user_id').where(kind, '=', 1).execute();
  return rows.map((row) => row.user_id);
}

export async function readAlertStates(db: Db): Promise<Map<string, { online: boolean; alertedAt: number }>> {
  const rows = await db.selectFrom('panel_alert_state').selectAll().execute();
  return new Map(rows.map((row) => [row.server_id, { online: row.online === 1, alertedAt: Number(row.alerted_at) }]));
}

export async function saveAlertState(db: Db, serverId: string, online: boolean, alertedAt: number): Promise<void> {
  const values = { online: online ? 1 : 0, alerted_at: alertedAt };
  await db
    .insertInto('panel_alert_state')
    .values({ server_id: serverId, ...values })
    .onConflict((conflict) => conflict.column('server_id').doUpdateSet(values))
    .execute();
}
