import {
  type FederationCategory,
  type FederationPublishing,
  type FederationPublishingView,
  federationPublishingViewSchema,
} from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Field,
  FieldRow,
  Fieldset,
  Input,
  LoadState,
  Select,
  TextArea,
} from '@outpost/ui';
import { useState } from 'react';
import { change } from '../dashboard/panel-api';
import { CATEGORIES, CATEGORY_KEYS } from './categories';

const KINDS = [
  ['ban', 'panel.federation.kind.ban'],
  ['mute', 'panel.federation.kind.mute'],
  ['gag', 'panel.federation.kind.gag'],
  ['silence', 'panel.federation.kind.silence'],
] as const;

/**
 * What this site publishes to other Outpost sites (issue 29): on or off, which kinds, and the
 * rules mapping its ban reasons onto categories; the key's fingerprint to read to other owners.
 */
export function PublishingCard() {
  const t = useT();
  const { state, reload } = useLoad('/api/panel/federation/publishing', federationPublishingViewSchema);
  return (
    <Card title={t('panel.federation.publishing.title')} description={t('panel.federation.publishing.description')}>
      <LoadState state={state} what={t('panel.federation.publishing.what')} onRetry={reload}>
        {(view) => <PublishingForm view={view} onSaved={reload} />}
      </LoadState>
    </Card>
  );
}

function PublishingForm({ view, onSaved }: { view: FederationPublishingView; onSaved(): void }) {
  const t = useT();
  const host = useHost();
  const [draft, setDraft] = useState<FederationPublishing>({
    enabled: view.enabled,
    kinds: view.kinds,
    rules: view.rules,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotating, setRotating] = useState(false);
  const setRule = (index: number, rule: Partial<FederationPublishing['rules'][number]>) =>
    setDraft({ ...draft, rules: draft.rules.map((old, at) => (at === index ? { ...old, ...rule } : old)) });

  const save = async () => {
    setBusy(true);
    const result = await change(host, 'PUT', '/api/panel/federation/publishing', draft, federationPublishingViewSchema);
    setBusy(false);
    setError(result.ok ? null : result.message);
    if (result.ok) {
      host.notify({ level: 'success', message: t('panel.federation.publishing.saved') });
      onSaved();
    }
  };
  const rotate = async () => {
    const result = await change(host, 'POST', '/api/panel/federation/key', undefined, federationPublishingViewSchema);
    setRotating(false);
    if (!result.ok)
      host.notify({ level: 'error', title: t('panel.federation.publishing.keyNotReplaced'), message: result.message });
    else host.notify({ level: 'success', message: t('panel.federation.publishing.keyReplaced') });
    onSaved();
  };

  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.fingerprint);
      setCopied(true);
    } catch {
      host.notify({ level: 'error', message: t('panel.federation.publishing.copyRefused') });
    }
  };

  return (
    <div className="federation-form">
      <Field
        label={t('panel.federation.publishing.fingerprint')}
        hint={t('panel.federation.publishing.fingerprintHint')}
      >
        {(control) => (
          // A box as tall as its text (panel.css), not a one-line input: on a phone the whole fingerprint wraps into view.
          <div className="federation-fingerprint-field">
            <TextArea
              {...control}
              readOnly
              rows={2}
              value={view.fingerprint}
              className="federation-fingerprint"
              onFocus={(event) => event.target.select()}
            />
            <Button icon={copied ? 'check' : 'copy'} onClick={() => void copy()}>
              {copied ? t('panel.federation.publishing.copied') : t('panel.federation.publishing.copy')}
            </Button>
          </div>
        )}
      </Field>
      <p className="muted">{t('panel.federation.publishing.published', { count: view.published })}</p>
      <Checkbox
        label={t('panel.federation.publishing.enabled')}
        checked={draft.enabled}
        onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
      />
      <Fieldset legend={t('panel.federation.publishing.kinds')} className="federation-kinds">
        {KINDS.map(([kind, label]) => (
          <Checkbox
            key={kind}
            label={t(label)}
            checked={draft.kinds.includes(kind)}
            onChange={(event) =>
              setDraft({
                ...draft,
                kinds: event.target.checked ? [...draft.kinds, kind] : draft.kinds.filter((known) => known !== kind),
              })
            }
          />
        ))}
      </Fieldset>
      <Fieldset
        legend={t('panel.federation.publishing.rules')}
        hint={t('panel.federation.publishing.rulesHint')}
        className="federation-rules"
      >
        {draft.rules.map((rule, index) => (
          <FieldRow
            className="federation-rule"
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; the index is their place
            key={index}
            actions={
              <Button
                variant="invisible"
                icon="delete"
                aria-label={t('panel.federation.publishing.removePattern', { number: index + 1 })}
                onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, at) => at !== index) })}
              />
            }
          >
            <Field label={t('panel.federation.publishing.pattern', { number: index + 1 })}>
              {(control) => (
                <Input
                  {...control}
                  value={rule.pattern}
                  placeholder="*aimbot*"
                  onChange={(event) => setRule(index, { pattern: event.target.value })}
                />
              )}
            </Field>
            <Field label={t('panel.federation.publishing.category', { number: index + 1 })}>
              {(control) => (
                <Select
                  {...control}
                  value={rule.category}
                  onChange={(event) => setRule(index, { category: event.target.value as FederationCategory })}
                >
                  {CATEGORIES.map((value) => (
                    <option key={value} value={value}>
                      {t(CATEGORY_KEYS[value])}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </FieldRow>
        ))}
        <Button onClick={() => setDraft({ ...draft, rules: [...draft.rules, { pattern: '', category: 'cheating' }] })}>
          {t('panel.federation.publishing.addPattern')}
        </Button>
      </Fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="federation-actions">
        <Button variant="primary" busy={busy} onClick={save}>
          {t('panel.federation.publishing.save')}
        </Button>
        <Button variant="danger" onClick={() => setRotating(true)}>
          {t('panel.federation.publishing.replaceKey')}
        </Button>
      </div>
      {rotating && (
        <ConfirmDialog
          title={t('panel.federation.publishing.replace.title')}
          confirmLabel={t('panel.federation.publishing.replace.confirm')}
          danger
          onConfirm={rotate}
          onCancel={() => setRotating(false)}
        >
          {t('panel.federation.publishing.replace.body')}
        </ConfirmDialog>
      )}
    </div>
  );
}
