import {
  type DiscordBotSettings,
  discordBotSettingsChangeSchema,
  discordBotSettingsSchema,
  discordCommandsRegisteredSchema,
  discordRoleResyncSchema,
} from '@outpost/contracts';
import { can, SLOT, useHost, useLoad, useSessionStore, useT, withNode } from '@outpost/host';
import { Button, Callout, Card, ConfirmDialog, DateTime, Field, FormActions, Input, LoadState, Tag } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';
import { fieldErrors } from './settings-draft';

/**
 * The Discord bot (issue 26): the application id and public key, the bot token (write-only: set
 * or not set), the interactions URL to paste into Discord, and "Register the commands".
 */
export function DiscordBotCard() {
  const t = useT();
  const { state, reload } = useLoad('/api/panel/discord-bot', discordBotSettingsSchema);
  // Kept here: the form is drawn anew after every reload, the verdict stays.
  const [registered, setRegistered] = useState<Registered>(null);
  return (
    <Card title={t('panel.dashboard.discord.title')} description={t('panel.dashboard.discord.description')}>
      <LoadState state={state} what={t('panel.dashboard.discord.what')} onRetry={reload}>
        {(settings) => (
          <DiscordBotForm
            key={JSON.stringify(settings)}
            settings={settings}
            onSaved={reload}
            registered={registered}
            setRegistered={setRegistered}
          />
        )}
      </LoadState>
    </Card>
  );
}

type Registered = { ok: true; names: string[] } | { ok: false; message: string } | null;

function DiscordBotForm({
  settings,
  onSaved,
  registered,
  setRegistered,
}: {
  settings: DiscordBotSettings;
  onSaved(): void;
  registered: Registered;
  setRegistered(value: Registered): void;
}) {
  const host = useHost();
  const t = useT();
  const [applicationId, setApplicationId] = useState(settings.applicationId ?? '');
  const [publicKey, setPublicKey] = useState(settings.publicKey ?? '');
  const [staffChannelId, setStaffChannelId] = useState(settings.staffChannelId ?? '');
  const [guildId, setGuildId] = useState(settings.guildId ?? '');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'ids' | 'token' | 'register' | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [copied, setCopied] = useState(false);

  /** Sends one change; field errors go beside their control, others to `formKey`. */
  const send = async (body: Record<string, string | null>, what: 'ids' | 'token', done: string) => {
    const checked = discordBotSettingsChangeSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues, t('panel.dashboard.settings.enterNumber')));
      return false;
    }
    setErrors({});
    setBusy(what);
    const result = await change(host, 'PUT', '/api/panel/discord-bot', checked.data, discordBotSettingsSchema);
    setBusy(null);
    if (!result.ok) {
      setErrors({ [what === 'ids' ? 'form' : 'botToken']: result.message });
      return false;
    }
    host.notify({ level: 'success', message: done });
    onSaved();
    return true;
  };

  const register = async () => {
    setBusy('register');
    setRegistered(null);
    const result = await change(
      host,
      'POST',
      '/api/panel/discord-bot/commands',
      undefined,
      discordCommandsRegisteredSchema,
    );
    setBusy(null);
    if (!result.ok) {
      setRegistered({ ok: false, message: result.message });
      return;
    }
    setRegistered({ ok: true, names: result.data === true ? [] : result.data.registered });
    onSaved();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(settings.interactionsUrl);
      setCopied(true);
    } catch {
      host.notify({ level: 'error', message: t('panel.dashboard.discord.copyRefused') });
    }
  };

  const ready = settings.applicationId !== null && settings.botTokenSet;
  return (
    <div className="settings-stack">
      <form
        className="panel-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(
            {
              applicationId: applicationId.trim() || null,
              publicKey: publicKey.trim() || null,
              staffChannelId: staffChannelId.trim() || null,
              guildId: guildId.trim() || null,
            },
            'ids',
            t('panel.dashboard.discord.saved'),
          );
        }}
      >
        <div className="panel-grid">
          <Field
            label={t('panel.dashboard.discord.applicationId')}
            error={errors.applicationId}
            hint={t('panel.dashboard.discord.applicationId.hint')}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                placeholder="112233445566778899"
                value={applicationId}
                onChange={(event) => setApplicationId(event.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('panel.dashboard.discord.publicKey')}
            error={errors.publicKey}
            hint={t('panel.dashboard.discord.publicKey.hint')}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                value={publicKey}
                onChange={(event) => setPublicKey(event.target.value)}
              />
            )}
          </Field>
          <OptionalIdField
            label={t('panel.dashboard.discord.staffChannel')}
            error={errors.staffChannelId}
            hint={t('panel.dashboard.discord.staffChannel.hint')}
            placeholder={t('panel.dashboard.discord.staffChannel.placeholder')}
            value={staffChannelId}
            onChange={setStaffChannelId}
          />
          <OptionalIdField
            label={t('panel.dashboard.discord.guild')}
            error={errors.guildId}
            hint={t('panel.dashboard.discord.guild.hint')}
            placeholder={t('panel.dashboard.discord.guild.placeholder')}
            value={guildId}
            onChange={setGuildId}
          />
        </div>
        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FormActions submitLabel={t('panel.dashboard.discord.saveApplication')} busy={busy === 'ids'} />
      </form>

      <div className="secret-field">
        <Field
          label={
            <>
              {t('panel.dashboard.discord.token')}{' '}
              {settings.botTokenSet ? (
                <Tag tone="success">{t('panel.dashboard.discord.token.set')}</Tag>
              ) : (
                <Tag tone="neutral">{t('panel.dashboard.discord.token.notSet')}</Tag>
              )}
            </>
          }
          error={errors.botToken}
          hint={t('panel.dashboard.discord.token.hint')}
        >
          {(control) => (
            <div className="inline-controls">
              <Input
                {...control}
                type="password"
                autoComplete="off"
                placeholder={
                  settings.botTokenSet
                    ? t('panel.dashboard.discord.token.replace')
                    : t('panel.dashboard.discord.token.placeholder')
                }
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
              <Button
                variant="primary"
                disabled={token.trim() === ''}
                busy={busy === 'token'}
                onClick={() =>
                  void send({ botToken: token.trim() }, 'token', t('panel.dashboard.discord.token.saved')).then(
                    (ok) => ok && setToken(''),
                  )
                }
              >
                {t('panel.dashboard.discord.token.save')}
              </Button>
              {settings.botTokenSet && (
                <Button disabled={busy !== null} onClick={() => setConfirmClear(true)}>
                  {t('panel.dashboard.discord.token.clear')}
                </Button>
              )}
            </div>
          )}
        </Field>
      </div>

      <Field label={t('panel.dashboard.discord.interactions')} hint={t('panel.dashboard.discord.interactions.hint')}>
        {(control) => (
          <div className="inline-controls">
            <Input {...control} readOnly value={settings.interactionsUrl} onFocus={(event) => event.target.select()} />
            <Button icon={copied ? 'check' : 'copy'} onClick={() => void copy()}>
              {copied ? t('panel.dashboard.discord.copied') : t('panel.dashboard.discord.copy')}
            </Button>
          </div>
        )}
      </Field>

      <div className="credential-test">
        <p>
          {settings.commandsRegisteredAt === null
            ? t('panel.dashboard.discord.commands.never')
            : withNode(
                t('panel.dashboard.discord.commands.last', { date: SLOT }),
                <DateTime value={settings.commandsRegisteredAt} display="both" />,
              )}
        </p>
        <Button
          icon="restart"
          busy={busy === 'register'}
          disabled={!ready || (busy !== null && busy !== 'register')}
          onClick={() => void register()}
        >
          {t('panel.dashboard.discord.commands.register')}
        </Button>
        {!ready && <p className="muted">{t('panel.dashboard.discord.commands.notReady')}</p>}
        {registered?.ok === true && (
          <Callout tone="success" role="status">
            {registered.names.length === 0
              ? t('panel.dashboard.discord.commands.listsNone')
              : t('panel.dashboard.discord.commands.lists', {
                  names: registered.names.map((name) => `/${name}`).join(', '),
                })}
          </Callout>
        )}
        {registered?.ok === false && (
          <Callout tone="danger" role="alert">
            {registered.message}
          </Callout>
        )}
      </div>

      <RoleResync ready={settings.botTokenSet && settings.guildId !== null} />

      {confirmClear && (
        <ConfirmDialog
          title={t('panel.dashboard.discord.token.clearTitle')}
          confirmLabel={t('panel.dashboard.secret.clear')}
          danger
          onCancel={() => setConfirmClear(false)}
          onConfirm={async () => {
            await send({ botToken: null }, 'token', t('panel.dashboard.discord.token.cleared'));
            setConfirmClear(false);
          }}
        >
          <p>{t('panel.dashboard.discord.token.clearBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** A Discord id the bot's optional features need (the staff channel, the guild); empty = not set. */
function OptionalIdField(props: {
  label: string;
  error: string | undefined;
  hint: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <Input
          {...control}
          inputMode="numeric"
          autoComplete="off"
          placeholder={props.placeholder}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * "Resync all" (role sync): every member's Discord roles told again as Outpost holds them, for
 * when roles were given or taken in Discord by hand, or the guild changed. Needs panel.roles,
 * like the role editor's Discord role.
 */
function RoleResync({ ready }: { ready: boolean }) {
  const host = useHost();
  const t = useT();
  const session = useSessionStore((s) => s.session);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!can(session, 'panel.roles')) return null;
  const resync = async () => {
    setBusy(true);
    setFailed(null);
    const result = await change(
      host,
      'POST',
      '/api/panel/discord-bot/roles/resync',
      undefined,
      discordRoleResyncSchema,
    );
    setBusy(false);
    if (!result.ok) {
      setFailed(result.message);
      return;
    }
    const done = result.data === true ? { members: 0, changes: 0 } : result.data;
    host.notify({
      level: 'success',
      message: t('panel.dashboard.discord.resync.done', { changes: done.changes, members: done.members }),
    });
  };
  return (
    <div className="credential-test">
      <p>{t('panel.dashboard.discord.resync.about')}</p>
      <Button icon="restart" busy={busy} disabled={!ready} onClick={() => void resync()}>
        {t('panel.dashboard.discord.resync')}
      </Button>
      {!ready && <p className="muted">{t('panel.dashboard.discord.resync.notReady')}</p>}
      {failed && (
        <Callout tone="danger" role="alert">
          {failed}
        </Callout>
      )}
    </div>
  );
}
