import {
  type Announcement,
  announcementAudiencesSchema,
  announcementResultSchema,
  announcementSchema,
  NOTIFICATION_LEVELS,
} from '@outpost/contracts';
import { useHost, useLoad } from '@outpost/host';
import { Field, FormActions, Input, LoadState, RadioGroup, Select, TextArea } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

type AudienceKind = Announcement['audience']['kind'];

/** The Announcements tab: one notification to everyone, a role or one user, live in their bell. */
export function AnnouncementsTab() {
  const { state, reload } = useLoad('/api/panel/announcements/audiences', announcementAudiencesSchema);
  const host = useHost();
  const [kind, setKind] = useState<AudienceKind>('everyone');
  const [roleId, setRoleId] = useState('');
  const [userId, setUserId] = useState('');
  const [level, setLevel] = useState<number>(NOTIFICATION_LEVELS.Info);
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const audience =
      kind === 'everyone' ? { kind } : kind === 'role' ? { kind, roleId } : { kind, userId: userId.trim() };
    const checked = announcementSchema.safeParse({ audience, level, message, link: link.trim() || undefined });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === 'audience' ? 'audience' : String(issue.path[0] ?? 'form');
        found[key] ??=
          key === 'audience' ? (kind === 'role' ? 'Pick a role' : 'Enter a user id or SteamID64') : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await change(host, 'POST', '/api/panel/announcements', checked.data, announcementResultSchema);
    setBusy(false);
    if (!result.ok) {
      setErrors({ form: result.message });
      return;
    }
    const recipients = result.data === true ? 0 : result.data.recipients;
    host.notify({
      level: 'success',
      message: `Announcement sent to ${recipients} ${recipients === 1 ? 'user' : 'users'}`,
    });
    setMessage('');
    setLink('');
  };

  return (
    <section className="panel-section" aria-labelledby="announce-title">
      <h2 id="announce-title">Send an announcement</h2>
      <p className="muted">
        It appears at once in the bell of everyone it is for who is signed in, and stays in their list.
      </p>
      <LoadState state={state} what="the audiences" onRetry={reload}>
        {(audiences) => (
          <form
            className="panel-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <RadioGroup
              legend="To"
              value={kind}
              onChange={setKind}
              options={[
                { value: 'everyone', label: `Everyone (${audiences.users} users)` },
                { value: 'role', label: 'A role' },
                { value: 'user', label: 'One user' },
              ]}
            >
              {kind === 'role' && (
                <Field label="Role" error={errors.audience}>
                  {(control) => (
                    <Select {...control} value={roleId} onChange={(event) => setRoleId(event.target.value)}>
                      <option value="">Choose a role…</option>
                      {audiences.roles.map((role) => (
                        <option key={role.id} value={role.id}>
                          {role.name} ({role.holders})
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              )}
              {kind === 'user' && (
                <Field label="User id or SteamID64" error={errors.audience}>
                  {(control) => (
                    <Input {...control} value={userId} onChange={(event) => setUserId(event.target.value)} />
                  )}
                </Field>
              )}
            </RadioGroup>
            <Field label="Level" error={errors.level}>
              {(control) => (
                <Select {...control} value={level} onChange={(event) => setLevel(Number(event.target.value))}>
                  {Object.entries(NOTIFICATION_LEVELS).map(([name, value]) => (
                    <option key={name} value={value}>
                      {name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Message" error={errors.message}>
              {(control) => (
                <TextArea
                  {...control}
                  rows={3}
                  maxLength={1000}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                />
              )}
            </Field>
            <Field
              label="Link (optional)"
              error={errors.link}
              hint="A path on this site such as /events, or an http(s) URL."
            >
              {(control) => <Input {...control} value={link} onChange={(event) => setLink(event.target.value)} />}
            </Field>
            {errors.form && (
              <p className="field-error" role="alert">
                {errors.form}
              </p>
            )}
            <FormActions submitLabel="Send announcement" busy={busy} />
          </form>
        )}
      </LoadState>
    </section>
  );
}
