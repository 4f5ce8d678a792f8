import {
  GAME_AUTH_TYPES,
  type GameAdminIdentity,
  gameAdminIdentitiesListSchema,
  gameAdminIdentitiesSchema,
  gameGroupImmunitiesSchema,
  gameOverridesResponseSchema,
  gameOverridesUpdateSchema,
} from '@outpost/contracts';
import { useT } from '@outpost/host';
import { Input, Select } from '@outpost/ui';
import { cell, ListEditor, Loaded, RoleSelect, RolesLoaded } from './list-editor';

// The columns' words: each a header, a phone cell's label and its control's name.
const BY = 'panel.dashboard.admins.by';
const IDENTITY = 'panel.dashboard.admins.identity';
const NAME = 'panel.dashboard.admins.name';
const FLAGS = 'panel.dashboard.admins.flags';
const IMMUNITY = 'panel.dashboard.admins.immunity';
const GROUPS = 'panel.dashboard.admins.groups';
const TYPE = 'panel.dashboard.overrides.type';
const COMMAND = 'panel.dashboard.overrides.command';
const GROUP = 'panel.dashboard.immunities.group';
const IMMUNE_FROM = 'panel.dashboard.immunities.immuneFrom';

/** In-game admins without an Outpost account: by Steam id, IP or name. */
export function AdminIdentitiesEditor({ editable }: { editable: boolean }) {
  const t = useT();
  return (
    <Loaded
      path="/api/game-admin-identities"
      schema={gameAdminIdentitiesListSchema}
      what={t('panel.dashboard.admins.what')}
    >
      {({ admins }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<GameAdminIdentity, { admins: GameAdminIdentity[] }>
              title={t('panel.dashboard.admins')}
              saveLabel={t('panel.dashboard.admins.save')}
              savedMessage={t('panel.dashboard.admins.saved')}
              description={t('panel.dashboard.admins.description')}
              rows={admins}
              editable={editable}
              blank={() => ({ authType: 'steam', identity: '', name: '', flags: '', immunity: 0, roleIds: [] })}
              toBody={(rows) => ({ admins: rows })}
              schema={gameAdminIdentitiesSchema}
              path="/api/game-admin-identities"
              header={[BY, IDENTITY, NAME, FLAGS, IMMUNITY, GROUPS].map((key) => t(key))}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    t(BY),
                    <Select
                      aria-label={t('panel.dashboard.admins.by.label')}
                      disabled={!editable}
                      value={row.authType}
                      onChange={(event) =>
                        update({ ...row, authType: event.target.value as GameAdminIdentity['authType'] })
                      }
                    >
                      {GAME_AUTH_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`panel.dashboard.admins.by.${type}`)}
                        </option>
                      ))}
                    </Select>,
                  )}
                  {cell(
                    t(IDENTITY),
                    <Input
                      aria-label={t(IDENTITY)}
                      disabled={!editable}
                      value={row.identity}
                      onChange={(event) => update({ ...row, identity: event.target.value })}
                    />,
                  )}
                  {cell(
                    t(NAME),
                    <Input
                      aria-label={t(NAME)}
                      disabled={!editable}
                      value={row.name}
                      onChange={(event) => update({ ...row, name: event.target.value })}
                    />,
                  )}
                  {cell(
                    t(FLAGS),
                    <Input
                      aria-label={t(FLAGS)}
                      disabled={!editable}
                      value={row.flags}
                      onChange={(event) => update({ ...row, flags: event.target.value.trim() })}
                    />,
                  )}
                  {cell(
                    t(IMMUNITY),
                    <Input
                      aria-label={t(IMMUNITY)}
                      inputMode="numeric"
                      disabled={!editable}
                      value={String(row.immunity)}
                      onChange={(event) => update({ ...row, immunity: Number(event.target.value) })}
                    />,
                  )}
                  {cell(
                    t(GROUPS),
                    <Select
                      aria-label={t(GROUPS)}
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
  const t = useT();
  return (
    <Loaded path="/api/game-overrides" schema={gameOverridesResponseSchema} what={t('panel.dashboard.overrides.what')}>
      {({ overrides }, reload) => (
        <ListEditor<Override, { overrides: Override[] }>
          title={t('panel.dashboard.overrides')}
          saveLabel={t('panel.dashboard.overrides.save')}
          savedMessage={t('panel.dashboard.overrides.saved')}
          description={t('panel.dashboard.overrides.description')}
          rows={overrides}
          editable={editable}
          blank={() => ({ type: 'command', name: '', flags: '' })}
          toBody={(rows) => ({ overrides: rows })}
          schema={gameOverridesUpdateSchema}
          path="/api/game-overrides"
          header={[TYPE, COMMAND, FLAGS].map((key) => t(key))}
          onSaved={reload}
          renderRow={(row, update) => (
            <>
              {cell(
                t(TYPE),
                <Select
                  aria-label={t(TYPE)}
                  disabled={!editable}
                  value={row.type}
                  onChange={(event) => update({ ...row, type: event.target.value as Override['type'] })}
                >
                  <option value="command">{t('panel.dashboard.overrides.type.command')}</option>
                  <option value="group">{t('panel.dashboard.overrides.type.group')}</option>
                </Select>,
              )}
              {cell(
                t(COMMAND),
                <Input
                  aria-label={t(COMMAND)}
                  disabled={!editable}
                  value={row.name}
                  onChange={(event) => update({ ...row, name: event.target.value.trim() })}
                />,
              )}
              {cell(
                t(FLAGS),
                <Input
                  aria-label={t(FLAGS)}
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
  const t = useT();
  return (
    <Loaded
      path="/api/game-group-immunities"
      schema={gameGroupImmunitiesSchema}
      what={t('panel.dashboard.immunities.what')}
    >
      {({ immunities }, reload) => (
        <RolesLoaded editable={editable}>
          {(roles) => (
            <ListEditor<Immunity, { immunities: Immunity[] }>
              title={t('panel.dashboard.immunities')}
              saveLabel={t('panel.dashboard.immunities.save')}
              savedMessage={t('panel.dashboard.immunities.saved')}
              description={t('panel.dashboard.immunities.description')}
              rows={immunities}
              editable={editable}
              blank={() => ({ roleId: roles[0]?.id ?? '', immuneFromRoleId: roles[1]?.id ?? roles[0]?.id ?? '' })}
              toBody={(rows) => ({ immunities: rows })}
              schema={gameGroupImmunitiesSchema}
              path="/api/game-group-immunities"
              header={[GROUP, IMMUNE_FROM].map((key) => t(key))}
              onSaved={reload}
              renderRow={(row, update) => (
                <>
                  {cell(
                    t(GROUP),
                    <RoleSelect
                      label={t(GROUP)}
                      roles={roles}
                      editable={editable}
                      value={row.roleId}
                      onChange={(roleId) => update({ ...row, roleId })}
                    />,
                  )}
                  {cell(
                    t(IMMUNE_FROM),
                    <RoleSelect
                      label={t(IMMUNE_FROM)}
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
