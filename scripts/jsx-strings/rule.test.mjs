import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkJsxStrings, jsxSources } from '../check-jsx-strings.mjs';
import { findJsxStrings, needsTranslation } from './rule.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name) => readFileSync(path.join(fixtures, `${name}.txt`), 'utf8');

describe('findJsxStrings', () => {
  it('refuses text children, rendered literals and templates, and literal text attributes', () => {
    const hits = findJsxStrings(fixture('bad.tsx'), 'bad.tsx');
    expect(hits.map((hit) => [hit.line, hit.excerpt])).toEqual([
      [3, 'Server list'],
      [4, 'Players online'],
      [5, 'Nobody here'],
      [6, 'Hello'],
      [6, ', welcome'],
      [7, 'Close'],
      [7, 'Open'],
      [8, 'No bans yet'],
      [9, 'Unknown player'],
      [10, 'Search players'],
      [10, 'Search'],
      [11, 'Map'],
      [12, 'Reason'],
      [14, 'Ban'],
      [18, 'Steam profile'],
      [19, 'Tom &amp; Jerry'],
    ]);
  });

  it('passes catalog calls, comments, invisible props, punctuation, entities, code and allowed nouns', () => {
    expect(findJsxStrings(fixture('good.tsx'), 'good.tsx')).toEqual([]);
  });

  it('reads plain JSX too, and reports the line of the text itself', () => {
    expect(findJsxStrings('const a = (\n  <div>\n\n    Hello\n  </div>\n);\n', 'a.jsx')).toEqual([
      { line: 4, excerpt: 'Hello' },
    ]);
  });
});

describe('needsTranslation', () => {
  it('finds words in any script, not only Latin', () => {
    expect(needsTranslation('Игроки')).toBe(true);
    expect(needsTranslation('服务器')).toBe(true);
  });

  it('lets proper nouns, code and numbers through, but not a sentence around them', () => {
    expect(needsTranslation('Steam')).toBe(false);
    expect(needsTranslation('SourceBans++ · RCON')).toBe(false);
    expect(needsTranslation('sm_kick')).toBe(false);
    expect(needsTranslation('12 / 24 — 50 %')).toBe(false);
    expect(needsTranslation('https://example.org/x')).toBe(false);
    expect(needsTranslation('Open Steam')).toBe(true);
    expect(needsTranslation('Run sm_kick')).toBe(true);
  });
});

describe('checkJsxStrings', () => {
  const files = { 'remotes/x/src/bad.tsx': fixture('bad.tsx'), 'remotes/x/src/good.tsx': fixture('good.tsx') };
  const read = (file) => files[file];

  it('reports a file with words unless it is allow-listed', () => {
    expect(checkJsxStrings(Object.keys(files), read, []).violations.length).toBe(16);
    expect(checkJsxStrings(Object.keys(files), read, ['remotes/x/src/bad.tsx'])).toEqual({ violations: [], stale: [] });
  });

  it('fails on an allow-list entry whose file passes now or is gone: the list only shrinks', () => {
    const { stale } = checkJsxStrings(Object.keys(files), read, [
      'remotes/x/src/bad.tsx',
      'remotes/x/src/good.tsx',
      'remotes/x/src/removed.tsx',
    ]);
    expect(stale).toEqual(['remotes/x/src/good.tsx', 'remotes/x/src/removed.tsx']);
  });

  it('reads the remotes, the shell and the kit, without tests or test support', () => {
    const sources = jsxSources();
    expect(sources.some((file) => file.startsWith('shell/src/'))).toBe(true);
    expect(sources.some((file) => file.startsWith('shared/ui/src/'))).toBe(true);
    expect(sources.some((file) => file.startsWith('remotes/panel/src/'))).toBe(true);
    expect(sources.some((file) => /\.test\.tsx$|test-support/.test(file))).toBe(false);
  });
});
