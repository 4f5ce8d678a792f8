import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setLocale } from '@outpost/host';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import manifest from './manifest';
import { content, renderDocs } from './test-support/render-docs';

// Issue 27: a docs page shows in the reader's locale where the docs team translated it
// (content/<locale>/pages), else in English with a note in the reader's language. Through the
// manifest's page loaders, as the shell loads a page.

async function loadPage(path: string): Promise<ComponentType> {
  const load = manifest.routes.find((candidate) => candidate.path === path)?.load;
  if (!load) throw new Error(`no page loader for ${path}`);
  const module = (await load()) as { default: ComponentType };
  return module.default;
}

const UNTRANSLATED = 'This page is not translated yet and is shown in English.';

afterEach(cleanup);
afterAll(async () => {
  await setLocale('en');
});

describe('docs pages in the reader’s locale', () => {
  it('draws /docs/rules in German, from its translation, without a note', async () => {
    await setLocale('de');
    const Page = await loadPage('/docs/rules');
    renderDocs('/docs/rules', '/docs/rules', <Page />);
    expect(screen.getByText(/Diese Regeln gelten auf jedem Server und in unserem Discord/)).toBeTruthy();
    expect(screen.getByText(/Bleib beim Team; wer vorrennt/)).toBeTruthy();
    expect(screen.queryByText(/These rules apply on every server/)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    // The side nav names the pages as the navbar does, in the reader's language.
    const toc = screen.getByRole('navigation', { name: 'Dokumentationsseiten' });
    expect(within(toc).getByRole('link', { name: 'Regeln' }).getAttribute('aria-current')).toBe('page');
    expect(within(toc).getByRole('link', { name: 'Spielernotizen' })).toBeTruthy();
    expect(within(toc).queryByRole('link', { name: 'Rules' })).toBeNull();
  });

  it('draws /docs/maps in German in English, noting in German that it is not translated yet', async () => {
    await setLocale('de');
    const Page = await loadPage('/docs/maps');
    renderDocs('/docs/maps', '/docs/maps', <Page />);
    expect(screen.getByRole('note').textContent).toBe(
      'Diese Seite ist noch nicht übersetzt und wird auf Englisch angezeigt.',
    );
    expect(screen.getByText(/Every server runs the official campaigns below/)).toBeTruthy();
  });

  it('draws /docs/rules in Russian, and redraws in English when the reader switches', async () => {
    await setLocale('ru');
    const Page = await loadPage('/docs/rules');
    renderDocs('/docs/rules', '/docs/rules', <Page />);
    expect(screen.getByText(/Эти правила действуют на всех серверах/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Команды' })).toBeTruthy();
    await act(() => setLocale('en'));
    expect(await screen.findByText(/These rules apply on every server and in our Discord/)).toBeTruthy();
    expect(screen.queryByText(/Эти правила/)).toBeNull();
    expect(screen.queryByText(UNTRANSLATED)).toBeNull();
  });

  it('switching from English to German redraws a page in German', async () => {
    await setLocale('en');
    const Page = await loadPage('/docs');
    renderDocs('/docs', '/docs', <Page />);
    expect(screen.getByText(/Welcome to the documentation of our/)).toBeTruthy();
    await act(() => setLocale('de'));
    expect(await screen.findByText(/Willkommen in der Doku unserer/)).toBeTruthy();
    // The cards: each page's title and description, in German as the navbar names them.
    const cards = screen.getByRole('region', { name: 'In der Doku' });
    expect(within(cards).getByRole('link', { name: /^Befehle/ }).textContent).toBe(
      'BefehleChat- und Konsolenbefehle mit ihren Argumenten und dem Admin-Flag, das sie brauchen',
    );
  });

  it('notes an untranslated page in the reader’s language in every locale', async () => {
    const Page = await loadPage('/docs/maps');
    for (const [locale, note] of [
      ['pt-BR', 'Esta página ainda não foi traduzida e está sendo exibida em inglês.'],
      ['zh-CN', '此页面尚未翻译，以英文显示。'],
      ['en', null],
    ] as const) {
      await act(() => setLocale(locale));
      renderDocs('/docs/maps', '/docs/maps', <Page />);
      if (note) expect((await screen.findByRole('note')).textContent).toBe(note);
      else expect(screen.queryByRole('note')).toBeNull();
      expect(await screen.findByText(/Every server runs the official campaigns below/)).toBeTruthy();
      cleanup();
    }
  });

  it('draws the commands list, one command and the cvars table in German and Russian', async () => {
    const Commands = await loadPage('/docs/commands/:command?');
    await act(() => setLocale('de'));
    renderDocs('/docs/commands', '/docs/commands/:command?', <Commands />);
    expect(screen.getByRole('heading', { name: 'Alle Befehle' })).toBeTruthy();
    expect(screen.getByLabelText('Befehle filtern').getAttribute('placeholder')).toBe(
      'Name, Begriff oder Plugin, z. B. ban oder !fta',
    );
    expect(screen.getByText(/^\d+ Befehle$/)).toBeTruthy();
    cleanup();
    renderDocs('/docs/commands/sm_burn', '/docs/commands/:command?', <Commands />);
    expect(screen.getByRole('link', { name: '← Alle Befehle' })).toBeTruthy();
    expect(screen.getByText('Verwendung')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Argumente von sm_burn' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Typ', 'Pflicht', 'Standard', 'Erlaubte Werte']);
    expect(within(table).getByText('Beliebig')).toBeTruthy();
    cleanup();

    await act(() => setLocale('ru'));
    renderDocs('/docs/commands/sm_rules', '/docs/commands/:command?', <Commands />);
    expect(screen.getByText('У этой команды нет аргументов.')).toBeTruthy();
    expect(screen.getByText('Нет: доступна всем')).toBeTruthy();
    cleanup();
    const Cvars = await loadPage('/docs/cvars');
    renderDocs('/docs/cvars', '/docs/cvars', <Cvars />);
    const cvars = screen.getByRole('table', { name: 'Квары' });
    expect(
      within(cvars)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.trim()),
    ).toContain('Что делает');
    expect(screen.queryByText(/docs\.[a-z]+\./)).toBeNull();
  });

  it('draws the tutorials list and one tutorial in German', async () => {
    const Tutorials = await loadPage('/docs/tutorials/:id?');
    await act(() => setLocale('de'));
    renderDocs('/docs/tutorials', '/docs/tutorials/:id?', <Tutorials />);
    expect(screen.getByRole('heading', { name: 'Alle Tutorials' })).toBeTruthy();
    expect(screen.getAllByText(/ · mit geführter Tour$/).length).toBeGreaterThan(0);
    cleanup();
    renderDocs('/docs/tutorials/joining-a-server', '/docs/tutorials/:id?', <Tutorials />);
    expect(screen.getByRole('link', { name: '← Alle Tutorials' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Geführte Tour starten' })).toBeTruthy();
  });

  it("draws a page's tables with their titles and column labels in German, their rows as written", async () => {
    const Commands = await loadPage('/docs/commands/:command?');
    await act(() => setLocale('de'));
    renderDocs('/docs/commands', '/docs/commands/:command?', <Commands />);
    const table = screen.getByRole('table', { name: 'Admin-Flags' });
    expect(screen.getByRole('heading', { name: 'Admin-Flags' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Flag', 'Erlaubt']);
    expect(within(table).getByText('Reserved Slot')).toBeTruthy();
  });

  it('says every table title and column label in the English catalog exactly as content/tables says it', () => {
    const english = JSON.parse(readFileSync(path.resolve(__dirname, '../locales/en.json'), 'utf8')) as Record<
      string,
      string
    >;
    const tableKeys = Object.keys(english).filter((key) => key.startsWith('docs.tables.'));
    const expected: Record<string, string> = {};
    for (const table of content.tables) {
      expected[`docs.tables.${table.id}.title`] = table.title;
      for (const column of table.columns) expected[`docs.tables.${table.id}.column.${column.key}`] = column.label;
    }
    expect(Object.fromEntries(tableKeys.map((key) => [key, english[key]]))).toEqual(expected);
  });
});
