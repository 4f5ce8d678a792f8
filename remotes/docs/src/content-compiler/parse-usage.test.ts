import { describe, expect, it } from 'vitest';
import { parseUsage, showAllowed } from './parse-usage';

describe('parseUsage: well-formed usage strings', () => {
  const cases: Array<[string, unknown[]]> = [
    ['sm_rules', []],
    ['sm_slay <targets:players>', [{ name: 'targets', type: 'players', required: true, default: null, allowed: [] }]],
    [
      'sm_ftt <target:player> <troll:text{vomit|slow speed|no pickup}> [seconds:integer{>=0|<=600}=60]',
      [
        { name: 'target', type: 'player', required: true, default: null, allowed: [] },
        { name: 'troll', type: 'text', required: true, default: null, allowed: ['vomit', 'slow speed', 'no pickup'] },
        { name: 'seconds', type: 'integer', required: false, default: '60', allowed: ['≥0', '≤600'] },
      ],
    ],
    [
      'sm_speed  [multiplier:decimal{>=0.1|<= 5}=1.5]   [announce:boolean=on]',
      [
        { name: 'multiplier', type: 'decimal', required: false, default: '1.5', allowed: ['≥0.1', '≤ 5'] },
        { name: 'announce', type: 'boolean', required: false, default: 'on', allowed: [] },
      ],
    ],
    [
      'sm_extra <count:integer{4|8|12|16}> [reason:text=Admin request]',
      [
        { name: 'count', type: 'integer', required: true, default: null, allowed: ['4', '8', '12', '16'] },
        { name: 'reason', type: 'text', required: false, default: 'Admin request', allowed: [] },
      ],
    ],
    [
      'sm_who [target:players=@all] [mode:text{short|long}=short]',
      [
        { name: 'target', type: 'players', required: false, default: '@all', allowed: [] },
        { name: 'mode', type: 'text', required: false, default: 'short', allowed: ['short', 'long'] },
      ],
    ],
    [
      'sm_gravity <value:integer{>-1000|<1000}>',
      [{ name: 'value', type: 'integer', required: true, default: null, allowed: ['>-1000', '<1000'] }],
    ],
  ];
  it.each(cases)('%s', (usage, args) => {
    const command = usage.split(' ')[0];
    expect(parseUsage(usage, command)).toEqual({ ok: true, command, args });
  });
});

describe('parseUsage: malformed usage strings name the reason and column', () => {
  const cases: Array<[string, string, number]> = [
    ['', 'the usage string is empty', 1],
    [' sm_slay <t:players>', 'the usage string starts with a space', 1],
    ['<t:players>', 'the usage string must start with the command name', 1],
    ['sm_kick <t:player>', 'the usage string starts with "sm_kick", not the command name "sm_slay"', 1],
    ['sm_slay target', 'unexpected "target" at column 9: arguments go in <required> or [optional] brackets', 9],
    ['sm_slay <target:players', 'unclosed "<" at column 9', 9],
    ['sm_slay [seconds:integer=5', 'unclosed "[" at column 9', 9],
    ['sm_slay <target:players]', '"<" at column 9 is closed by "]" instead of ">"', 24],
    ['sm_slay <a:text [b:text]>', '"[" at column 17 inside another argument: brackets do not nest', 17],
    ['sm_slay <>', 'empty argument at column 9', 9],
    ['sm_slay <target>', 'argument "target" has no type: write name:type', 9],
    ['sm_slay <1st:integer>', '"1st" is not a valid argument name', 9],
    [
      'sm_slay <target:person>',
      'argument "target" has unknown type "person": use integer, decimal, text, boolean, players, player',
      9,
    ],
    ['sm_slay <t:integer=5>', 'required argument "t" has a default: only [optional] arguments take one', 9],
    ['sm_slay [a:integer] <b:integer>', 'required argument "b" follows an optional one', 21],
    ['sm_slay <a:integer> <a:text>', 'argument "a" appears twice', 21],
    ['sm_slay [n:integer=five]', 'default "five" of argument "n" is not an integer value', 9],
    ['sm_slay [n:decimal=1.2.3]', 'default "1.2.3" of argument "n" is not a decimal value', 9],
    [
      'sm_slay [b:boolean=maybe]',
      'default "maybe" of argument "b" is not a boolean value (0, 1, true, false, on, off, yes, no)',
      9,
    ],
    ['sm_slay [n:integer{>=0|<=10}=11]', 'default "11" of argument "n" is not one of its allowed values', 9],
    ['sm_slay [m:text{a|b}=c]', 'default "c" of argument "m" is not one of its allowed values', 9],
    ['sm_slay <m:text{a||b}>', 'argument "m" has an empty allowed value', 9],
    ['sm_slay <n:integer{>=x}>', 'allowed value ">=x" of argument "n" is not an integer or a comparison', 9],
    ['sm_slay <b:boolean{on|off}>', 'argument "b" is a boolean: it takes no list of allowed values', 9],
    ['sm_slay <m:text{a|b>', 'unclosed "{" at column 16', 16],
    ['sm_slay [n:integer=]', 'argument "n" has an empty default after "="', 9],
    ['sm_slay <n:integer junk>', 'unexpected "junk" after the type of argument "n"', 9],
  ];
  it.each(cases)('%j', (usage, reason, column) => {
    expect(parseUsage(usage, 'sm_slay')).toEqual({ ok: false, reason, column });
  });
});

describe('showAllowed', () => {
  it('shows >= and <= as ≥ and ≤ and leaves other text alone', () => {
    expect(showAllowed('>=1')).toBe('≥1');
    expect(showAllowed('<= 10')).toBe('≤ 10');
    expect(showAllowed('>5')).toBe('>5');
    expect(showAllowed('on')).toBe('on');
  });
});
