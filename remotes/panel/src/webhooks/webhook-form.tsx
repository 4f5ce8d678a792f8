import {
  WEBHOOK_EVENT_KINDS,
  type Webhook,
  type WebhookEventKind,
  webhookCreateSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@outpost/contracts';
import { SLOT, useHost, useT, withNode } from '@outpost/host';
import { Checkbox, Field, Fieldset, FormActions, Input, Modal } from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';
import { KIND_KEYS } from './webhook-kinds';

const KINDS = Object.keys(WEBHOOK_EVENT_KINDS) as WebhookEventKind[];

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
  const t = useT();
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
      kinds: KINDS.filter((kind) => kinds.has(kind)),
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
      message: webhook
        ? t('panel.webhooks.notify.saved', { name: name.trim() })
        : t('panel.webhooks.notify.added', { name: name.trim() }),
    });
    onSaved();
  };

  return (
    <Modal
      title={webhook ? t('panel.webhooks.form.title.edit', { name: webhook.name }) : t('panel.webhooks.form.title.add')}
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
        <Field label={t('panel.webhooks.form.name')} error={errors.name} hint={t('panel.webhooks.form.nameHint')}>
          {(control) => (
            <Input {...control} maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field
          label={webhook ? t('panel.webhooks.form.newUrl') : t('panel.webhooks.form.url')}
          error={errors.url}
          hint={
            <>
              {webhook ? (
                <>{withNode(t('panel.webhooks.form.hint.now', { url: SLOT }), <code>{webhook.maskedUrl}</code>)} </>
              ) : null}
              {t('panel.webhooks.form.hint.discord')}
              {allowAnyHttps ? ` ${t('panel.webhooks.form.hint.any')}` : ''} {t('panel.webhooks.form.hint.secret')}
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
          label={t('panel.webhooks.form.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        <Fieldset legend={t('panel.webhooks.events')}>
          <div className="check-grid">
            {KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={t(KIND_KEYS[kind])}
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
        <FormActions
          submitLabel={webhook ? t('panel.webhooks.form.save') : t('panel.webhooks.add')}
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
