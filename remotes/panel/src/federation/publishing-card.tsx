import {
  FEDERATION_CATEGORIES,
  type FederationCategory,
  type FederationPublishing,
  type FederationPublishingView,
  federationPublishingViewSchema,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
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

const KINDS = [
  ['ban', 'Bans'],
  ['mute', 'Mutes'],
  ['gag', 'Gags'],
  ['silence', 'Silences'],
] as const;

/**
 * What this site publishes to other Outpost sites (issue 29): on or off, which kinds, and the
 * rules mapping its ban reasons onto categories; the key's fingerprint to read to other owners.
 */
export function PublishingCard() {
  const { state, reload } = useLoad('/api/panel/federation/publishing', federationPublishingViewSchema);
  return (
    <Card
      title="Publishing"
      description="Share your community-wide bans with other Outpost sites. Only the Steam id, the kind, a category, the length and the times leave this site: never an IP address, a note, the reason's words or who acted."
    >
      <LoadState state={state} what="the publishing settings" onRetry={reload}>
        {(view) => <PublishingForm view={view} onSaved={reload} />}
      </LoadState>
    </Card>
  );
}

function PublishingForm({ view, onSaved }: { view: FederationPublishingView; onSaved(): void }) {
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
      host.notify({ level: 'success', message: 'Publishing saved' });
      onSaved();
    }
  };
  const rotate = async () => {
    const result = await change(host, 'POST', '/api/panel/federation/key', undefined, federationPublishingViewSchema);
    setRotating(false);
    if (!result.ok) host.notify({ level: 'error', title: 'Key not replaced', message: result.message });
    else host.notify({ level: 'success', message: 'New key made; tell your subscribers its fingerprint' });
    onSaved();
  };

  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.fingerprint);
      setCopied(true);
    } catch {
      host.notify({ level: 'error', message: 'The browser did not allow copying: select the fingerprint and copy it' });
    }
  };

  return (
    <div className="federation-form">
      <Field label="This site's key fingerprint" hint="Read it to the owners who subscribe, out of band (voice, a DM).">
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
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        )}
      </Field>
      <p className="muted">{view.published} entries published so far.</p>
      <Checkbox
        label="Publish a feed of this site's bans"
        checked={draft.enabled}
        onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
      />
      <Fieldset legend="Kinds published" className="federation-kinds">
        {KINDS.map(([kind, label]) => (
          <Checkbox
            key={kind}
            label={label}
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
        legend="Reasons published, and their category"
        hint="A reason is published under the category of the first pattern it matches (* any text, ? one character, any case); a reason no pattern matches is not published."
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
                aria-label={`Remove pattern ${index + 1}`}
                onClick={() => setDraft({ ...draft, rules: draft.rules.filter((_, at) => at !== index) })}
              />
            }
          >
            <Field label={`Pattern ${index + 1}`}>
              {(control) => (
                <Input
                  {...control}
                  value={rule.pattern}
                  placeholder="*aimbot*"
                  onChange={(event) => setRule(index, { pattern: event.target.value })}
                />
              )}
            </Field>
            <Field label={`Category ${index + 1}`}>
              {(control) => (
                <Select
                  {...control}
                  value={rule.category}
                  onChange={(event) => setRule(index, { category: event.target.value as FederationCategory })}
                >
                  {Object.entries(FEDERATION_CATEGORIES).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </FieldRow>
        ))}
        <Button onClick={() => setDraft({ ...draft, rules: [...draft.rules, { pattern: '', category: 'cheating' }] })}>
          Add a pattern
        </Button>
      </Fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="federation-actions">
        <Button variant="primary" busy={busy} onClick={save}>
          Save publishing
        </Button>
        <Button variant="danger" onClick={() => setRotating(true)}>
          Replace the key…
        </Button>
      </div>
      {rotating && (
        <ConfirmDialog
          title="Replace this site's key?"
          confirmLabel="Replace the key"
          danger
          onConfirm={rotate}
          onCancel={() => setRotating(false)}
        >
          Every subscriber stops taking your feed until its owner pins the new fingerprint. Do this only when the key
          may have leaked.
        </ConfirmDialog>
      )}
    </div>
  );
}
