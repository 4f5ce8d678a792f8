import fc from 'fast-check';
import picomatch from 'picomatch/posix.js';
import { describe, expect, it } from 'vitest';
import { globMatches, globWithin } from './permission-globs';
import { firstGrantBeyond } from './permission-grants';
import { hasPermission } from './permissions';

// CI runs one fixed seed (reproducible); FC_SEED=random explores others.
if (process.env.FC_SEED !== 'random') fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });

// The reference: hasPermission itself (the matcher every check uses), run over every code
// up to four characters from a small alphabet. '', '.' and '..' are never codes (each
// is `area.verb...`); picomatch treats them specially.
function codesOver(letters: string[], maxLength: number): string[] {
  const out: string[] = [];
  let layer = [''];
  for (let length = 1; length <= maxLength; length += 1) {
    layer = layer.flatMap((prefix) => letters.map((letter) => prefix + letter));
    out.push(...layer);
  }
  return out.filter((code) => code !== '.' && code !== '..');
}
const CODES = codesOver(['a', 'b', '.', '-'], 4);
const SLASHED = codesOver(['a', '.', '/'], 4).filter((code) => code.includes('/'));

// Generated patterns: literals, ?, * and **, classes (ranges, negated), escapes, nested
// brace sets (with empty options), a leading negation; and some syntax outside the model.
const atom = fc.constantFrom(
  'a',
  'b',
  '.',
  '-',
  'c',
  '?',
  '*',
  '**',
  '[ab]',
  '[a-b]',
  '[^a]',
  '[^.b]',
  '[.]',
  '\\*',
  '\\.',
  '\\a',
  '\\{',
);
const sequence: fc.Arbitrary<string> = fc.letrec<{ seq: string }>((tie) => ({
  seq: fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: atom },
        {
          weight: 1,
          arbitrary: fc
            .array(fc.oneof(tie('seq'), fc.constant('')), { minLength: 2, maxLength: 3 })
            .map((options) => `{${options.join(',')}}`),
        },
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((parts) => parts.join('')),
})).seq;
const outsideModel = fc.constantFrom('[!a]', '(a|b)', '{a..b}', '{a}', '+(a)', 'a/b', '[[:alpha:]]', '$', 'a|b');
const pattern = fc.oneof(
  { weight: 8, arbitrary: sequence },
  { weight: 2, arbitrary: sequence.map((p) => `!${p}`) },
  { weight: 1, arbitrary: fc.tuple(sequence, outsideModel).map(([p, junk]) => p + junk) },
);

describe('the glob dialect (what hasPermission and the grant rule share)', () => {
  // On ordinary codes (no '/', '[' or ']', never '.' or '..') the dialect is picomatch's,
  // the matcher permissions used before: stored patterns keep their meaning. (Except runs
  // of three or more stars, which picomatch reads erratically: '***a\\.' matches 'ab'; the
  // dialect reads any run of stars as one.)
  it('answers like picomatch on ordinary codes, for every pattern it models', () => {
    fc.assert(
      fc.property(pattern, (p) => {
        if (globMatches(p, 'a') === null || p.includes('***')) return;
        const reference = picomatch(p, { dot: true, nobrace: false, noextglob: true });
        for (const code of CODES) expect([p, code, globMatches(p, code)]).toEqual([p, code, reference(code)]);
      }),
      { numRuns: 300 },
    );
  });

  it("is what hasPermission answers; patterns outside it keep picomatch's meaning", () => {
    expect(hasPermission(['servers.action.*'], 'servers.action.exec cfg/server.cfg')).toBe(true);
    expect(hasPermission(['servers.action.[ab]'], 'servers.action.[ab]')).toBe(false);
    expect(hasPermission(['!bans.*'], 'servers.action.a/b')).toBe(true);
    expect(hasPermission(['servers.action.(a|b)'], 'servers.action.a')).toBe(true);
    expect(hasPermission(['servers.action.[!a]'], 'servers.action.!')).toBe(true);
    expect(hasPermission(['***a.'], 'ab')).toBe(false);
    // Linear time: a pattern of many stars against a long code that never matches.
    const started = Date.now();
    expect(hasPermission(['*a*a*a*a*a*a*a*a*a*a*a*a*b'], 'a'.repeat(500))).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('globWithin: a grant is allowed only when every code it matches is held', () => {
  it('never says "included" when a code exists that the pattern matches and the holder lacks', () => {
    let included = 0;
    let uncovered = 0;
    fc.assert(
      fc.property(pattern, fc.array(pattern, { minLength: 1, maxLength: 3 }), (p, held) => {
        const answer = globWithin(p, held);
        if (answer.included) {
          included += 1;
          for (const code of [...CODES, ...SLASHED]) {
            if (hasPermission([p], code))
              expect([p, held, code, hasPermission(held, code)]).toEqual([p, held, code, true]);
          }
        } else if (answer.reason === 'uncovered') {
          uncovered += 1;
          // The witness is a real code the pattern grants and the holder does not hold.
          expect([
            p,
            held,
            answer.witness,
            hasPermission([p], answer.witness),
            hasPermission(held, answer.witness),
          ]).toEqual([p, held, answer.witness, true, false]);
        }
      }),
      { numRuns: 1500 },
    );
    // The rule decides most cases rather than refusing everything as unprovable.
    expect(included).toBeGreaterThan(50);
    expect(uncovered).toBeGreaterThan(150);
  });

  it('includes a pattern in itself and in * (when modelled)', () => {
    fc.assert(
      fc.property(sequence, (p) => {
        if (globMatches(p, 'a') === null) return;
        const self = globWithin(p, [p]);
        expect([p, self.included]).toEqual([p, true]);
        expect([p, globWithin(p, ['*']).included]).toEqual([p, true]);
      }),
      { numRuns: 300 },
    );
  });

  // The shapes and their relatives: each was granted by sampling one code.
  it.each([
    ['servers.action.[b-z]*', ['servers.action.restart'], false],
    ['servers.action.s*', ['servers.action.restart'], false],
    ['servers.action.b*', ['servers.action.restart'], false],
    ['servers.action.*', ['servers.action.restart'], false],
    ['servers.action.?estart', ['servers.action.restart'], false],
    ['servers.action.{restart,rcon}', ['servers.action.restart'], false],
    ['servers.action.re*', ['servers.action.{restart,reload}'], false],
    ['!bans.create', ['bans.*', 'players.view'], false],
    ['*', ['bans.*'], false],
    ['bans.*', ['bans.*'], true],
    ['bans.{create,edit}', ['bans.*'], true],
    ['bans.[ce]*', ['bans.*'], true],
    ['servers.action.res{tart,et}', ['servers.action.*'], true],
    ['servers.action.restart', ['servers.action.r*', 'servers.action.s*'], true],
    ['servers.action.[rs]*', ['servers.action.r*', 'servers.action.s*'], true],
    ['servers.action.[^r]*', ['servers.action.s*'], false],
    ['servers.action.sm_\\*', ['servers.action.sm_*'], true],
    ['servers.action.sm_*', ['servers.action.sm_\\*'], false],
    ['servers.action.(a|b)', ['servers.action.*'], false],
    ['servers.action.[!a]', ['servers.action.*'], false],
    ['servers.action.{a..z}', ['servers.action.*'], false],
    ['x'.repeat(300), ['*'], false],
  ])('%s within %j: %s', (p, held, expected) => {
    expect(globWithin(p, held).included).toBe(expected);
  });
});

describe('firstGrantBeyond', () => {
  const editor = { flags: 'bd', patterns: ['servers.action.restart', 'bans.*'] };
  it('refuses flags and patterns beyond the granter, lets the superuser grant anything', () => {
    expect(firstGrantBeyond(editor, { flags: 'b', patterns: ['bans.create'] })).toBeNull();
    expect(firstGrantBeyond(editor, { flags: 'z', patterns: [] })).toBe('flag z');
    expect(firstGrantBeyond(editor, { flags: '', patterns: ['servers.action.s*'] })).toMatch(
      /^permission servers\.action\.s\* \(it matches servers\.action\.s/,
    );
    expect(firstGrantBeyond(editor, { flags: '', patterns: ['servers.action.(x|y)'] })).toMatch(/cannot be proven/);
    expect(firstGrantBeyond({ flags: 'z', patterns: [] }, { flags: 'abz', patterns: ['*'] })).toBeNull();
  });
});
