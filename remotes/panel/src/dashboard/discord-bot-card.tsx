import {
  type DiscordBotSettings,
  discordBotSettingsChangeSchema,
  discordBotSettingsSchema,
  discordCommandsRegisteredSchema,
  discordRoleResyncSchema,
} from '@outpost/contracts';
import { can, useHost, useLoad, useSessionStore } from '@outpost/host';
import { Button, Callout, Card, ConfirmDialog, DateTime, Field, FormActions, Input, LoadState, Tag } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';
import { fieldErrors } from './settings-draft';

/**
 * The Discord bot (issue 26): the application id and public key, the bot token (write-only: set
 * or not set), the interactions URL to paste into Discord, and "Register the commands".
 */
export function DiscordBotCard() {
  const { state, reload } = useLoad('/api/panel/discord-bot', discordBotSettingsSchema);
  // Kept here: the form is drawn anew after every reload, the verdict stays.
  const [registered, setRegistered] = useState<Registered>(null);
  return (
    <Card
      title="Discord bot"
      description="Slash commands (/lookup, /servers…) answered from your community's Discord server. Make an application with a bot in the Discord developer portal, then fill in its details here."
    >
      <LoadState state={state} what="the Discord bot settings" onRetry={reload}>
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
      setErrors(fieldErrors(checked.error.issues));
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
      host.notify({ level: 'error', message: 'The browser did not allow copying: select the address and copy it' });
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
            'Discord bot settings saved',
          );
        }}
      >
        <div className="panel-grid">
          <Field label="Application id" error={errors.applicationId} hint="General Information → Application ID.">
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
            label="Public key"
            error={errors.publicKey}
            hint="General Information → Public Key (64 hex digits): Outpost checks every interaction with it."
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
            label="Staff channel id"
            error={errors.staffChannelId}
            hint="Optional. The bot posts new reports and appeals there with Claim, Ban, Note and Dismiss buttons (right-click the channel → Copy Channel ID)."
            placeholder="Not set: nothing is posted"
            value={staffChannelId}
            onChange={setStaffChannelId}
          />
          <OptionalIdField
            label="Server (guild) id"
            error={errors.guildId}
            hint="Optional. Role sync gives its members the Discord roles named by their Outpost roles (right-click the server → Copy Server ID)."
            placeholder="Not set: no roles are synced"
            value={guildId}
            onChange={setGuildId}
          />
        </div>
        {errors.form && (
          <Callout tone="danger" role="alert">
            {errors.form}
          </Callout>
        )}
        <FormActions submitLabel="Save application" busy={busy === 'ids'} />
      </form>

      <div className="secret-field">
        <Field
          label={
            <>Bot token {settings.botTokenSet ? <Tag tone="success">set</Tag> : <Tag tone="neutral">not set</Tag>}</>
          }
          error={errors.botToken}
          hint="Bot → Reset Token. Never shown again once saved: you can only replace or clear it."
        >
          {(control) => (
            <div className="inline-controls">
              <Input
                {...control}
                type="password"
                autoComplete="off"
                placeholder={settings.botTokenSet ? 'Enter a new token to replace it' : 'The bot token'}
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
              <Button
                variant="primary"
                disabled={token.trim() === ''}
                busy={busy === 'token'}
                onClick={() =>
                  void send({ botToken: token.trim() }, 'token', 'Bot token saved').then((ok) => ok && setToken(''))
                }
              >
                Save token
              </Button>
              {settings.botTokenSet && (
                <Button disabled={busy !== null} onClick={() => setConfirmClear(true)}>
                  Clear token
                </Button>
              )}
            </div>
          )}
        </Field>
      </div>

      <Field
        label="Interactions endpoint URL"
        hint="Paste it into the application's General Information → Interactions Endpoint URL; Discord checks it at once."
      >
        {(control) => (
          <div className="inline-controls">
            <Input {...control} readOnly value={settings.interactionsUrl} onFocus={(event) => event.target.select()} />
            <Button icon={copied ? 'check' : 'copy'} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        )}
      </Field>

      <div className="credential-test">
        <p>
          Commands last registered:{' '}
          {settings.commandsRegisteredAt === null ? (
            'never'
          ) : (
            <DateTime value={settings.commandsRegisteredAt} display="both" />
          )}
        </p>
        <Button
          icon="restart"
          busy={busy === 'register'}
          disabled={!ready || (busy !== null && busy !== 'register')}
          onClick={() => void register()}
        >
          Register the commands
        </Button>
        {!ready && <p className="muted">Save the application id and the bot token first.</p>}
        {registered?.ok === true && (
          <Callout tone="success" role="status">
            Discord now lists{' '}
            {registered.names.length === 0 ? 'no commands' : registered.names.map((name) => `/${name}`).join(', ')}.
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
          title="Clear the bot token?"
          confirmLabel="Clear"
          danger
          onCancel={() => setConfirmClear(false)}
          onConfirm={async () => {
            await send({ botToken: null }, 'token', 'Bot token cleared');
            setConfirmClear(false);
          }}
        >
          <p>
            Outpost can no longer register the commands until a new token is saved. Commands already registered keep
            working.
          </p>
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
      message: `Discord roles resynced: ${done.changes} ${done.changes === 1 ? 'change' : 'changes'} queued for ${done.members} ${done.members === 1 ? 'account' : 'accounts'}`,
    });
  };
  return (
    <div className="credential-test">
      <p>
        Role sync: members hold the Discord roles their Outpost roles name (set in each role). Resync all if roles were
        given or taken in Discord by hand, or after changing the server: Outpost's roles win.
      </p>
      <Button icon="restart" busy={busy} disabled={!ready} onClick={() => void resync()}>
        Resync all roles
      </Button>
      {!ready && <p className="muted">Save the bot token and the server (guild) id first.</p>}
      {failed && (
        <Callout tone="danger" role="alert">
          {failed}
        </Callout>
      )}
    </div>
  );
}
