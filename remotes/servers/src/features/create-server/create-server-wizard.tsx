import { type ServerLiveCheckResponse, serverGroupsResponseSchema } from '@outpost/contracts';
import { useHost, useLoad, useT } from '@outpost/host';
import { Button, Card, EmptyState, LoadingState, Tag } from '@outpost/ui/core';
import { useState } from 'react';
import type { FieldErrors } from '../manage/form-values';
import { managementApi } from '../manage/management-api';
import { LiveCheckStep } from './live-check-step';
import { WizardFields } from './wizard-fields';
import { canSave, stepErrors, validServerInput, WIZARD_STEPS, type WizardValues } from './wizard-state';

const EMPTY: WizardValues = {
  groupId: '',
  name: '',
  host: '',
  ip: '',
  port: '',
  queryPort: '',
  rconPort: '',
  rconPassword: '',
  tags: [],
  features: [],
};

/** `/admin/create-server`: add a custom server, saved only once it answers a live query. */
export function CreateServerWizard() {
  const t = useT();
  const host = useHost();
  const groupsLoad = useLoad('/api/servers', serverGroupsResponseSchema);
  const groups = { data: groupsLoad.state.status === 'ready' ? groupsLoad.state.data : null, ...groupsLoad };
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [check, setCheck] = useState<ServerLiveCheckResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const groupId = values.groupId || groups.data?.[0]?.id || '';
  const current = { ...values, groupId };
  const group = groups.data?.find((candidate) => candidate.id === groupId);

  const change = (patch: Partial<WizardValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    setCheck(null); // a changed address must be checked again
  };
  const next = () => {
    const found = stepErrors(current, step);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(step + 1);
  };
  const runCheck = async () => {
    if (!group) return;
    setBusy(true);
    const input = validServerInput(current);
    const answer = await managementApi.liveCheck(host, {
      game: group.game,
      ip: input.ip,
      port: input.port,
      queryPort: input.queryPort ?? null,
    });
    setCheck(answer);
    setCheckFailed(answer === null);
    setBusy(false);
  };
  const save = async () => {
    setBusy(true);
    const saved = await managementApi.createServer(host, validServerInput(current));
    setBusy(false);
    if (saved) {
      host.notify({ level: 'success', message: t('servers.create.added', { name: saved.name }) });
      host.navigate(`/admin/servers/${encodeURIComponent(saved.groupId)}/${encodeURIComponent(saved.id)}`);
    }
  };

  if (groups.state.status === 'loading') return <LoadingState what={t('servers.create.what')} />;
  if (groups.data?.length === 0) return <EmptyState>{t('servers.create.needGroup')}</EmptyState>;
  return (
    <Card>
      <div className="create-server-wizard">
        <ol className="wizard-steps">
          {WIZARD_STEPS.map((name, index) => (
            <li key={name} aria-current={index === step ? 'step' : undefined}>
              <Tag tone={index === step ? 'accent' : 'neutral'}>
                {index + 1}. {t(name)}
              </Tag>
            </li>
          ))}
        </ol>
        {step < 2 ? (
          <WizardFields step={step} values={current} groups={groups.data ?? []} errors={errors} onChange={change} />
        ) : (
          <LiveCheckStep
            failed={checkFailed}
            check={check}
            busy={busy}
            onCheck={() => void runCheck()}
            address={`${current.ip}:${current.queryPort || current.port}`}
          />
        )}
        <div className="form-actions">
          {step < 2 && (
            <Button variant="primary" onClick={next}>
              {t('servers.create.next')}
            </Button>
          )}
          {step === 2 && (
            <Button
              variant="primary"
              icon="save"
              disabled={busy || !canSave(current, check)}
              onClick={() => void save()}
            >
              {t('servers.form.server.save')}
            </Button>
          )}
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('servers.create.back')}</Button>}
        </div>
      </div>
    </Card>
  );
}
