import type { ServerGroup } from '@outpost/contracts';
import { SLOT, useHost, useT, withNode } from '@outpost/host';
import { Button, Callout, EmptyState, Modal, RadioGroup } from '@outpost/ui';
import { useReducer } from 'react';
import { useServersCatalogs } from '../../catalogs';
import { useCountdown } from '../../lib/use-countdown';
import { createInstance } from './create-instance-api';
import { FailureExplanation } from './failure-explanation';
import {
  availableInstances,
  canCreateInstances,
  initialModalState,
  type ModalState,
  modalReducer,
  STEP,
} from './modal-state';

/** SPEC 9: the confirm button stays disabled this long. */
export const CONFIRM_COUNTDOWN_S = 5;

interface Props {
  groups: ServerGroup[];
  /** Opened from a group's 'Create New Instance': start at the confirm step. */
  groupId?: string | null;
  onClose: () => void;
  onCreated?: () => void;
  /** For tests of states the buttons cannot reach. */
  initialState?: ModalState;
}

export function CreateInstanceModal({ groups, groupId = null, onClose, onCreated, initialState }: Props) {
  const host = useHost();
  const [state, dispatch] = useReducer(modalReducer, initialState ?? initialModalState(groupId));
  const eligible = groups.filter(canCreateInstances);
  const group = groups.find((candidate) => candidate.id === state.groupId) ?? null;
  const left = useCountdown(CONFIRM_COUNTDOWN_S, state.step, state.step === STEP.confirm);
  const t = useT();
  const ready = useServersCatalogs();
  if (!ready) return null;

  const confirm = async () => {
    if (!group) return;
    dispatch({ type: 'confirm' });
    const result = await createInstance(host, group.id);
    if (result.ok) {
      dispatch({ type: 'created', instance: result.instance });
      host.notify({ level: 'success', message: t('servers.instance.started', { name: group.name }) });
      onCreated?.();
    } else dispatch({ type: 'failed', failure: result.failure });
  };

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  switch (state.step) {
    case STEP.pick:
      body = (
        <RadioGroup
          legend={t('servers.instance.pick')}
          value={state.groupId ?? ''}
          onChange={(groupId) => dispatch({ type: 'select', groupId })}
          options={eligible.map((candidate) => ({
            value: candidate.id,
            label: (
              <>
                {candidate.name} <span className="muted">({candidate.type})</span>
              </>
            ),
          }))}
        >
          {eligible.length === 0 && <EmptyState>{t('servers.instance.noGroup')}</EmptyState>}
        </RadioGroup>
      );
      footer = (
        <Button
          variant="primary"
          disabled={!eligible.some((candidate) => candidate.id === state.groupId)}
          onClick={() => dispatch({ type: 'next' })}
        >
          {t('servers.instance.next')}
        </Button>
      );
      break;
    case STEP.confirm: {
      const available = group ? availableInstances(group) : 0;
      body = (
        <>
          <p>
            {withNode(t('servers.instance.confirm', { group: SLOT }), <strong>{group?.name ?? state.groupId}</strong>)}
          </p>
          {available > 0 && <Callout tone="warning">{t('servers.instance.available', { available })}</Callout>}
        </>
      );
      footer = (
        <>
          <Button onClick={() => dispatch({ type: 'back' })}>{t('servers.instance.back')}</Button>
          <Button variant="primary" disabled={left > 0 || !group} onClick={() => void confirm()}>
            {left > 0 ? t('servers.instance.createIn', { left }) : t('servers.instance.create')}
          </Button>
        </>
      );
      break;
    }
    case STEP.creating:
      body = <p role="status">{t('servers.instance.creating')}</p>;
      break;
    case STEP.created:
      body = (
        <div role="status">
          <p>{t('servers.instance.created', { name: group?.name ?? state.groupId })}</p>
          {state.instance && (
            <p>
              {t('servers.instance.server')} <code>{state.instance.serverId}</code>:{' '}
              <code>
                connect {state.instance.hostname}:{state.instance.port}
              </code>
            </p>
          )}
        </div>
      );
      footer = (
        <Button variant="primary" onClick={onClose}>
          {t('servers.instance.close')}
        </Button>
      );
      break;
    case STEP.failed:
      body = state.failure ? (
        <FailureExplanation failure={state.failure} />
      ) : (
        <p>{t('servers.instance.noInformation')}</p>
      );
      footer = (
        <Button variant="primary" onClick={onClose}>
          {t('servers.instance.close')}
        </Button>
      );
      break;
    default:
      body = (
        <Callout tone="danger">
          <p>{t('servers.instance.unknownError')}</p>
          <p>{t('servers.instance.invalidState')}</p>
        </Callout>
      );
  }

  return (
    <Modal title={t('servers.instance.title')} onClose={onClose} footer={footer}>
      {body}
    </Modal>
  );
}
