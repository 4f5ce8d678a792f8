import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { rich } from './rich';

// A stand-in for Lingui's `t`: the message with its arguments put where the locale writes them.
const messages: Record<string, string> = {
  before: 'Press {key} to open {title}.',
  after: '{title} öffnest du mit {key}.',
};
const t = (id: string, values: Record<string, unknown>) =>
  (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

it('draws each element where the message puts its argument, in either order', () => {
  const nodes = { title: <strong>Bans</strong>, key: <kbd>F3</kbd> };
  expect(render(<p>{rich(t, 'before', nodes)}</p>).container.innerHTML).toBe(
    '<p>Press <kbd>F3</kbd> to open <strong>Bans</strong>.</p>',
  );
  expect(render(<p>{rich(t, 'after', nodes)}</p>).container.innerHTML).toBe(
    '<p><strong>Bans</strong> öffnest du mit <kbd>F3</kbd>.</p>',
  );
});

it('draws a message without elements as its text', () => {
  expect(render(<p>{rich(t, 'plain', {})}</p>).container.textContent).toBe('plain');
});
