import type { CreatedInstance, NoFreeResourcesDetails, ServerGroup } from '@outpost/contracts';

/** SPEC 2: 0 pick a group, 1 confirm, 2 creating, 3 created, 4 failed. */
export const STEP = { pick: 0, confirm: 1, creating: 2, created: 3, failed: 4 } as const;

export type CreateFailure =
  | { kind: 'no-free-resources'; details: NoFreeResourcesDetails }
  | { kind: 'error'; code: string | null; message: string | null }
  | { kind: 'network'; message: string };

export interface ModalState {
  /** A number, not a union: anything but 0-4 renders the 'Invalid modal state' message. */
  step: number;
  groupId: string | null;
  instance?: CreatedInstance;
  failure?: CreateFailure;
}

export type ModalEvent =
  | { type: 'select'; groupId: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'created'; instance: CreatedInstance }
  | { type: 'failed'; failure: CreateFailure };

/** SPEC 5: only groups of type docker or custom can be used to create instances. */
export function canCreateInstances(group: Pick<ServerGroup, 'type'>): boolean {
  return group.type === 'docker' || group.type === 'custom';
}

/** Instances that exist but are not running: starting one is cheaper than creating another. */
export function availableInstances(group: Pick<ServerGroup, 'servers'>): number {
  return group.servers.filter((server) => !server.online).length;
}

export function initialModalState(groupId: string | null): ModalState {
  return groupId ? { step: STEP.confirm, groupId } : { step: STEP.pick, groupId: null };
}

export function modalReducer(state: ModalState, event: ModalEvent): ModalState {
  switch (event.type) {
    case 'select':
      return state.step === STEP.pick ? { ...state, groupId: event.groupId } : state;
    case 'next':
      // A selected group is required.
      return state.step === STEP.pick && state.groupId ? { ...state, step: STEP.confirm } : state;
    case 'back':
      return state.step === STEP.confirm ? { ...state, step: STEP.pick } : state;
    case 'confirm':
      return state.step === STEP.confirm ? { ...state, step: STEP.creating } : state;
    case 'created':
      return state.step === STEP.creating ? { ...state, step: STEP.created, instance: event.instance } : state;
    case 'failed':
      return state.step === STEP.creating ? { ...state, step: STEP.failed, failure: event.failure } : state;
    default:
      return state;
  }
}
