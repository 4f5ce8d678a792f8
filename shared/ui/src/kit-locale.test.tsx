import { registerCatalogs, setLocale } from '@outpost/host';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import zh from '../locales/zh-CN.json';
import { formatBytes } from './format-bytes';
import { formatDate, formatDay, formatRelativeTime, toLocalInputValue } from './format-time';
import { MarkdownEditor } from './markdown-editor';
import { ReasonDialog } from './reason-dialog';
import { DateTime } from './relative-time';
import { StatusBadge } from './status-badge';

// Issue 27: the kit's state labels and dates in the active locale. The kit's other locales come
// with the shell's locale chunk; here registered as the shell does.
void registerCatalogs({ en, de, ru, 'zh-CN': zh }).ready();

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

// Local wall time, so the test reads the same in any time zone.
const moment = new Date(2026, 11, 6, 7, 53).getTime() / 1000;
const now = new Date(2026, 11, 6, 10, 53);

describe('StatusBadge in the active locale', () => {
  it('draws the English label in English: the English catalog leaves the labels to the code', async () => {
    // Nor those of the kit's other parts outside its first one (kit-words.ts).
    expect(Object.keys(en).filter((key) => /^ui\.(status|reason|kick|markdown|form|notBuilt)\./.test(key))).toEqual([]);
    render(<StatusBadge status="ban.active" />);
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it.each([
    ['de', 'ban.active', 'Aktiv'],
    ['de', 'appeal.denied', 'Abgelehnt'],
    ['ru', 'ban.unbanned', 'Разбанен'],
    ['ru', 'report.resolved', 'Решена'],
    ['zh-CN', 'server.offline', '离线'],
  ] as const)('in %s, %s reads %s', async (locale, status, text) => {
    await act(() => setLocale(locale));
    render(<StatusBadge status={status} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('keeps a label the caller gives', async () => {
    await act(() => setLocale('de'));
    render(<StatusBadge status="ban.active" label="Läuft" />);
    expect(screen.getByText('Läuft')).toBeTruthy();
  });
});

describe('dates in the active locale, through Intl', () => {
  it('keeps the SPEC 9 English text in English', () => {
    expect(formatDate(moment)).toMatch(/^2026-12-06 at 07:53/);
    expect(formatDay(moment)).toBe('2026-12-06');
    expect(formatRelativeTime(moment, now)).toBe('3 hours ago');
  });

  it.each([
    ['de', '06.12.2026, 07:53', '06.12.2026', 'vor 3 Stunden', 'gestern'],
    ['ru', '06.12.2026, 07:53', '06.12.2026', '3 часа назад', 'вчера'],
    ['zh-CN', '2026/12/06 07:53', '2026/12/06', '3小时前', '昨天'],
  ] as const)('in %s: %s', async (locale, date, day, hours, yesterday) => {
    await act(() => setLocale(locale));
    expect(formatDate(moment)).toBe(date);
    expect(formatDay(moment)).toBe(day);
    expect(formatRelativeTime(moment, now)).toBe(hours);
    expect(formatRelativeTime(moment - 86_400, now)).toBe(yesterday);
    // What an input holds stays ISO in every locale.
    expect(toLocalInputValue(moment)).toBe('2026-12-06T07:53');
    render(<DateTime value={moment} now={now} />);
    expect(screen.getByText(date).getAttribute('title')).toBe(hours);
  });
});

describe("the kit's other parts in the active locale", () => {
  it('draws the reason dialog and the markdown editor in German, in English in English', async () => {
    const draw = () =>
      render(
        <>
          <ReasonDialog title="x" submitLabel="OK" onSubmit={() => {}} onCancel={() => {}} />
          <MarkdownEditor label="Text" value="" onChange={() => {}} maxLength={2000} />
        </>,
      );
    draw();
    expect(screen.getByLabelText('Reason')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByText('Nothing to preview yet.')).toBeTruthy();
    expect(screen.getByText('0 / 2,000 characters')).toBeTruthy();
    cleanup();
    await act(() => setLocale('de'));
    draw();
    expect(screen.getByLabelText('Grund')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Vorschau' })).toBeTruthy();
    expect(screen.getByText('Noch nichts zur Vorschau.')).toBeTruthy();
    expect(screen.getByText('0 / 2.000 Zeichen')).toBeTruthy();
    expect(formatBytes(1536)).toBe('1,5 KiB');
    await act(() => setLocale('en'));
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });
});
