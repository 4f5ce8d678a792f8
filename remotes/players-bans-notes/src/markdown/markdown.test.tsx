import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from './markdown';

afterEach(cleanup);

it('shows a note as formatted, sanitised HTML', () => {
  const { container } = render(
    <Markdown source={'# Warned\nFor *spamming* [rules](https://example.org) [bad](javascript:alert(1))'} />,
  );
  expect(screen.getByRole('heading', { name: 'Warned' })).toBeTruthy();
  expect(screen.getByText('spamming').tagName).toBe('EM');
  expect(screen.getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('https://example.org');
  expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
  expect(container.textContent).toContain('bad');
});
