import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from './markdown-lazy';

afterEach(cleanup);

it('shows a note as formatted, sanitised HTML once the renderer has loaded', async () => {
  const { container } = render(
    <Markdown text={'# Warned\nFor *spamming* [rules](https://example.org) [bad](javascript:alert(1))'} />,
  );
  expect(await screen.findByRole('heading', { name: 'Warned' }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText('spamming').tagName).toBe('EM');
  expect(screen.getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('https://example.org');
  expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
  expect(container.textContent).toContain('bad');
  expect(container.querySelector('.markdown')).not.toBeNull();
});
