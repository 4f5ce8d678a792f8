import {
  NOTICE_CLASSES,
  type PanelSettings,
  type PanelSettingsUpdate,
  panelSettingsSchema,
  panelSettingsUpdateSchema,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Field, FormActions, LoadState, Markdown, Tag } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';
import { SecretField } from './secret-field';

const NOTICE_CLASS_LABELS: Record<(typeof NOTICE_CLASSES)[number], string> = {
  'is-info': 'Information (blue)',
  'is-success': 'Good news (green)',
  'is-warning': 'Warning (yellow)',
  'is-danger': 'Danger (red)',
};

const LINK_FIELDS = [
  ['stats', 'Stats', 'Where /links "Stats" goes'],
  ['extendedStats', 'Extended stats', 'Where /links "Extended stats" goes'],
  ['steamGroup', 'Steam group', 'Your Steam community group'],
  ['discord', 'Discord invite', 'An invite link, e.g. https://discord.gg/…'],
] as const;

type Draft = {
  notice: PanelSettings['notice'];
  domain: string;
  links: PanelSettings['links'];
  cpu: string;
  memory: string;
  discordSignIn: boolean;
  postsPerMinute: string;
  maxBodyChars: string;
  /** One reason per line. */
  reportReasons: string;
  reportGroupWindowHours: string;
  reportsPerWindow: string;
};

function draftOf(settings: PanelSettings): Draft {
  return {
    notice: settings.notice,
    domain: settings.domain,
    links: settings.links,
    cpu: settings.thresholds.cpu === null ? '' : String(settings.thresholds.cpu),
    memory: settings.thresholds.memory === null ? '' : String(settings.thresholds.memory),
    discordSignIn: settings.signIn.discord.enabled || !settings.signIn.discord.configured,
    postsPerMinute: String(settings.discussions.postsPerMinute),
    maxBodyChars: String(settings.discussions.maxBodyChars),
    reportReasons: settings.reports.reasons.join('\n'),
    reportGroupWindowHours: String(settings.reports.groupWindowHours),
    reportsPerWindow: String(settings.reports.reportsPerWindow),
  };
}

/** A whole number typed in a box; blank or not a number is NaN (the schema then says "Enter a number"). */
function wholeNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function numberOrNull(text: string): number | null | typeof Number.NaN {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The Site settings tab: notice with live preview, domain, links, thresholds, discussion limits, secrets, sign-in. */
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((old) => ({ ...old, [key]: value }));

  const save = async () => {
    const update: PanelSettingsUpdate = {
      notice: draft.notice,
      domain: draft.domain.trim(),
      links: draft.links,
      thresholds: { cpu: numberOrNull(draft.cpu), memory: numberOrNull(draft.memory) },
      ...(settings.signIn.discord.configured ? { discordSignIn: draft.discordSignIn } : {}),
      discussions: { postsPerMinute: wholeNumber(draft.postsPerMinute), maxBodyChars: wholeNumber(draft.maxBodyChars) },
      reports: {
        reasons: draft.reportReasons
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        groupWindowHours: wholeNumber(draft.reportGroupWindowHours),
        reportsPerWindow: wholeNumber(draft.reportsPerWindow),
      },
    };
    // The contract's own schema gives each field its message before anything is sent.
    const checked = panelSettingsUpdateSchema.safeParse(update);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.');
        found[key] ??= issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
      }
      setErrors(found);
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

  return (
    <>
      <form
        className="panel-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <section className="panel-section" aria-labelledby="settings-notice">
          <h2 id="settings-notice">Site notice</h2>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.notice.enabled}
              onChange={(event) => set('notice', { ...draft.notice, enabled: event.target.checked })}
            />
            Show the notice on the overview
          </label>
          <Field label="Notice text (Markdown)" error={errors['notice.text']} hint="Line breaks show as breaks.">
            {(control) => (
              <textarea
                {...control}
                className="input"
                rows={4}
                maxLength={4000}
                value={draft.notice.text}
                onChange={(event) => set('notice', { ...draft.notice, text: event.target.value })}
              />
            )}
          </Field>
          <Field label="Style" error={errors['notice.class']}>
            {(control) => (
              <select
                {...control}
                className="input"
                value={draft.notice.class}
                onChange={(event) =>
                  set('notice', { ...draft.notice, class: event.target.value as PanelSettings['notice']['class'] })
                }
              >
                {NOTICE_CLASSES.map((name) => (
                  <option key={name} value={name}>
                    {NOTICE_CLASS_LABELS[name]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="notice-preview" aria-live="polite">
            <p className="muted">
              Preview {draft.notice.enabled ? '' : <Tag tone="muted">hidden: the notice is off</Tag>}
            </p>
            {draft.notice.text.trim() ? (
              <div className={`notice site-notice ${draft.notice.class}`} data-testid="notice-preview">
                <Markdown text={draft.notice.text} />
              </div>
            ) : (
              <p className="muted">Nothing to show yet.</p>
            )}
          </div>
        </section>

        <section className="panel-section" aria-labelledby="settings-site">
          <h2 id="settings-site">Site</h2>
          <Field
            label="Domain"
            error={errors.domain}
            hint={`Shown to players; empty uses the server's address (${settings.effectiveDomain}).`}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                placeholder={settings.effectiveDomain}
                value={draft.domain}
                onChange={(event) => set('domain', event.target.value)}
              />
            )}
          </Field>
          <h3>Links</h3>
          <div className="panel-grid">
            {LINK_FIELDS.map(([key, label, hint]) => (
              <Field key={key} label={label} hint={hint} error={errors[`links.${key}`]}>
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="url"
                    placeholder="https://"
                    value={draft.links[key]}
                    onChange={(event) => set('links', { ...draft.links, [key]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </section>

        <section className="panel-section" aria-labelledby="settings-resources">
          <h2 id="settings-resources">New instances: resource thresholds</h2>
          <div className="panel-grid">
            <Field
              label="CPU load per core"
              error={errors['thresholds.cpu']}
              hint={`Empty: CPU_THRESHOLD (${settings.environmentThresholds.cpu}). Load must stay 0.02 below it.`}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  placeholder={String(settings.environmentThresholds.cpu)}
                  value={draft.cpu}
                  onChange={(event) => set('cpu', event.target.value)}
                />
              )}
            </Field>
            <Field
              label="Memory that must stay free (0 to 1)"
              error={errors['thresholds.memory']}
              hint={`Empty: MEMORY_THRESHOLD (${settings.environmentThresholds.memory}).`}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  placeholder={String(settings.environmentThresholds.memory)}
                  value={draft.memory}
                  onChange={(event) => set('memory', event.target.value)}
                />
              )}
            </Field>
          </div>
        </section>

        <section className="panel-section" aria-labelledby="settings-discussions">
          <h2 id="settings-discussions">Discussions: anti-abuse</h2>
          <div className="panel-grid">
            <Field
              label="Posts per minute, per user"
              error={errors['discussions.postsPerMinute']}
              hint="New threads and replies one user may post in any 60 seconds (1 to 1000)."
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  value={draft.postsPerMinute}
                  onChange={(event) => set('postsPerMinute', event.target.value)}
                />
              )}
            </Field>
            <Field
              label="Longest post (characters)"
              error={errors['discussions.maxBodyChars']}
              hint="The longest thread or reply text accepted (100 to 100,000)."
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  value={draft.maxBodyChars}
                  onChange={(event) => set('maxBodyChars', event.target.value)}
                />
              )}
            </Field>
          </div>
        </section>

        <section className="panel-section" aria-labelledby="settings-reports">
          <h2 id="settings-reports">Player reports</h2>
          <div className="panel-grid">
            <Field
              label="Report reasons"
              error={
                errors['reports.reasons'] ??
                Object.entries(errors).find(([key]) => key.startsWith('reports.reasons.'))?.[1]
              }
              hint="One per line, in the order players see them (1 to 20, up to 60 characters each)."
            >
              {(control) => (
                <textarea
                  {...control}
                  className="input"
                  rows={6}
                  value={draft.reportReasons}
                  onChange={(event) => set('reportReasons', event.target.value)}
                />
              )}
            </Field>
            <Field
              label="Grouping window (hours)"
              error={errors['reports.groupWindowHours']}
              hint="Reports against one player less than this apart are one row of the queue (1 to 720)."
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  value={draft.reportGroupWindowHours}
                  onChange={(event) => set('reportGroupWindowHours', event.target.value)}
                />
              )}
            </Field>
            <Field
              label="Reports per 10 minutes, per reporter"
              error={errors['reports.reportsPerWindow']}
              hint="On the site and in game alike (1 to 100)."
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="numeric"
                  value={draft.reportsPerWindow}
                  onChange={(event) => set('reportsPerWindow', event.target.value)}
                />
              )}
            </Field>
          </div>
        </section>

        <section className="panel-section" aria-labelledby="settings-signin">
          <h2 id="settings-signin">Sign-in</h2>
          <ul className="plain-list">
            <li>
              <Tag tone="light">on</Tag> Steam{' '}
              <span className="muted">
                {settings.signIn.steam.namesAndAvatars
                  ? '(names and avatars from the Steam Web API)'
                  : '(no Steam Web API key: new users are named by their Steam id)'}
              </span>
            </li>
            <li>
              {settings.signIn.discord.configured ? (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={draft.discordSignIn}
                    onChange={(event) => set('discordSignIn', event.target.checked)}
                  />
                  Offer Discord sign-in (for users who linked Discord)
                </label>
              ) : (
                <>
                  <Tag tone="muted">off</Tag> Discord{' '}
                  <span className="muted">(set DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET to offer it)</span>
                </>
              )}
            </li>
          </ul>
        </section>

        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <FormActions submitLabel="Save settings" busy={busy} />
      </form>
      <section className="panel-section" aria-labelledby="settings-secrets">
        <h2 id="settings-secrets">Secrets</h2>
        <p className="muted">Saved secrets are never shown again: you can only replace or clear them.</p>
        <SecretField
          label="Steam Web API key"
          field="steamApiKey"
          status={settings.secrets.steamApiKey}
          environmentName="STEAM_API_KEY"
          placeholder="32 letters and digits"
          onSaved={onSaved}
        />
        <SecretField
          label="Sentry DSN"
          field="sentryDsn"
          status={settings.secrets.sentryDsn}
          environmentName="SENTRY_DSN"
          placeholder="https://key@sentry.example.org/1"
          onSaved={onSaved}
        />
      </section>
    </>
  );
}
