import {
  WEBHOOK_EVENT_KINDS,
  type Webhook,
  type WebhookEventKind,
  webhookCreateSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Checkbox, Field, Fieldset, FormActions, Input, Modal } from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';

const KINDS = Object.entries(WEBHOOK_EVENT_KINDS) as [WebhookEventKind, string][];

/**
 * Adding or editing a webhook. The URL is write-only: editing shows the masked one and an
 * empty box; leaving it empty keeps the stored URL.
 */
export function WebhookForm({
  webhook,
  allowAnyHttps,
  onClose,
  onSaved,
}: {
  webhook: Webhook | null;
  allowAnyHttps: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const host = useHost();
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [kinds, setKinds] = useState<Set<WebhookEventKind>>(
    () => new Set(webhook?.kinds ?? (Object.keys(WEBHOOK_EVENT_KINDS) as WebhookEventKind[])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const body = {
      name,
      ...(webhook && url.trim() === '' ? {} : { url }),
      enabled,
      kinds: KINDS.map(([kind]) => kind).filter((kind) => kinds.has(kind)),
    };
    const checked = webhook ? webhookUpdateSchema.safeParse(body) : webhookCreateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    const result = webhook
      ? await change(host, 'PATCH', `/api/panel/webhooks/${webhook.id}`, checked.data, webhookSchema)
      : await change(host, 'POST', '/api/panel/webhooks', checked.data, webhookSchema);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.code === 'INVALID_WEBHOOK_URL' ? { url: result.message } : { form: result.message });
      return;
    }
    host.notify({
      level: 'success',
      message: webhook ? `Webhook "${name.trim()}" saved` : `Webhook "${name.trim()}" added`,
    });
    onSaved();
  };

  return (
    <Modal
      title={webhook ? `Edit webhook ${webhook.name}` : 'Add a webhook'}
      onClose={onClose}
      width="min(44rem, 100%)"
    >
      <form
        className="panel-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label="Name" error={errors.name} hint="For you: which channel it posts to, e.g. #staff-log.">
          {(control) => (
            <Input {...control} maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field
          label={webhook ? 'New webhook URL' : 'Webhook URL'}
          error={errors.url}
          hint={
            <>
              {webhook ? (
                <>
                  Now <code>{webhook.maskedUrl}</code>; leave empty to keep it.{' '}
                </>
              ) : null}
              In Discord: channel settings → Integrations → Webhooks → Copy Webhook URL.
              {allowAnyHttps ? ' Any public https URL is allowed on this site.' : ''} The URL is a secret: it is never
              shown again.
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://discord.com/api/webhooks/…"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        <Checkbox
          label="Enabled (switched off, it sends nothing but test messages)"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <Fieldset legend="Events it posts">
          <div className="check-grid">
            {KINDS.map(([kind, label]) => (
              <Checkbox
                key={kind}
                label={label}
                checked={kinds.has(kind)}
                onChange={(event) => {
                  const next = new Set(kinds);
                  if (event.target.checked) next.add(kind);
                  else next.delete(kind);
                  setKinds(next);
                }}
              />
            ))}
          </div>
        </Fieldset>
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <FormActions submitLabel={webhook ? 'Save webhook' : 'Add webhook'} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
