import {
  GAME_AUTH_TYPES,
  type GameAdminIdentity,
  gameAdminIdentitiesListSchema,
  gameAdminIdentitiesSchema,
  gameGroupImmunitiesSchema,
  gameOverridesResponseSchema,
  gameOverridesUpdateSchema,
} from '@outpost/contracts';
import { Input, Select } from '@outpost/ui';
import { cell, ListEditor, Loaded, RoleSelect, RolesLoaded } from './list-editor';

/** In-game admins without an Outpost account: by Steam id, IP or name. */
export function AdminIdentitiesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-admin-identities" schema={gameAdminIdentitiesListSchema} what="the in-game admins">
      {({ admins }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<GameAdminIdentity, { admins: GameAdminIdentity[] }>
              title="In-game admins"
              description="Admins who have no Outpost account, identified by Steam id, IP address or exact name."
              rows={admins}
              editable={editable}
              blank={() => ({ authType: 'steam', identity: '', name: '', flags: '', immunity: 0, roleIds: [] })}
              toBody={(rows) => ({ admins: rows })}
              schema={gameAdminIdentitiesSchema}
              path="/api/game-admin-identities"
              header={['By', 'Identity', 'Name', 'Flags', 'Immunity', 'Groups']}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    'By',
                    <Select
                      aria-label="Identified by"
                      disabled={!editable}
                      value={row.authType}
                      onChange={(event) =>
                        update({ ...row, authType: event.target.value as GameAdminIdentity['authType'] })
                      }
                    >
                      {GAME_AUTH_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </Select>,
                  )}
                  {cell(
                    'Identity',
                    <Input
                      aria-label="Identity"
                      disabled={!editable}
                      value={row.identity}
                      onChange={(event) => update({ ...row, identity: event.target.value })}
                    />,
                  )}
                  {cell(
                    'Name',
                    <Input
                      aria-label="Name"
                      disabled={!editable}
                      value={row.name}
                      onChange={(event) => update({ ...row, name: event.target.value })}
                    />,
                  )}
                  {cell(
                    'Flags',
                    <Input
                      aria-label="Flags"
                      disabled={!editable}
                      value={row.flags}
                      onChange={(event) => update({ ...row, flags: event.target.value.trim() })}
                    />,
                  )}
                  {cell(
                    'Immunity',
                    <Input
                      aria-label="Immunity"
                      inputMode="numeric"
                      disabled={!editable}
                      value={String(row.immunity)}
                      onChange={(event) => update({ ...row, immunity: Number(event.target.value) })}
                    />,
                  )}
                  {cell(
                    'Groups',
                    <Select
                      aria-label="Groups"
                      multiple
                      disabled={!editable}
                      value={row.roleIds}
                      onChange={(event) =>
                        update({ ...row, roleIds: [...event.target.selectedOptions].map((option) => option.value) })
                      }
                    >
                      {roles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name}
                        </option>
                      ))}
                    </Select>,
                  )}
                </>
              )}
            />
          )}
        </RolesLoaded>
      )}
    </Loaded>
  );
}

type Override = { type: 'command' | 'group'; name: string; flags: string };

/** Which flags a command (or command group) needs in game. */
export function CommandOverridesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-overrides" schema={gameOverridesResponseSchema} what="the command overrides">
      {({ overrides }, reload) => (
        <ListEditor<Override, { overrides: Override[] }>
          title="Command overrides"
          description="Change the flags a command needs, e.g. sm_map needs g."
          rows={overrides}
          editable={editable}
          blank={() => ({ type: 'command', name: '', flags: '' })}
          toBody={(rows) => ({ overrides: rows })}
          schema={gameOverridesUpdateSchema}
          path="/api/game-overrides"
          header={['Type', 'Command', 'Flags']}
          onSaved={reload}
          renderRow={(row, update) => (
            <>
              {cell(
                'Type',
                <Select
                  aria-label="Type"
                  disabled={!editable}
                  value={row.type}
                  onChange={(event) => update({ ...row, type: event.target.value as Override['type'] })}
                >
                  <option value="command">command</option>
                  <option value="group">group</option>
                </Select>,
              )}
              {cell(
                'Command',
                <Input
                  aria-label="Command"
                  disabled={!editable}
                  value={row.name}
                  onChange={(event) => update({ ...row, name: event.target.value.trim() })}
                />,
              )}
              {cell(
                'Flags',
                <Input
                  aria-label="Flags"
                  disabled={!editable}
                  value={row.flags}
                  onChange={(event) => update({ ...row, flags: event.target.value.trim() })}
                />,
              )}
            </>
          )}
        />
      )}
    </Loaded>
  );
}

type Immunity = { roleId: string; immuneFromRoleId: string };

/** Group-vs-group immunity: members of one role are immune to admins of another. */
export function GroupImmunitiesEditor({ editable }: { editable: boolean }) {
  return (
    <Loaded path="/api/game-group-immunities" schema={gameGroupImmunitiesSchema} what="the group immunities">
      {({ immunities }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<Immunity, { immunities: Immunity[] }>
              title="Group immunities"
              description="Members of the first group cannot be targeted by admins of the second."
              rows={immunities}
              editable={editable}
              blank={() => ({ roleId: roles[0]?.id ?? '', immuneFromRoleId: roles[1]?.id ?? roles[0]?.id ?? '' })}
              toBody={(rows) => ({ immunities: rows })}
              schema={gameGroupImmunitiesSchema}
              path="/api/game-group-immunities"
              header={['Group', 'Immune from']}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    'Group',
                    <RoleSelect
                      label="Group"
                      roles={roles}
                      editable={editable}
                      value={row.roleId}
                      onChange={(roleId) => update({ ...row, roleId })}
                    />,
                  )}
                  {cell(
                    'Immune from',
                    <RoleSelect
                      label="Immune from"
                      roles={roles}
                      editable={editable}
                      value={row.immuneFromRoleId}
                      onChange={(immuneFromRoleId) => update({ ...row, immuneFromRoleId })}
                    />,
                  )}
                </>
              )}
            />
          )}
        </RolesLoaded>
      )}
    </Loaded>
  );
}
