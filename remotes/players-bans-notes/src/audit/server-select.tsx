import { serverGroupsResponseSchema } from '@outpost/contracts';
import { useLoad, useT } from '@outpost/host';
import { Select } from '@outpost/ui';

/** Servers from GET /api/servers, grouped; falls back to the raw id a shared link carries. */
export function ServerSelect({ id, value, onChange }: { id: string; value: string; onChange(serverId: string): void }) {
  const t = useT();
  const { state } = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = state.status === 'ready' ? state.data : [];
  const known = groups.some((group) => group.servers.some((server) => server.id === value));
  return (
    <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('players-bans-notes.audit.servers.all')}</option>
      {value && !known && <option value={value}>{value}</option>}
      {groups.map((group) => (
        <optgroup key={group.id} label={group.name}>
          {group.servers.map((server) => (
            <option key={server.id} value={server.id}>
              {server.name}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}
