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
import { sendJson, useHost, useLoad } from '@outpost/host';
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
    if (!target.trim()) found.target = 'Enter the player’s Steam id or pick a recent player';
    if (!reason) found.reason = 'Pick a reason';
    links.forEach((link, index) => {
      if (!isEvidenceUrl(link)) found[`evidence-${index}`] = 'Must be an http(s) link, e.g. https://…';
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
      found[issue?.path[0] === 'target' ? 'target' : 'form'] = issue?.message ?? 'Check the form';
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
    <form className="form card report-form" onSubmit={submit} noValidate aria-label="Report a player">
      <Fieldset legend="Who" className="report-target">
        <SteamIdInput label="Player’s Steam id" value={target} onChange={(text) => setTarget(text)} required />
        {errors.target && (
          <p className="field-error" role="alert">
            {errors.target}
          </p>
        )}
        <Field
          label="Or pick a recent player of a server"
          hint="Players seen on the server in the last 3 hours, those online first."
        >
          {(control) => (
            <Select {...control} value={serverId} onChange={(e) => setServerId(e.target.value)}>
              <option value="">No server</option>
              {servers.map((server) => (
                <option key={server.id} value={server.id}>
                  {server.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {serverId && recent.state.status === 'ready' && (
          <ul className="recent-players" aria-label="Recent players">
            {recent.state.data.players.length === 0 && <li className="muted">Nobody was seen there lately.</li>}
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
                <span className="muted">{player.online ? 'online now' : <RelativeTime value={player.lastSeen} />}</span>
              </li>
            ))}
          </ul>
        )}
        {serverId && recent.state.status === 'failed' && (
          <p className="error-text">Could not load the server’s players: {recent.state.failure.message}</p>
        )}
      </Fieldset>

      <Field label="Reason" error={errors.reason}>
        {(control) => (
          <Select {...control} value={reason} onChange={(e) => setReason(e.target.value)} required>
            <option value="">Choose a reason…</option>
            {form.reasons.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        label="What happened"
        hint={`When, where and what you saw (${details.length}/${form.maxDetails} characters).`}
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
        legend="Evidence links (optional)"
        className="report-evidence"
        hint={<>A demo, a video or a screenshot: http(s) links only, up to {form.maxEvidenceLinks}.</>}
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
                  aria-label={`Remove link ${index + 1}`}
                  onClick={() => setEvidence((links) => links.filter((_, i) => i !== index))}
                />
              )
            }
          >
            <Field label={`Link ${index + 1}`} error={errors[`evidence-${index}`]}>
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
            <Icon name="plus" /> Add a link
          </LinkButton>
        )}
      </Fieldset>

      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <p className="muted field-hint">
        Staff review every report; you will be told when yours was reviewed. At most {form.reportsPerWindow} reports in{' '}
        {form.windowMinutes} minutes.
      </p>
      <FormActions submitLabel="Send report" busy={busy} />
    </form>
  );
}
