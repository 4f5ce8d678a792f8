import { describe, expect, it } from 'vitest';
import { makeAction } from '../../test-support/fixtures';
import { isActionVisible, visibleActions } from './action-visibility';

const online = { online: true, features: ['sourcemod', 'docker'] };
const offline = { online: false, features: [] };

describe('isActionVisible', () => {
  it('shows an action with showWhen any whatever the state', () => {
    expect(isActionVisible(makeAction(), online)).toBe(true);
    expect(isActionVisible(makeAction(), offline)).toBe(true);
  });

  it('follows showWhen online and offline', () => {
    expect(isActionVisible(makeAction({ showWhen: 'online' }), online)).toBe(true);
    expect(isActionVisible(makeAction({ showWhen: 'online' }), offline)).toBe(false);
    expect(isActionVisible(makeAction({ showWhen: 'offline' }), offline)).toBe(true);
    expect(isActionVisible(makeAction({ showWhen: 'offline' }), online)).toBe(false);
  });

  it('needs every required feature', () => {
    expect(isActionVisible(makeAction({ requiresFeatures: ['sourcemod'] }), online)).toBe(true);
    expect(isActionVisible(makeAction({ requiresFeatures: ['sourcemod', 'docker'] }), online)).toBe(true);
    expect(isActionVisible(makeAction({ requiresFeatures: ['sourcemod', 'rcon'] }), online)).toBe(false);
  });

  it('never shows a hidden action', () => {
    expect(isActionVisible(makeAction({ isHidden: true }), online)).toBe(false);
  });

  it('filters a server’s actions', () => {
    const actions = [
      makeAction({ name: 'Start', showWhen: 'offline' }),
      makeAction({ name: 'Stop', showWhen: 'online' }),
    ];
    expect(visibleActions({ ...online, actions }).map((action) => action.name)).toEqual(['Stop']);
  });
});
