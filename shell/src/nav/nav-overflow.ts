import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { NavDropdown, NavEntry, NavLink, NavSection } from './build-nav';

// The navbar stays one row at any width on a desktop (issue 22): the entries that do not fit go
// into a "More" menu at its end, the priority+ pattern. A community with more sections than the
// six, or a long site name, gets a More menu instead of a second row running under the search.

/**
 * Which entries (of these widths) the row shows in `room`: every one when all fit; else, taken in
 * `order` (indexes, the most wanted first), each that still fits beside the More trigger, the
 * row stopping at the first that does not. The row keeps the entries' own order.
 */
export function fitEntries(
  widths: readonly number[],
  room: number,
  moreWidth: number,
  order: readonly number[],
): boolean[] {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= room) return widths.map(() => true);
  const shown = widths.map(() => false);
  let used = moreWidth;
  for (const index of order) {
    const width = widths[index] ?? 0;
    if (used + width > room) break;
    used += width;
    shown[index] = true;
  }
  return shown;
}

/**
 * The order entries keep their place in the row: the staff tools first (what a signed-in
 * moderator came for; on a busy row Moderation went into More behind Leaderboards, issue 22),
 * then the site's pages from the left.
 */
export function rowPriority(entries: readonly Pick<NavEntry, 'group'>[]): number[] {
  const indexes = entries.map((_, index) => index);
  return [
    ...indexes.filter((index) => entries[index]?.group === 'staff'),
    ...indexes.filter((index) => entries[index]?.group !== 'staff'),
  ];
}

/**
 * The More menu holding the entries that did not fit: a link stays a link, a menu becomes a
 * section. `words`: its label and description in the reader's language.
 */
export function moreMenu(hidden: readonly NavEntry[], words: { label: string; description: string }): NavDropdown {
  const sections: NavSection[] = [];
  let loose: NavLink[] = [];
  const flush = () => {
    if (loose.length > 0) sections.push({ key: `more-${loose[0]?.key}`, links: loose });
    loose = [];
  };
  for (const entry of hidden) {
    if (entry.kind === 'link') {
      loose.push(entry);
      continue;
    }
    flush();
    sections.push({
      key: `more-${entry.key}`,
      title: entry.label,
      links: entry.sections.flatMap((section) => section.links),
    });
  }
  flush();
  const first = sections[0]?.links[0];
  return {
    kind: 'dropdown',
    key: 'nav-more',
    label: words.label,
    to: first?.to ?? '/',
    description: words.description,
    sections,
  };
}

const DESKTOP = '(min-width: 901px)';
/** Room kept for the More trigger. */
const MORE_WIDTH_PX = 90;

/**
 * Which of the entries the row shows, by key (null: all, as on a phone, on the server and in the
 * first render). Each entry's width is measured while all are shown and kept by key, so hiding
 * some does not lose what they need to come back when the window grows.
 */
export function useNavOverflow(
  list: RefObject<HTMLUListElement | null>,
  entries: readonly NavEntry[],
): ReadonlySet<string> | null {
  // The shown keys joined: a string, so fitting the same again renders nothing new.
  const [shown, setShown] = useState<string | null>(null);
  const widths = useRef(new Map<string, number>());
  const signature = entries.map((entry) => `${entry.key}:${entry.label}:${entry.badge?.count ?? ''}`).join('|');
  const lastSignature = useRef('');

  useLayoutEffect(() => {
    const element = list.current;
    if (!element || typeof window.matchMedia !== 'function' || typeof ResizeObserver === 'undefined') return;
    const keys = entries.map((entry) => entry.key);
    const measure = () => {
      // Each entry's own box, its margins and the list's gap: independent of where it sits, so a
      // row that overflows (or wraps) measures the same.
      const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
      for (const item of element.querySelectorAll<HTMLElement>(':scope > li[data-nav-key]')) {
        const style = getComputedStyle(item);
        const margins = (Number.parseFloat(style.marginLeft) || 0) + (Number.parseFloat(style.marginRight) || 0);
        widths.current.set(item.dataset.navKey ?? '', item.getBoundingClientRect().width + margins + gap);
      }
    };
    const update = () => {
      if (!window.matchMedia(DESKTOP).matches) return setShown(null);
      const known = keys.map((key) => widths.current.get(key));
      if (known.some((width) => width === undefined)) return setShown(null);
      const fits = fitEntries(known as number[], element.clientWidth, MORE_WIDTH_PX, rowPriority(entries));
      setShown(fits.every(Boolean) ? null : keys.filter((_, index) => fits[index]).join('\n'));
    };
    if (signature !== lastSignature.current) {
      // New or changed entries: show them all once, measure, then fit.
      if (shown !== null) {
        setShown(null);
        return;
      }
      lastSignature.current = signature;
      widths.current.clear();
    }
    if (shown === null && window.matchMedia(DESKTOP).matches) measure();
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [signature, shown, list, entries]);

  return useMemo(() => (shown === null ? null : new Set(shown === '' ? [] : shown.split('\n'))), [shown]);
}
