import { createElement, memo, useEffect, useSyncExternalStore } from 'react';
import { FIRST_SCREEN_GLYPHS } from './glyphs/first-screen';
import type { Glyph } from './glyphs/glyph';
import type { FirstScreenIcon, LaterIcon } from './glyphs/names';

// SVG icons drawn from lucide's glyphs (copied by scripts/emit-glyphs.ts; glyphs/names.ts says
// which glyph draws each name). Emoji showed as empty boxes on machines without an emoji font;
// SVG renders the same everywhere. The kit draws them itself, as lucide-react would (same
// attributes, same elements), without lucide-react's runtime: 1.2 KB brotli of every first load.
// The first screen's glyphs are here, in core; the later ones (staff nav, buttons) are brought
// by the full kit (index.ts) or, when a core component draws one first (the signed-in nav's
// menus), on first use. Until then the icon is an empty box of its size: nothing shifts.

/** Every icon the kit draws: the route icons of the contracts (RouteIcon) plus the button/state icons. */
export type IconName = FirstScreenIcon | LaterIcon;

const glyphs: Partial<Record<IconName, Glyph>> = { ...FIRST_SCREEN_GLYPHS };
/** Whether the later glyphs are here: a name still without a glyph then has none. */
let complete = false;
const listeners = new Set<() => void>();
let requested = false;

/** Adds the later glyphs (the full kit calls this as it loads) and redraws every icon waiting for one. */
export function provideLaterGlyphs(later: Record<LaterIcon, Glyph>): void {
  Object.assign(glyphs, later);
  complete = true;
  for (const listener of listeners) listener();
}

/** Fetches the later glyphs once (again after a failure, at the next icon that needs them). */
function loadLaterGlyphs(): void {
  if (requested) return;
  requested = true;
  import(/* webpackChunkName: "kit-glyphs" */ './glyphs/later').then(
    (module) => provideLaterGlyphs(module.LATER_GLYPHS),
    () => {
      requested = false;
    },
  );
}

/** The glyph of a name; undefined while it may still arrive, null when there is none. */
function glyphOf(name: IconName | undefined): Glyph | null | undefined {
  if (!name) return null;
  return glyphs[name] ?? (complete ? null : undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * An SVG icon. Decorative (aria-hidden) unless `label` is given, then it is an image with that name.
 * Unknown or missing names draw nothing. Memoized: a table row's status icon or a nav entry's
 * glyph need not be drawn again when its parent re-renders with the same name.
 */
export const Icon = memo(function Icon({
  name,
  label,
  size = 16,
}: {
  name: IconName | undefined;
  label?: string;
  size?: number;
}) {
  const glyph = useSyncExternalStore(
    subscribe,
    () => glyphOf(name),
    () => glyphOf(name),
  );
  const waiting = glyph === undefined;
  useEffect(() => {
    if (waiting) loadLaterGlyphs();
  }, [waiting]);
  // Unknown (only a route table from elsewhere can carry one) or missing: nothing.
  if (glyph === null) return null;
  return (
    <svg
      className="icon"
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : 'true'}
    >
      {glyph?.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
});
