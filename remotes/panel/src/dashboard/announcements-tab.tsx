import {
  type Announcement,
  announcementAudiencesSchema,
  announcementResultSchema,
  announcementSchema,
  NOTIFICATION_LEVELS,
} from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Field, FormActions, Input, LoadState, RadioGroup, Select, TextArea } from '@outpost/ui';
import { useState } from 'react';
import { change } from './panel-api';

type AudienceKind = Announcement['audience']['kind'];

/** Each notification level's name as a message key. */
const LEVEL_NAMES: Record<keyof typeof NOTIFICATION_LEVELS, string> = {
  Default: 'panel.dashboard.announce.level.default',
  Info: 'panel.dashboard.announce.level.info',
  Success: 'panel.dashboard.announce.level.success',
  Warning: 'panel.dashboard.announce.level.warning',
  Error: 'panel.dashboard.announce.level.error',
};

/** The Announcements tab: one notification to everyone, a role or one user, live in their bell. */
export function AnnouncementsTab() {
  const { state, reload } = useLoad('/api/panel/announcements/audiences', announcementAudiencesSchema);
  const host = useHost();
  const t = useT();
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
          key === 'audience'
            ? t(kind === 'role' ? 'panel.dashboard.announce.pickRole' : 'panel.dashboard.announce.enterUser')
            : issue.message;
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
      message: t('panel.dashboard.announce.sent', { count: recipients }),
    });
    setMessage('');
    setLink('');
  };

  return (
    <section className="panel-section" aria-labelledby="announce-title">
      <h2 id="announce-title">{t('panel.dashboard.announce.title')}</h2>
      <p className="muted">{t('panel.dashboard.announce.description')}</p>
      <LoadState state={state} what={t('panel.dashboard.announce.what')} onRetry={reload}>
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
              legend={t('panel.dashboard.announce.to')}
              value={kind}
              onChange={setKind}
              options={[
                { value: 'everyone', label: t('panel.dashboard.announce.everyone', { count: audiences.users }) },
                { value: 'role', label: t('panel.dashboard.announce.role') },
                { value: 'user', label: t('panel.dashboard.announce.user') },
              ]}
            >
              {kind === 'role' && (
                <Field label={t('panel.dashboard.announce.roleField')} error={errors.audience}>
                  {(control) => (
                    <Select {...control} value={roleId} onChange={(event) => setRoleId(event.target.value)}>
                      <option value="">{t('panel.dashboard.roles.choose')}</option>
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
                <Field label={t('panel.dashboard.announce.userField')} error={errors.audience}>
                  {(control) => (
                    <Input {...control} value={userId} onChange={(event) => setUserId(event.target.value)} />
                  )}
                </Field>
              )}
            </RadioGroup>
            <Field label={t('panel.dashboard.announce.level')} error={errors.level}>
              {(control) => (
                <Select {...control} value={level} onChange={(event) => setLevel(Number(event.target.value))}>
                  {(Object.keys(NOTIFICATION_LEVELS) as (keyof typeof NOTIFICATION_LEVELS)[]).map((name) => (
                    <option key={name} value={NOTIFICATION_LEVELS[name]}>
                      {t(LEVEL_NAMES[name])}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('panel.dashboard.announce.message')} error={errors.message}>
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
              label={t('panel.dashboard.announce.link')}
              error={errors.link}
              hint={t('panel.dashboard.announce.link.hint')}
            >
              {(control) => <Input {...control} value={link} onChange={(event) => setLink(event.target.value)} />}
            </Field>
            {errors.form && (
              <p className="field-error" role="alert">
                {errors.form}
              </p>
            )}
            <FormActions submitLabel={t('panel.dashboard.announce.send')} busy={busy} />
          </form>
        )}
      </LoadState>
    </section>
  );
}
