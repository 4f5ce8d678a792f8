import type { ServerGroup } from '@outpost/contracts';
import { useHost } from '@outpost/host';
import { Button, Callout, EmptyState, Modal, RadioGroup } from '@outpost/ui';
import { useReducer } from 'react';
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

  const confirm = async () => {
    if (!group) return;
    dispatch({ type: 'confirm' });
    const result = await createInstance(host, group.id);
    if (result.ok) {
      dispatch({ type: 'created', instance: result.instance });
      host.notify({ level: 'success', message: `Started new instance for ${group.name}` });
      onCreated?.();
    } else dispatch({ type: 'failed', failure: result.failure });
  };

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  switch (state.step) {
    case STEP.pick:
      body = (
        <RadioGroup
          legend="Pick the group to create a new instance for"
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
          {eligible.length === 0 && <EmptyState>No group can create instances (only docker or custom).</EmptyState>}
        </RadioGroup>
      );
      footer = (
        <Button
          variant="primary"
          disabled={!eligible.some((candidate) => candidate.id === state.groupId)}
          onClick={() => dispatch({ type: 'next' })}
        >
          Next
        </Button>
      );
      break;
    case STEP.confirm: {
      const available = group ? availableInstances(group) : 0;
      body = (
        <>
          <p>
            Create and start a new instance of <strong>{group?.name ?? state.groupId}</strong>?
          </p>
          {available > 0 && (
            <Callout tone="warning">
              Are you sure? There are {available} available instances already. It's preferable that you try starting
              them before creating a new instance
            </Callout>
          )}
        </>
      );
      footer = (
        <>
          <Button onClick={() => dispatch({ type: 'back' })}>Back</Button>
          <Button variant="primary" disabled={left > 0 || !group} onClick={() => void confirm()}>
            {left > 0 ? `Create Instance (${left})` : 'Create Instance'}
          </Button>
        </>
      );
      break;
    }
    case STEP.creating:
      body = (
        <p role="status">
          Creating the new instance… This should not take long; if it takes over 2 minutes there may be a problem.
        </p>
      );
      break;
    case STEP.created:
      body = (
        <div role="status">
          <p>The new instance of {group?.name ?? state.groupId} was created and is starting.</p>
          {state.instance && (
            <p>
              Server <code>{state.instance.serverId}</code>:{' '}
              <code>
                connect {state.instance.hostname}:{state.instance.port}
              </code>
            </p>
          )}
        </div>
      );
      footer = (
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      );
      break;
    case STEP.failed:
      body = state.failure ? <FailureExplanation failure={state.failure} /> : <p>No information available</p>;
      footer = (
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      );
      break;
    default:
      body = (
        <Callout tone="danger">
          <p>Unknown error has occurred</p>
          <p>Invalid modal state</p>
        </Callout>
      );
  }

  return (
    <Modal title="Create New Instance" onClose={onClose} footer={footer}>
      {body}
    </Modal>
  );
}
