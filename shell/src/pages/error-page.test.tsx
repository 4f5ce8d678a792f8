import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPage from './error-page';
import '../test-support/chrome-words';

afterEach(cleanup);

const goBack = (query: string) => {
  render(
    <MemoryRouter initialEntries={[`/error?${query}`]}>
      <ErrorPage />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'Go back' }).getAttribute('href');
};

// Issue 9 item 4: /error's way back follows the one same-origin rule (sameOriginPath).
describe('/error Go back', () => {
  it('follows a path on this site', () => {
    expect(goBack('error=x&return=%2Fadmin%2Fbans%3Fpage%3D2')).toBe('/admin/bans?page=2');
  });
  it.each([
    '/\\evil.example',
    '//evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/a/..//evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('goes home instead of %j', (hostile) => {
    expect(goBack(`error=x&return=${encodeURIComponent(hostile)}`)).toBe('/');
  });
});
