import { type PanelSettings, panelSettingsSchema, panelSettingsUpdateSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Callout, Card, Checkbox, Field, FormActions, Input, LoadState, Tag, TextArea } from '@outpost/ui';
import { type InputHTMLAttributes, useState } from 'react';
import { CredentialTest } from './credential-test';
import { DiscordBotCard } from './discord-bot-card';
import { NoticeSettings } from './notice-settings';
import { change } from './panel-api';
import { SecretField } from './secret-field';
import { draftOf, fieldErrors, type SettingsDraft, updateOf } from './settings-draft';

/** The links, each with its label and hint keys (panel.dashboard.settings.links.<key> and .<key>.hint). */
const LINK_FIELDS = ['stats', 'extendedStats', 'steamGroup', 'discord'] as const;

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
  const t = useT();
  const { state, reload } = useLoad('/api/panel/settings', panelSettingsSchema);
  return (
    <LoadState state={state} what={t('panel.dashboard.settings.what')} onRetry={reload}>
      {(settings) => <SettingsForm key={JSON.stringify(settings)} settings={settings} onSaved={reload} />}
    </LoadState>
  );
}

function SettingsForm({ settings, onSaved }: { settings: PanelSettings; onSaved(): void }) {
  const host = useHost();
  const t = useT();
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
      setErrors(fieldErrors(checked.error.issues, t('panel.dashboard.settings.enterNumber')));
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
    host.notify({ level: 'success', message: t('panel.dashboard.settings.saved') });
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

        <Card title={t('panel.dashboard.settings.site')}>
          {textSetting({
            name: 'domain',
            errorKey: 'domain',
            label: t('panel.dashboard.settings.domain'),
            hint: t('panel.dashboard.settings.domain.hint', { domain: settings.effectiveDomain }),
            placeholder: settings.effectiveDomain,
          })}
          <h3>{t('panel.dashboard.settings.links')}</h3>
          <div className="panel-grid">
            {LINK_FIELDS.map((key) => (
              <Field
                key={key}
                label={t(`panel.dashboard.settings.links.${key}`)}
                hint={t(`panel.dashboard.settings.links.${key}.hint`)}
                error={errors[`links.${key}`]}
              >
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

        <Card title={t('panel.dashboard.settings.thresholds')}>
          <div className="panel-grid">
            {textSetting({
              name: 'cpu',
              errorKey: 'thresholds.cpu',
              label: t('panel.dashboard.settings.thresholds.cpu'),
              hint: t('panel.dashboard.settings.thresholds.cpu.hint', { cpu }),
              inputMode: 'decimal',
              placeholder: String(cpu),
            })}
            {textSetting({
              name: 'memory',
              errorKey: 'thresholds.memory',
              label: t('panel.dashboard.settings.thresholds.memory'),
              hint: t('panel.dashboard.settings.thresholds.memory.hint', { memory }),
              inputMode: 'decimal',
              placeholder: String(memory),
            })}
          </div>
        </Card>

        <Card title={t('panel.dashboard.settings.discussions')}>
          <div className="panel-grid">
            {textSetting({
              name: 'postsPerMinute',
              errorKey: 'discussions.postsPerMinute',
              label: t('panel.dashboard.settings.discussions.postsPerMinute'),
              hint: t('panel.dashboard.settings.discussions.postsPerMinute.hint'),
              inputMode: 'numeric',
            })}
            {textSetting({
              name: 'maxBodyChars',
              errorKey: 'discussions.maxBodyChars',
              label: t('panel.dashboard.settings.discussions.maxBodyChars'),
              hint: t('panel.dashboard.settings.discussions.maxBodyChars.hint'),
              inputMode: 'numeric',
            })}
          </div>
        </Card>

        <Card title={t('panel.dashboard.settings.reports')}>
          <div className="panel-grid">
            <Field
              label={t('panel.dashboard.settings.reports.reasons')}
              error={reasonsError}
              hint={t('panel.dashboard.settings.reports.reasons.hint')}
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
              label: t('panel.dashboard.settings.reports.groupWindow'),
              hint: t('panel.dashboard.settings.reports.groupWindow.hint'),
              inputMode: 'numeric',
            })}
            {textSetting({
              name: 'reportsPerWindow',
              errorKey: 'reports.reportsPerWindow',
              label: t('panel.dashboard.settings.reports.perWindow'),
              hint: t('panel.dashboard.settings.reports.perWindow.hint'),
              inputMode: 'numeric',
            })}
          </div>
        </Card>

        <Card title={t('panel.dashboard.settings.players')}>
          {textSetting({
            name: 'recentPlayersMinutes',
            errorKey: 'recentPlayersMinutes',
            label: t('panel.dashboard.settings.players.recent'),
            hint: t('panel.dashboard.settings.players.recent.hint'),
            inputMode: 'numeric',
          })}
        </Card>

        <Card
          title={t('panel.dashboard.settings.warnings')}
          description={t('panel.dashboard.settings.warnings.description')}
        >
          <div className="panel-grid">
            {textSetting({
              name: 'warningExpiryDays',
              errorKey: 'warnings.expiryDays',
              label: t('panel.dashboard.settings.warnings.expiry'),
              hint: t('panel.dashboard.settings.warnings.expiry.hint'),
              inputMode: 'numeric',
            })}
            <Field
              label={t('panel.dashboard.settings.warnings.ladder')}
              error={ladderError && t('panel.dashboard.settings.warnings.ladder.error')}
              hint={t('panel.dashboard.settings.warnings.ladder.hint')}
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
          title={t('panel.dashboard.settings.unbans')}
          description={t('panel.dashboard.settings.unbans.description')}
        >
          <Checkbox
            label={t('panel.dashboard.settings.unbans.trust')}
            checked={draft.trustInGameUnbans}
            onChange={(event) => set('trustInGameUnbans', event.target.checked)}
            hint={t('panel.dashboard.settings.unbans.trust.hint')}
          />
        </Card>

        <Card title={t('panel.dashboard.settings.signIn')}>
          <ul className="plain-list">
            <li>
              <Tag tone="success">{t('panel.dashboard.settings.signIn.on')}</Tag> Steam{' '}
              <span className="muted">
                {settings.signIn.steam.namesAndAvatars
                  ? t('panel.dashboard.settings.signIn.steamNames')
                  : t('panel.dashboard.settings.signIn.steamNoKey')}
              </span>
            </li>
            <li>
              {settings.signIn.discord.configured ? (
                <>
                  <Checkbox
                    label={t('panel.dashboard.settings.signIn.offerDiscord')}
                    checked={draft.discordSignIn}
                    onChange={(event) => set('discordSignIn', event.target.checked)}
                  />
                  <CredentialTest
                    what="discord"
                    label={t('panel.dashboard.settings.signIn.testDiscord')}
                    body={() => ({})}
                  />
                </>
              ) : (
                <>
                  <Tag tone="neutral">{t('panel.dashboard.settings.signIn.off')}</Tag> Discord{' '}
                  <span className="muted">{t('panel.dashboard.settings.signIn.discordUnset')}</span>
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
        <FormActions submitLabel={t('panel.dashboard.settings.save')} busy={busy} />
      </form>
      <Card
        title={t('panel.dashboard.settings.secrets')}
        description={t('panel.dashboard.settings.secrets.description')}
      >
        <SecretField
          label={t('panel.dashboard.settings.secrets.steamApiKey')}
          field="steamApiKey"
          status={settings.secrets.steamApiKey}
          environmentName="STEAM_API_KEY"
          placeholder={t('panel.dashboard.settings.secrets.steamApiKey.placeholder')}
          onSaved={onSaved}
          test="steam-key"
        />
        <SecretField
          label={t('panel.dashboard.settings.secrets.sentryDsn')}
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
