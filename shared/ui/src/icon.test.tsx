import { ROUTE_ICONS } from '@outpost/contracts';
import { render, waitFor } from '@testing-library/react';
import * as lucide from 'lucide-react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GLYPHS } from './glyphs/first-screen';
import { LATER_GLYPHS } from './glyphs/later';
import { FIRST_SCREEN_ICONS, LATER_ICONS } from './glyphs/names';
import { Icon, type IconName, provideLaterGlyphs } from './icon';

const ALL_ICONS: Record<string, string> = { ...FIRST_SCREEN_ICONS, ...LATER_ICONS };
const ALL_GLYPHS: Record<string, unknown> = { ...FIRST_SCREEN_GLYPHS, ...LATER_GLYPHS };

const pascal = (file: string) => file.replace(/(^|-)([a-z0-9])/g, (_, _dash, letter: string) => letter.toUpperCase());

/** What lucide-react draws for a glyph file: the svg's attributes and its children's markup. */
function lucideDrawing(file: string, size: number) {
  const Component = (lucide as unknown as Record<string, ComponentType<{ size: number }>>)[pascal(file)];
  if (!Component) throw new Error(`lucide-react has no ${pascal(file)}`);
  const svg = render(<Component size={size} />).container.querySelector('svg');
  return svg;
}

function attributes(element: Element, without: string[] = []) {
  return Object.fromEntries(
    [...element.attributes].filter(({ name }) => !without.includes(name)).map(({ name, value }) => [name, value]),
  );
}

describe('the kit’s glyphs', () => {
  it('are lucide-react’s, element for element (pnpm --filter @outpost/ui glyphs after changing glyphs/names.ts)', async () => {
    for (const [name, file] of Object.entries(ALL_ICONS)) {
      const { __iconData } = (await import(`lucide-react/icons/${file}`)) as {
        __iconData: { node: [string, Record<string, unknown>][] };
      };
      const expected = __iconData.node.map(([tag, { key: _key, ...rest }]) => [
        tag,
        Object.fromEntries(Object.entries(rest).map(([attribute, value]) => [attribute, String(value)])),
      ]);
      expect(ALL_GLYPHS[name], `${name} (lucide ${file})`).toEqual(expected);
    }
  });

  it('cover every route icon of the contracts, each name in one set only', () => {
    for (const icon of ROUTE_ICONS) expect(Object.keys(ALL_ICONS), icon).toContain(icon);
    const firstScreen = Object.keys(FIRST_SCREEN_ICONS);
    expect(Object.keys(LATER_ICONS).filter((name) => firstScreen.includes(name))).toEqual([]);
  });
});

describe('Icon', () => {
  it('draws a first-screen icon at once', () => {
    const svg = render(<Icon name="server" />).container.querySelector('svg');
    expect(svg?.children.length).toBeGreaterThan(0);
  });

  it('holds a later icon’s place with an empty box of its size until the later glyphs arrive, then draws it', async () => {
    const { container } = render(<Icon name="settings" size={18} label="Settings" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('18');
    expect(svg?.getAttribute('height')).toBe('18');
    // Named from the start: a labelled icon is never an image without a name.
    expect(svg?.getAttribute('aria-label')).toBe('Settings');
    expect(svg?.children).toHaveLength(0);
    await waitFor(() =>
      expect(container.querySelector('svg')?.innerHTML).toBe(lucideDrawing('settings', 18)?.innerHTML),
    );
    // Later icons drawn after that have their glyph from the first render.
    const next = render(<Icon name="bell" />).container.querySelector('svg');
    expect(next?.children.length).toBeGreaterThan(0);
  });

  it('draws nothing for a name no glyph has, once every glyph is known', async () => {
    const { container: copy } = render(<Icon name="copy" />);
    await waitFor(() => expect(copy.querySelector('svg')?.children.length).toBeGreaterThan(0));
    const { container } = render(<Icon name={'no-such-icon' as IconName} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Icon, every glyph', () => {
  it('draw each icon as lucide-react does (same svg attributes but the class, same elements)', () => {
    provideLaterGlyphs(LATER_GLYPHS);
    for (const [name, file] of Object.entries(ALL_ICONS)) {
      const ours = render(<Icon name={name as IconName} size={20} />).container.querySelector('svg');
      const theirs = lucideDrawing(file, 20);
      if (!ours || !theirs) throw new Error(`${name}: no svg`);
      expect(attributes(ours, ['class', 'focusable']), name).toEqual(attributes(theirs, ['class']));
      expect(ours.innerHTML, name).toBe(theirs.innerHTML);
      expect(ours.getAttribute('class')).toBe('icon');
    }
  });
});
