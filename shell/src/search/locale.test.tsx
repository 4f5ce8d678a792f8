import { setLocale } from '@outpost/host';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import SearchPage from '../pages/search-page';
import { provideTestHost } from '../test-support/fake-api';

// Issue 27: the search results' words come from their own catalogs (./locales), fetched with the
// results view when /search opens. Here through the page, as the shell draws it.

afterEach(async () => {
  cleanup();
  await setLocale('en');
});

it('draws /search in Russian: the field and what to look for', async () => {
  provideTestHost();
  await setLocale('ru');
  render(
    <MemoryRouter initialEntries={['/search']}>
      <SearchPage />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Что вы ищете?', {}, { timeout: 15_000 })).toBeTruthy();
  expect(screen.getByRole('searchbox', { name: 'Искать везде' })).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Результаты поиска' })).toBeTruthy();
});
