import {
  isEvidenceUrl,
  MAX_REPORT_EVIDENCE_URL,
  type MyReport,
  myReportSchema,
  type ReportFormResponse,
  recentPlayersResponseSchema,
  reportCreateSchema,
  serverGroupsResponseSchema,
} from '@outpost/contracts';
import { sendJson, useHost, useLoad, useT } from '@outpost/host';
import {
  Button,
  Field,
  FieldRow,
  Fieldset,
  FormActions,
  Icon,
  Input,
  LinkButton,
  RelativeTime,
  Select,
  TextArea,
} from '@outpost/ui';
import { type FormEvent, useState } from 'react';
import { SteamIdInput } from '../common/steam-id-input';
import { reasonLabel } from './report-reasons';

interface Props {
  form: ReportFormResponse;
  /** Prefilled target (from a player's row: /reports/new?steamid=…). */
  initialTarget?: string;
  onFiled(report: MyReport): void;
}

/**
 * Report a player: the target by any Steam id form or picked from a server's recent players,
 * a reason from the site's list, what happened, and evidence links. Checked with the API's own
 * schema before it is sent; the API checks it again (reason list, self, rate limit).
 */
export function ReportForm({ form, initialTarget, onFiled }: Props) {
  const t = useT();
  const host = useHost();
  const [target, setTarget] = useState(initialTarget ?? '');
  const [serverId, setServerId] = useState('');
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [evidence, setEvidence] = useState<string[]>(['']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const groups = useLoad('/api/servers', serverGroupsResponseSchema);
  const servers = groups.state.status === 'ready' ? groups.state.data.flatMap((group) => group.servers) : [];
  const recent = useLoad(
    serverId ? `/api/reports/recent-players?serverId=${encodeURIComponent(serverId)}` : null,
    recentPlayersResponseSchema,
  );

  const setLink = (index: number, value: string) =>
    setEvidence((links) => links.map((link, i) => (i === index ? value : link)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const links = evidence.map((link) => link.trim()).filter(Boolean);
    const found: Record<string, string> = {};
    if (!target.trim()) found.target = t('players-bans-notes.reports.error.target');
    if (!reason) found.reason = t('players-bans-notes.reports.error.reason');
    links.forEach((link, index) => {
      if (!isEvidenceUrl(link)) found[`evidence-${index}`] = t('players-bans-notes.reports.error.evidence');
    });
    const parsed = reportCreateSchema.safeParse({
      target: target.trim(),
      reason,
      details,
      evidence: links,
      serverId: serverId || undefined,
    });
    if (!parsed.success && Object.keys(found).length === 0) {
      const issue = parsed.error.issues[0];
      found[issue?.path[0] === 'target' ? 'target' : 'form'] =
        issue?.message ?? t('players-bans-notes.reports.error.form');
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setBusy(true);
    const filed = await sendJson(host, 'POST', '/api/reports', parsed.data, myReportSchema, { quiet: true });
    setBusy(false);
    if (!filed.ok) {
      setErrors({ form: filed.failure.message });
      return;
    }
    if (filed.data === true) return;
    setTarget('');
    setReason('');
    setDetails('');
    setEvidence(['']);
    onFiled(filed.data);
  };

  return (
    <form
      className="form card report-form"
      onSubmit={submit}
      noValidate
      aria-label={t('players-bans-notes.reports.aria')}
    >
      <Fieldset legend={t('players-bans-notes.reports.who')} className="report-target">
        <SteamIdInput
          label={t('players-bans-notes.reports.target')}
          value={target}
          onChange={(text) => setTarget(text)}
          required
        />
        {errors.target && (
          <p className="field-error" role="alert">
            {errors.target}
          </p>
        )}
        <Field label={t('players-bans-notes.reports.recent.label')} hint={t('players-bans-notes.reports.recent.hint')}>
          {(control) => (
            <Select {...control} value={serverId} onChange={(e) => setServerId(e.target.value)}>
              <option value="">{t('players-bans-notes.reports.recent.none')}</option>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {serverId && recent.state.status === 'ready' && (
          <ul className="recent-players" aria-label={t('players-bans-notes.reports.recent.aria')}>
            {recent.state.data.players.length === 0 && (
              <li className="muted">{t('players-bans-notes.reports.recent.empty')}</li>
            )}
            {recent.state.data.players.map((player) => (
              <li key={player.steamid}>
                <Button
                  size="small"
                  variant={target === player.steamid ? 'primary' : 'secondary'}
                  aria-pressed={target === player.steamid}
                  onClick={() => setTarget(player.steamid)}
                >
                  {player.name}
                </Button>{' '}
                <span className="muted">
                  {player.online ? (
                    t('players-bans-notes.reports.recent.online')
                  ) : (
                    <RelativeTime value={player.lastSeen} />
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {serverId && recent.state.status === 'failed' && (
          <p className="error-text">
            {t('players-bans-notes.reports.recent.failed', { message: recent.state.failure.message })}
          </p>
        )}
      </Fieldset>

      <Field label={t('players-bans-notes.reports.reason')} error={errors.reason}>
        {(control) => (
          <Select {...control} value={reason} onChange={(e) => setReason(e.target.value)} required>
            <option value="">{t('players-bans-notes.reports.reason.choose')}</option>
            {form.reasons.map((choice) => (
              <option key={choice} value={choice}>
                {reasonLabel(t, choice)}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        label={t('players-bans-notes.reports.details')}
        hint={t('players-bans-notes.reports.details.hint', { count: details.length, max: form.maxDetails })}
      >
        {(control) => (
          <TextArea
            {...control}
            rows={5}
            maxLength={form.maxDetails}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        )}
      </Field>

      <Fieldset
        legend={t('players-bans-notes.reports.evidence.legend')}
        className="report-evidence"
        hint={t('players-bans-notes.reports.evidence.hint', { max: form.maxEvidenceLinks })}
      >
        {evidence.map((link, index) => (
          <FieldRow
            className="evidence-row"
            key={`evidence-${index.toString()}`}
            actions={
              evidence.length > 1 && (
                <Button
                  size="small"
                  icon="delete"
                  aria-label={t('players-bans-notes.reports.evidence.remove', { n: index + 1 })}
                  onClick={() => setEvidence((links) => links.filter((_, i) => i !== index))}
                />
              )
            }
          >
            <Field
              label={t('players-bans-notes.reports.evidence.link', { n: index + 1 })}
              error={errors[`evidence-${index}`]}
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={MAX_REPORT_EVIDENCE_URL}
                  value={link}
                  onChange={(e) => setLink(index, e.target.value)}
                />
              )}
            </Field>
          </FieldRow>
        ))}
        {evidence.length < form.maxEvidenceLinks && (
          <LinkButton onClick={() => setEvidence((links) => [...links, ''])}>
            <Icon name="plus" /> {t('players-bans-notes.reports.evidence.add')}
          </LinkButton>
        )}
      </Fieldset>

      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <p className="muted field-hint">
        {t('players-bans-notes.reports.limit', { count: form.reportsPerWindow, minutes: form.windowMinutes })}
      </p>
      <FormActions submitLabel={t('players-bans-notes.reports.submit')} busy={busy} />
    </form>
  );
}
