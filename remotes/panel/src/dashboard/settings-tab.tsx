import { type PanelSettings, panelSettingsSchema, panelSettingsUpdateSchema } from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Callout, Card, Checkbox, Field, FormActions, Input, LoadState, Tag, TextArea } from '@outpost/ui';
import { type InputHTMLAttributes, useState } from 'react';
import { CredentialTest } from './credential-test';
import { DiscordBotCard } from './discord-bot-card';
import { NoticeSettings } from './notice-settings';
import { change } from './panel-api';
import { SecretField } from './secret-field';
import { draftOf, fieldErrors, type SettingsDraft, updateOf } from './settings-draft';

const LINK_FIELDS = [
  ['stats', 'Stats', 'Where /links "Stats" goes'],
  ['extendedStats', 'Extended stats', 'Where /links "Extended stats" goes'],
  ['steamGroup', 'Steam group', 'Your Steam community group'],
  ['discord', 'Discord invite', 'An invite link, e.g. https://discord.gg/…'],
] as const;

/** The draft's text settings (numbers typed as text), each drawn by textSetting. */
type TextKey =
  | 'domain'
  | 'cpu'
  | 'memory'
  | 'postsPerMinute'
  | 'maxBodyChars'
  | 'reportGroupWindowHours'
  | 'reportsPerWindow'
  | 'warningExpiryDays'
  | 'recentPlayersMinutes';

/** The Site settings tab: notice with live preview, domain, links, thresholds, discussion limits, secrets, sign-in, Discord bot. */
export function SettingsTab() {
  const { state, reload } = useLoad('/api/panel/settings', panelSettingsSchema);
  return (
    <LoadState state={state} what="the site settings" onRetry={reload}>
      {(settings) => <SettingsForm key={JSON.stringify(settings)} settings={settings} onSaved={reload} />}
    </LoadState>
  );
}

function SettingsForm({ settings, onSaved }: { settings: PanelSettings; onSaved(): void }) {
  const host = useHost();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((old) => ({ ...old, [key]: value }));

  /** One text setting: a labelled kit Input with its hint and the schema's error for `errorKey`. */
  const textSetting = ({
    name,
    label,
    hint,
    errorKey,
    ...input
  }: { name: TextKey; label: string; hint: string; errorKey: string } & InputHTMLAttributes<HTMLInputElement>) => (
    <Field label={label} error={errors[errorKey]} hint={hint}>
      {(control) => (
        <Input {...control} {...input} value={draft[name]} onChange={(event) => set(name, event.target.value)} />
      )}
    </Field>
  );

  const save = async () => {
    // The contract's own schema gives each field its message before anything is sent.
    const checked = panelSettingsUpdateSchema.safeParse(updateOf(draft, settings));
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await change(host, 'PUT', '/api/panel/settings', checked.data, panelSettingsSchema);
    setBusy(false);
    if (!result.ok) {
      setErrors({ form: result.message });
      return;
    }
    host.notify({ level: 'success', message: 'Site settings saved: everyone sees them now' });
    onSaved();
  };

  const { cpu, memory } = settings.environmentThresholds;
  const reasonsError =
    errors['reports.reasons'] ?? Object.entries(errors).find(([key]) => key.startsWith('reports.reasons.'))?.[1];
  const ladderError = Object.entries(errors).find(([key]) => key.startsWith('warnings.ladder'))?.[1];
  return (
    <div className="settings-stack">
      <form
        className="panel-form settings-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <NoticeSettings notice={draft.notice} errors={errors} onChange={(notice) => set('notice', notice)} />

        <Card title="Site">
          {textSetting({
            name: 'domain',
            errorKey: 'domain',
            label: 'Domain',
            hint: `Shown to players; empty uses the server's address (${settings.effectiveDomain}).`,
            placeholder: settings.effectiveDomain,
          })}
          <h3>Links</h3>
          <div className="panel-grid">
            {LINK_FIELDS.map(([key, label, hint]) => (
              <Field key={key} label={label} hint={hint} error={errors[`links.${key}`]}>
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    placeholder="https://"
                    value={draft.links[key]}
                    onChange={(event) => set('links', { ...draft.links, [key]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </Card>

        <Card title="New instances: resource thresholds">
          <div className="panel-grid">
            {textSetting({
              name: 'cpu',
              errorKey: 'thresholds.cpu',
              label: 'CPU load per core',
              hint: `Empty: CPU_THRESHOLD (${cpu}). Load must stay 0.02 below it.`,
              inputMode: 'decimal',
              placeholder: String(cpu),
            })}
            {textSetting({
              name: 'memory',
              errorKey: 'thresholds.memory',
              label: 'Memory that must stay free (0 to 1)',
              hint: `Empty: MEMORY_THRESHOLD (${memory}).`,
              inputMode: 'decimal',
              placeholder: String(memory),
            })}
          </div>
        </Card>

        <Card title="Discussions: anti-abuse">
          <div className="panel-grid">
            {textSetting({
              name: 'postsPerMinute',
              errorKey: 'discussions.postsPerMinute',
              label: 'Posts per minute, per user',
              hint: 'New threads and replies one user may post in any 60 seconds (1 to 1000).',
              inputMode: 'numeric',
            })}
            {textSetting({
              name: 'maxBodyChars',
              errorKey: 'discussions.maxBodyChars',
              label: 'Longest post (characters)',
              hint: 'The longest thread or reply text accepted (100 to 100,000).',
              inputMode: 'numeric',
            })}
          </div>
        </Card>

        <Card title="Player reports">
          <div className="panel-grid">
            <Field
              label="Report reasons"
              error={reasonsError}
              hint="One per line, in the order players see them (1 to 20, up to 60 characters each)."
            >
              {(control) => (
                <TextArea
                  {...control}
                  rows={6}
                  value={draft.reportReasons}
                  onChange={(event) => set('reportReasons', event.target.value)}
                />
              )}
            </Field>
            {textSetting({
              name: 'reportGroupWindowHours',
              errorKey: 'reports.groupWindowHours',
              label: 'Grouping window (hours)',
              hint: 'Reports against one player less than this apart are one row of the queue (1 to 720).',
              inputMode: 'numeric',
            })}
            {textSetting({
              name: 'reportsPerWindow',
              errorKey: 'reports.reportsPerWindow',
              label: 'Reports per 10 minutes, per reporter',
              hint: 'On the site and in game alike (1 to 100).',
              inputMode: 'numeric',
            })}
          </div>
        </Card>

        <Card title="Players on servers">
          {textSetting({
            name: 'recentPlayersMinutes',
            errorKey: 'recentPlayersMinutes',
            label: 'Recently seen, in minutes',
            hint: 'How far back a server page lists the players who left it, to ban who just left (1 to 10080).',
            inputMode: 'numeric',
          })}
        </Card>

        <Card
          title="Warnings"
          description="Staff warn players on the web or in game. Enough active warnings ban the player at once, in the name of the staff member who gave the last one."
        >
          <div className="panel-grid">
            {textSetting({
              name: 'warningExpiryDays',
              errorKey: 'warnings.expiryDays',
              label: 'A warning counts for (days)',
              hint: 'After this a warning expires and no longer counts (0 = never; up to 3650).',
              inputMode: 'numeric',
            })}
            <Field
              label="Ladder"
              error={
                ladderError &&
                'Each line: a number of active warnings, then a ban length (30m, 12h, 7d or permanent), then optionally “per server” or “per group”; each number once per scope'
              }
              hint="One step per line, e.g. “3: 1d” and “5: 7d” (all the player’s warnings, banned everywhere), or “2: 12h per server” (warnings given on one server, banned there) and “4: 3d per group” (on one server group, banned there). A web warning counts for scoped steps only when staff name its server. Empty: warnings never ban."
            >
              {(control) => (
                <TextArea
                  {...control}
                  rows={4}
                  value={draft.warningLadder}
                  onChange={(event) => set('warningLadder', event.target.value)}
                />
              )}
            </Field>
          </div>
        </Card>

        <Card
          title="In-game unbans"
          description="A game server always lifts the bans it issued itself. A ban issued on the web or by another server is lifted on the web."
        >
          <Checkbox
            label="Trust in-game unbans from admins connected to that server"
            checked={draft.trustInGameUnbans}
            onChange={(event) => set('trustInGameUnbans', event.target.checked)}
            hint="When on, a server may also lift the web's and other servers' bans, but only for an admin who holds bans.unban, is one of its in-game admins, and whom that server's own events show connected to it right now. Those events come with the server's token, so a stolen token could claim them: leave this off unless you trust every server's token as you trust a signed-in admin."
          />
        </Card>

        <Card title="Sign-in">
          <ul className="plain-list">
            <li>
              <Tag tone="success">on</Tag> Steam{' '}
              <span className="muted">
                {settings.signIn.steam.namesAndAvatars
                  ? '(names and avatars from the Steam Web API)'
                  : '(no Steam Web API key: new users are named by their Steam id)'}
              </span>
            </li>
            <li>
              {settings.signIn.discord.configured ? (
                <>
                  <Checkbox
                    label="Offer Discord sign-in (for users who linked Discord)"
                    checked={draft.discordSignIn}
                    onChange={(event) => set('discordSignIn', event.target.checked)}
                  />
                  <CredentialTest what="discord" label="Test the application" body={() => ({})} />
                </>
              ) : (
                <>
                  <Tag tone="neutral">off</Tag> Discord{' '}
                  <span className="muted">(set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to offer it)</span>
                </>
              )}
            </li>
          </ul>
        </Card>

        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FormActions submitLabel="Save settings" busy={busy} />
      </form>
      <Card title="Secrets" description="Saved secrets are never shown again: you can only replace or clear them.">
        <SecretField
          label="Steam Web API key"
          field="steamApiKey"
          status={settings.secrets.steamApiKey}
          environmentName="STEAM_API_KEY"
          placeholder="32 letters and digits"
          onSaved={onSaved}
          test="steam-key"
        />
        <SecretField
          label="Sentry DSN"
          field="sentryDsn"
          status={settings.secrets.sentryDsn}
          environmentName="SENTRY_DSN"
          placeholder="https://key@sentry.example.org/1"
          onSaved={onSaved}
        />
      </Card>
      <DiscordBotCard />
    </div>
  );
}
