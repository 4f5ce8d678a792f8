import { describe, expect, it } from 'vitest';
import { initialModalState, modalReducer, STEP } from './modal-state';

describe('modalReducer', () => {
  it('will not leave the group pick without a selected group', () => {
    const start = initialModalState(null);
    expect(modalReducer(start, { type: 'next' })).toBe(start);
    const selected = modalReducer(start, { type: 'select', groupId: 'vs' });
    expect(modalReducer(selected, { type: 'next' }).step).toBe(STEP.confirm);
  });

  it('goes confirm -> creating -> created or failed, and back from confirm to the pick', () => {
    const confirm = initialModalState('vs');
    expect(confirm.step).toBe(STEP.confirm);
    expect(modalReducer(confirm, { type: 'back' }).step).toBe(STEP.pick);
    const creating = modalReducer(confirm, { type: 'confirm' });
    expect(creating.step).toBe(STEP.creating);
    expect(modalReducer(creating, { type: 'back' })).toBe(creating);
    const instance = { serverId: 's', hostname: 'h', port: 1, ip: 'i', type: 'docker' as const };
    expect(modalReducer(creating, { type: 'created', instance })).toMatchObject({ step: STEP.created, instance });
    const failure = { kind: 'network' as const, message: 'offline' };
    expect(modalReducer(creating, { type: 'failed', failure })).toMatchObject({ step: STEP.failed, failure });
  });

  it('ignores results that arrive outside the creating step', () => {
    const confirm = initialModalState('vs');
    expect(modalReducer(confirm, { type: 'failed', failure: { kind: 'network', message: 'x' } })).toBe(confirm);
  });
});
