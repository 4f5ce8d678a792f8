import type { DocsCommand } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { byPlugin, filterCommands } from './filter-commands';

const command = (name: string, plugin: string, description: string): DocsCommand => ({
  name,
  plugin,
  usage: `${name} <target:players>`,
  description,
  flag: null,
  args: [],
  examples: [],
});
const COMMANDS = [
  command('sm_slay', 'SourceMod', 'Kills players on the spot.'),
  command('sm_fta', 'Feed The Trolls', 'Opens the troll menu.'),
  command('sm_ftr', 'Feed The Trolls', 'Removes every troll from a player.'),
  command('sm_kick', 'SourceMod', 'Kicks players, for example trolls.'),
];
const names = (list: DocsCommand[]) => list.map((c) => c.name);

describe('filterCommands', () => {
  it.each([
    ['', ['sm_slay', 'sm_fta', 'sm_ftr', 'sm_kick']],
    ['   ', ['sm_slay', 'sm_fta', 'sm_ftr', 'sm_kick']],
    ['fta', ['sm_fta']],
    ['!fta', ['sm_fta']],
    ['/FTA', ['sm_fta']],
    ['sm_ft', ['sm_fta', 'sm_ftr']],
    ['troll', ['sm_fta', 'sm_ftr', 'sm_kick']],
    ['kick troll', ['sm_kick']],
    ['feed the', ['sm_fta', 'sm_ftr']],
    ['nothing-like-this', []],
  ])('%j finds %j', (text, expected) => {
    expect(names(filterCommands(COMMANDS, text))).toEqual(expected);
  });

  it('puts name matches before matches in the description', () => {
    const list = [command('sm_kick', 'SourceMod', 'Kicks, not a slay'), command('sm_slay', 'SourceMod', 'Kills')];
    expect(names(filterCommands(list, 'slay'))).toEqual(['sm_slay', 'sm_kick']);
  });
});

describe('byPlugin', () => {
  it('groups in first-seen order', () => {
    expect(byPlugin(COMMANDS).map((g) => [g.plugin, names(g.commands)])).toEqual([
      ['SourceMod', ['sm_slay', 'sm_kick']],
      ['Feed The Trolls', ['sm_fta', 'sm_ftr']],
    ]);
  });
});
