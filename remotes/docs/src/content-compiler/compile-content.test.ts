import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docsContentSchema, docsSearchIndexSchema, tourSchema } from '@outpost/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCS_PAGE_IDS } from '../docs-pages';
import { ContentBuildError, compileContent } from './compile-content';

const CONTENT = path.resolve(__dirname, '../../content');
const temps: string[] = [];

/** A copy of the real content with one file changed, so each case breaks exactly one thing. */
function contentWith(file: string, edit: (text: string) => string): string {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'docs-content-')), 'content');
  fs.cpSync(CONTENT, dir, { recursive: true });
  temps.push(path.dirname(dir));
  const target = path.join(dir, file);
  fs.writeFileSync(target, edit(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : ''));
  return dir;
}

/** 1-based line of the first line of a shipped content file that starts with `start`. */
function lineOf(file: string, start: string): number {
  return (
    fs
      .readFileSync(path.join(CONTENT, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.startsWith(start)) + 1
  );
}

function problemsOf(dir: string): string[] {
  try {
    compileContent(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentBuildError);
    return (error as ContentBuildError).problems.map((p) => `${p.file}:${p.line}: ${p.reason}`);
  }
  throw new Error('expected the content to fail');
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the shipped content', () => {
  const compiled = compileContent(CONTENT);

  it('compiles into well-formed content, tours and a search index', () => {
    expect(docsContentSchema.parse(compiled.content)).toEqual(compiled.content);
    for (const tour of compiled.tours) expect(tourSchema.parse(tour)).toEqual(tour);
    expect(docsSearchIndexSchema.parse(compiled.searchIndex)).toEqual(compiled.searchIndex);
  });

  it('has a page for every docs route and real content on each', () => {
    expect(compiled.content.pages.map((p) => p.id).sort()).toEqual([...DOCS_PAGE_IDS].sort());
    for (const page of compiled.content.pages) expect(page.markdown.length).toBeGreaterThan(100);
    const tablePages = new Set(compiled.content.tables.map((t) => t.page));
    for (const page of ['maps', 'ftt', 'targetting', 'notes', 'props', 'keybinds', 'commands'])
      expect(tablePages.has(page)).toBe(true);
  });

  it('documents the targeting selectors, the FTT commands with flags and the official campaigns', () => {
    const selectors = compiled.content.tables.find((t) => t.id === 'selectors')?.rows.map((r) => r.selector);
    for (const s of [
      '@all',
      '@me',
      '@!me',
      '@alive',
      '@dead',
      '@bots',
      '@humans',
      '#userid',
      '"name"',
      '@survivors',
      '@infected',
      '@tank',
    ])
      expect(selectors).toContain(s);
    const fta = compiled.content.commands.find((c) => c.name === 'sm_fta');
    expect(fta).toMatchObject({ plugin: 'Feed The Trolls', flag: 'f' });
    const campaigns = compiled.content.tables.find((t) => t.id === 'campaigns')?.rows.map((r) => r.campaign);
    expect(campaigns).toHaveLength(14);
    expect(campaigns).toContain('No Mercy');
  });

  it('parses usage strings into argument tables', () => {
    const ban = compiled.content.commands.find((c) => c.name === 'sm_ban');
    expect(ban?.args).toEqual([
      { name: 'target', type: 'player', required: true, default: null, allowed: [] },
      { name: 'minutes', type: 'integer', required: true, default: null, allowed: ['≥0'] },
      { name: 'reason', type: 'text', required: false, default: null, allowed: [] },
    ]);
  });

  it('ships the two tours the tutorials start', () => {
    expect(compiled.tours.map((t) => t.id).sort()).toEqual(['ban-player', 'join-server']);
    expect(compiled.content.tutorials.find((t) => t.id === 'joining-a-server')?.tour).toEqual({
      id: 'join-server',
      start: '/',
    });
    expect(compiled.content.tutorials.find((t) => t.id === 'banning-a-player')?.tour).toEqual({
      id: 'ban-player',
      start: '/admin/players',
    });
  });

  it('indexes pages, tutorials and commands for the site search', () => {
    const links = compiled.searchIndex.map((e) => e.link);
    expect(links).toContain('/docs');
    expect(links).toContain('/docs/targetting');
    expect(links).toContain('/docs/tutorials/banning-a-player');
    expect(links).toContain('/docs/commands/sm_ftr');
  });
});

describe('malformed content fails with file, line and reason', () => {
  it('a malformed usage string', () => {
    const dir = contentWith('commands.yaml', (t) =>
      t.replace('usage: sm_slay <target:players>', 'usage: sm_slay <target:players'),
    );
    const line =
      fs
        .readFileSync(path.join(dir, 'commands.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('sm_slay <target:players')) + 1;
    expect(problemsOf(dir)).toEqual([
      `content/commands.yaml:${line}: sm_slay: malformed usage "sm_slay <target:players": unclosed "<" at column 9`,
    ]);
  });

  it('invalid YAML', () => {
    expect(problemsOf(contentWith('tables/props.yaml', (t) => `${t}\n  - { prop: [unclosed\n`))[0]).toMatch(
      /^content\/tables\/props\.yaml:\d+: invalid YAML: /,
    );
  });

  it('an unknown flag letter, a missing description and an unknown field', () => {
    const problems = problemsOf(
      contentWith('commands.yaml', (t) =>
        t
          .replace('        flag: e\n', '        flag: l\n')
          .replace('description: Kills players on the spot.', 'description: ""')
          .replace('        flag: m\n', '        flag: m\n        flags: m\n'),
      ),
    );
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(
      /commands\.yaml:\d+: plugins\.0\.commands\.\d+\.flag: must be one admin flag letter/,
    );
    expect(problems.join('\n')).toMatch(
      /commands\.yaml:\d+: plugins\.0\.commands\.\d+\.description: must not be empty/,
    );
    expect(problems.join('\n')).toMatch(/commands\.yaml:\d+: .*flags/);
  });

  it('an empty page, a page for no route, a tutorial without front matter, and a missing page', () => {
    const dir = contentWith('pages/rules.md', () => '\n  \n');
    fs.rmSync(path.join(dir, 'pages/props.md'));
    fs.writeFileSync(path.join(dir, 'pages/faq.md'), 'Questions');
    fs.writeFileSync(path.join(dir, 'tutorials/x.md'), 'No front matter');
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/pages\/faq\.md:1: no docs route "faq": page files are index\.md, /),
      'content/pages/rules.md:1: the page is empty',
      'content/pages/props.md:1: missing: every docs route needs its page',
      'content/tutorials/x.md:1: a tutorial starts with front matter: "---", title and description, then "---"',
    ]);
  });

  it('a translated page, a broken translation and an unknown locale folder (issue 27)', () => {
    const dir = contentWith('de/pages/maps.md', () => 'Jede Map unserer Server.\n');
    const compiled = compileContent(dir);
    expect(compiled.translations.de.maps).toBe('Jede Map unserer Server.');
    expect(compiled.translations.de.rules).toMatch(/^Diese Regeln gelten auf jedem Server/);
    expect(compiled.translations.es).toEqual({});
    // Translations ship per locale, never inside the content every visitor downloads.
    expect(JSON.stringify(compiled.content)).not.toContain('Diese Regeln gelten');

    fs.writeFileSync(path.join(dir, 'de/pages/rules.md'), '---\ntitle: Regeln\n---\nText');
    fs.writeFileSync(path.join(dir, 'de/pages/regeln.md'), 'Regeln');
    fs.mkdirSync(path.join(dir, 'ru/pages'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'ru/pages/maps.md'), '  \n');
    fs.mkdirSync(path.join(dir, 'fr/pages'), { recursive: true });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/de\/pages\/regeln\.md:1: no docs route "regeln": page files are index\.md, /),
      "content/de/pages/rules.md:1: pages have no front matter: their title and description are the route's",
      'content/fr:1: no locale "fr": translation folders are de, pt-BR, ru, es, pl, tr, zh-CN',
      'content/ru/pages/maps.md:1: the page is empty',
    ]);
  });

  it('a table row with a column the table does not have, and a table for an unknown page', () => {
    expect(
      problemsOf(contentWith('tables/keybinds.yaml', (t) => t.replace('who: Everyone }', 'who: Everyone, whom: x }'))),
    ).toEqual([
      expect.stringMatching(
        /^content\/tables\/keybinds\.yaml:\d+: rows\.0\.whom: "whom" is not one of the table's columns$/,
      ),
    ]);
    expect(problemsOf(contentWith('tables/keybinds.yaml', (t) => t.replace('page: keybinds', 'page: binds')))).toEqual([
      'content/tables/keybinds.yaml:1: page: no docs page "binds"',
    ]);
  });

  it('a tutorial naming a tour that does not exist, and a tour without steps', () => {
    expect(
      problemsOf(contentWith('tutorials/joining-a-server.md', (t) => t.replace('tour: join-server', 'tour: nope'))),
    ).toEqual([
      `content/tutorials/joining-a-server.md:${lineOf('tutorials/joining-a-server.md', 'tour:')}: tour: no tour "nope" under content/tours`,
    ]);
    expect(problemsOf(contentWith('tours/join-server.yaml', () => 'title: Empty\nsteps: []\n'))).toEqual([
      expect.stringMatching(/^content\/tours\/join-server\.yaml:2: steps: /),
      `content/tutorials/joining-a-server.md:${lineOf('tutorials/joining-a-server.md', 'tour:')}: tour: no tour "join-server" under content/tours`,
    ]);
  });
});
