import { followInApp } from '@outpost/ui/core';
import { type KeyboardEvent, type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
}

export interface TabsProps {
  /** The accessible name of the tab list. */
  label: string;
  tabs: TabItem[];
  active: string;
  onChange(id: string): void;
  /** The panel of the active tab. */
  children: ReactNode;
}

/**
 * Scrolls the strip sideways so its selected tab is whole in view (on a phone the strip scrolls
 * inside itself, and a page opened on its fifth tab showed the first four). Only the strip
 * moves, never the page.
 */
function useSelectedInView(strip: RefObject<HTMLElement | null>, selector: string, selected: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly selected tab is the trigger
  useLayoutEffect(() => {
    const element = strip.current;
    const tab = element?.querySelector<HTMLElement>(selector);
    if (!element || !tab) return;
    const box = element.getBoundingClientRect();
    const own = tab.getBoundingClientRect();
    if (own.left < box.left) element.scrollLeft -= box.left - own.left;
    else if (own.right > box.right) element.scrollLeft += own.right - box.right;
  }, [selected, strip, selector]);
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel renders. The
 * tab row never wraps: on a phone it scrolls sideways inside itself.
 */
export function Tabs({ label, tabs, active, onChange, children }: TabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  useSelectedInView(list, '[aria-selected="true"]', active);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="kit-tabs">
      <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'tab is-active' : 'tab'}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`}>
        {children}
      </div>
    </div>
  );
}

export interface TabLink {
  href: string;
  label: ReactNode;
  /** This tab's page is the one shown. */
  current: boolean;
}

/**
 * Tabs that are pages (each has its own URL: the player modal's Summary / Names / Servers): links
 * in a <nav>, the current one marked aria-current="page", in the same look as Tabs. In-app hrefs
 * navigate through the host's router.
 */
export function TabLinks({ label, links }: { label: string; links: readonly TabLink[] }) {
  const strip = useRef<HTMLUListElement>(null);
  useSelectedInView(strip, '[aria-current="page"]', links.find((link) => link.current)?.href ?? '');
  return (
    <nav className="kit-tabs" aria-label={label}>
      <ul className="tabs" ref={strip}>
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              className={link.current ? 'tab is-active' : 'tab'}
              aria-current={link.current ? 'page' : undefined}
              onClick={(event) => followInApp(event, link.href)}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
