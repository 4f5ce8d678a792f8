import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkKitUsage } from '../check-kit-usage.mjs';
import { RULES } from './rules.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name) => readFileSync(path.join(fixtures, `${name}.txt`), 'utf8');
const hits = (rule, name) => RULES[rule].check(fixture(name), name).map((hit) => hit.line);

describe('kit-usage rules, each on its fixtures', () => {
  it('no-raw-table refuses <table>, not DataTable or a comment', () => {
    expect(hits('no-raw-table', 'raw-table.bad.tsx')).toEqual([3]);
    expect(hits('no-raw-table', 'raw-table.good.tsx')).toEqual([]);
  });

  it('no-raw-field refuses raw input, select, textarea and fieldset, not the kit controls or a comment', () => {
    expect(hits('no-raw-field', 'raw-field.bad.tsx')).toEqual([4, 5, 8, 11]);
    expect(hits('no-raw-field', 'raw-field.good.tsx')).toEqual([]);
  });

  it('no-button-look refuses the kit look classes in plain, conditional and template classNames', () => {
    expect(hits('no-button-look', 'button-look.bad.tsx')).toEqual([4, 5, 6]);
    expect(hits('no-button-look', 'button-look.good.tsx')).toEqual([]);
  });

  it('no-own-colour refuses hex, rgb(), hsl() and named colours in CSS, not tokens, comments or keywords', () => {
    expect(hits('no-own-colour', 'own-colour.bad.css')).toEqual([1, 2, 3, 4]);
    expect(hits('no-own-colour', 'own-colour.good.css')).toEqual([]);
  });

  it('no-own-colour refuses colour literals in TSX styles, not tokens or words', () => {
    expect(hits('no-own-colour', 'own-colour.bad.tsx')).toEqual([4, 5, 6]);
    expect(hits('no-own-colour', 'own-colour.good.tsx')).toEqual([]);
  });

  it('no-physical-direction refuses left/right properties and values in CSS and TSX styles, not logical ones, selectors or comments', () => {
    expect(hits('no-physical-direction', 'physical-direction.bad.css')).toEqual([1, 2, 2, 3, 4, 5, 6]);
    expect(hits('no-physical-direction', 'physical-direction.good.css')).toEqual([]);
    expect(hits('no-physical-direction', 'physical-direction.bad.tsx')).toEqual([3, 4]);
    expect(hits('no-physical-direction', 'physical-direction.good.tsx')).toEqual([]);
  });

  it('no-own-date-format refuses toLocale*, Intl date formats and getFullYear assembly, not date arithmetic', () => {
    expect(hits('no-own-date-format', 'own-date-format.bad.tsx')).toEqual([3, 4, 5, 6]);
    expect(hits('no-own-date-format', 'own-date-format.good.tsx')).toEqual([]);
  });
});

describe('checkKitUsage', () => {
  it('applies only the rules marked everywhere outside remotes (the shell and the kit draw tables and buttons)', () => {
    const shell = {
      'shell/src/a.tsx': fixture('raw-table.bad.tsx'),
      'shell/src/b.css': fixture('physical-direction.bad.css'),
    };
    const { violations } = checkKitUsage(Object.keys(shell), (file) => shell[file], {});
    expect(new Set(violations.map((v) => `${v.rule} ${v.file}`))).toEqual(
      new Set(['no-physical-direction shell/src/b.css']),
    );
  });

  const files = {
    'remotes/a/src/x.tsx': fixture('raw-table.bad.tsx'),
    'remotes/a/src/y.tsx': fixture('raw-table.good.tsx'),
  };
  const read = (file) => files[file];

  it('reports a violation with its file and line', () => {
    const { violations, stale } = checkKitUsage(Object.keys(files), read, {});
    expect(violations).toEqual([
      expect.objectContaining({ rule: 'no-raw-table', file: 'remotes/a/src/x.tsx', line: 3 }),
    ]);
    expect(stale).toEqual([]);
  });

  it('lets an allow-listed file pass, and calls an entry whose file passes stale', () => {
    const { violations, stale } = checkKitUsage(Object.keys(files), read, {
      'no-raw-table': ['remotes/a/src/x.tsx', 'remotes/a/src/y.tsx'],
    });
    expect(violations).toEqual([]);
    expect(stale).toEqual([{ rule: 'no-raw-table', file: 'remotes/a/src/y.tsx' }]);
  });
});
