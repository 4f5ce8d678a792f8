import type { ServerPatch } from '@outpost/contracts';
import type { Updateable } from 'kysely';
import { toJsonColumn } from '../../db/json-column';
import type { ServersTable } from './tables';

/** Maps the given fields of a create or patch input to columns; absent fields are left out. */
export function serverRowValues(input: ServerPatch): Updateable<ServersTable> {
  const values: Updateable<ServersTable> = {};
  if (input.groupId !== undefined) values.group_id = input.groupId;
  if (input.name !== undefined) values.name = input.name;
  if (input.host !== undefined) values.host = input.host;
  if (input.ip !== undefined) values.ip = input.ip;
  if (input.port !== undefined) values.port = input.port;
  if (input.queryPort !== undefined) values.query_port = input.queryPort;
  if (input.rconPort !== undefined) values.rcon_port = input.rconPort;
  if (input.rconPassword !== undefined) values.rcon_password = input.rconPassword;
  if (input.tags !== undefined) values.tags = toJsonColumn(input.tags);
  if (input.features !== undefined) values.features = toJsonColumn(input.features);
  if (input.actions !== undefined) values.actions = toJsonColumn(input.actions);
  if (input.sortOrder !== undefined) values.sort_order = input.sortOrder;
  return values;
}
