import { registerCatalogs, setLocale } from '@outpost/host';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import pl from '../locales/pl.json';
import ru from '../locales/ru.json';
import { ErrorState, LoadingState } from './states';

// The kit's own translations travel in the shell's locale chunk; here they are registered directly.
void registerCatalogs({ en, de, ru, pl }).ready();

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('the loading and failed states in the active locale', () => {
  it('English as the SPEC writes it: one text node while loading', () => {
    render(<LoadingState what="servers" />);
    expect(screen.getByRole('status').querySelector('p')?.childNodes).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Loading servers…');
    cleanup();
    render(<ErrorState what="servers" message="The server could not be reached" />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load servers: The server could not be reached');
  });

  it('German, Russian and Polish take the noun in the form their sentence needs', async () => {
    const cases = [
      ['de', 'Spieler', 'Lade Spieler…', 'Konnte Spieler nicht laden: Zeitüberschreitung'],
      ['ru', 'игроков', 'Загрузка игроков…', 'Ошибка загрузки игроков: Zeitüberschreitung'],
      ['pl', 'graczy', 'Wczytywanie graczy…', 'Nie udało się wczytać graczy: Zeitüberschreitung'],
    ] as const;
    for (const [locale, what, loading, failed] of cases) {
      await act(() => setLocale(locale));
      render(<LoadingState what={what} />);
      expect(screen.getByRole('status').textContent).toBe(loading);
      cleanup();
      render(<ErrorState what={what} message="Zeitüberschreitung" />);
      expect(screen.getByRole('alert').textContent).toBe(failed);
      cleanup();
    }
  });
});
