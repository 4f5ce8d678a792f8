import { useMetaStore, useSessionStore } from '@outpost/host';
import { DIALOG_OPEN_EVENT, Icon } from '@outpost/ui/core';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import '../chrome/catalogs';
import { useT } from '../i18n/catalogs';
import { SignedInNavItems } from '../layout/signed-in-lazy';
import { LoginButtons } from '../session/login-buttons';
import { Preloaded } from '../startup/preloadable';
import { ThemeToggle } from '../theme/theme-toggle';
import type { NavDropdown, NavLink } from './build-nav';
import { closeOnEscape } from './close-on-escape';
import { LanguageMenu } from './language-menu';
import { moreMenu, useNavOverflow } from './nav-overflow';
import { prefetchPath } from './prefetch-path';
import { SearchBox } from './search-box';
import { useNav } from './use-nav';

export function Navbar() {
  const entries = useNav();
  const siteName = useMetaStore((state) => state.meta?.siteName ?? 'Outpost');
  const signedIn = useSessionStore((state) => state.session !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // The burger menu closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useCloseOnDialog(setMenuOpen);
  const list = useRef<HTMLUListElement>(null);
  const shown = useNavOverflow(list, entries);
  const inRow = shown === null ? entries : entries.filter((entry) => shown.has(entry.key));
  const t = useT();
  const more =
    shown === null
      ? null
      : moreMenu(
          entries.filter((entry) => !shown.has(entry.key)),
          { label: t('shell.chrome.nav.more'), description: t('shell.chrome.nav.moreDescription') },
        );

  return (
    <nav className={`navbar${menuOpen ? ' is-open' : ''}`} aria-label={t('shell.nav.label')}>
      <div className="navbar-brand">
        <Link to="/" className="brand-label">
          {siteName}
        </Link>
        <button
          type="button"
          className="burger"
          aria-label={t('shell.nav.menu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name="menu" size={22} />
          <NavBadge badge={menuBadge(entries)} />
        </button>
      </div>
      <ul ref={list} className={`navbar-menu${menuOpen ? ' is-open' : ''}`}>
        {inRow.map((entry, index) => {
          // The staff tools start apart from the site's pages.
          const first = entry.group === 'staff' && inRow[index - 1]?.group !== 'staff';
          const className = first ? 'navbar-staff-start' : undefined;
          return entry.kind === 'dropdown' ? (
            <Dropdown key={entry.key} entry={entry} className={className} navKey={entry.key} />
          ) : (
            <li key={entry.key} className={className} data-nav-key={entry.key}>
              <EntryLink link={entry} />
            </li>
          );
        })}
        {more && <Dropdown key={more.key} entry={more} className="navbar-more" />}
      </ul>
      <div className={`navbar-end${menuOpen ? ' is-open' : ''}`}>
        <SearchBox />
        {!signedIn && <LanguageMenu />}
        <ThemeToggle />
        {signedIn ? <Preloaded piece={SignedInNavItems} /> : <LoginButtons className="navbar-item" />}
      </div>
    </nav>
  );
}

/** A modal or drawer opening (the kit tells the document) closes the phone menu and the dropdowns. */
function useCloseOnDialog(setOpen: (open: boolean) => void) {
  useEffect(() => {
    const close = () => setOpen(false);
    document.addEventListener(DIALOG_OPEN_EVENT, close);
    return () => document.removeEventListener(DIALOG_OPEN_EVENT, close);
  }, [setOpen]);
}

/**
 * On a phone the entries hide behind the burger, so it carries the first badge among them
 * (its own name stays "Menu"; the entry inside says what the count is).
 */
function menuBadge(entries: ReturnType<typeof useNav>): NavLink['badge'] {
  for (const entry of entries) {
    if (entry.badge) return entry.badge;
    if (entry.kind === 'dropdown')
      for (const section of entry.sections) for (const link of section.links) if (link.badge) return link.badge;
  }
  return undefined;
}

/** A route's live count (e.g. unread discussions): the number, and what it counts for screen readers. */
function NavBadge({ badge }: { badge: NavLink['badge'] }) {
  const t = useT();
  if (!badge) return null;
  return (
    <>
      <span className="tag nav-badge" aria-hidden="true">
        {badge.count}
      </span>
      <span className="visually-hidden">{` ${t(`shell.chrome.nav.badge.${badge.name}`, { count: badge.count })}`}</span>
    </>
  );
}

/** A nav link; inside a menu it says what the page is for under its label. */
function EntryLink({ link, described = false }: { link: NavLink; described?: boolean }) {
  const content = (
    <>
      <Icon name={link.icon} /> <span className="navbar-label">{link.label}</span>
      {link.tag && <span className="tag">{link.tag}</span>}
      <NavBadge badge={link.badge} />
      {described && link.description && <span className="navbar-description">{link.description}</span>}
    </>
  );
  if (link.external) {
    return (
      <a
        className="navbar-item"
        href={link.to}
        title={described ? undefined : link.description}
        rel="noopener noreferrer"
      >
        {content}
      </a>
    );
  }
  return (
    <RouterNavLink
      className="navbar-item"
      to={link.to}
      title={described ? undefined : link.description}
      end={link.to === '/'}
      onMouseEnter={() => prefetchPath(link.to)}
      onFocus={() => prefetchPath(link.to)}
    >
      {content}
    </RouterNavLink>
  );
}

function Dropdown({ entry, className, navKey }: { entry: NavDropdown; className?: string; navKey?: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setOpen(false), [location.pathname]);
  useCloseOnDialog(setOpen);
  return (
    <li
      className={`navbar-dropdown${open ? ' is-open' : ''}${className ? ` ${className}` : ''}`}
      data-nav-key={navKey}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => closeOnEscape(event, open, setOpen)}
    >
      <button
        type="button"
        className="navbar-item"
        aria-haspopup="true"
        aria-expanded={open}
        title={entry.description}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={entry.icon} /> {entry.label}
        {entry.tag && <span className="tag">{entry.tag}</span>}
        <NavBadge badge={entry.badge} />
      </button>
      <ul className="dropdown-menu">
        {entry.sections.map((section, index) => (
          <li key={section.key} className="dropdown-section">
            {index > 0 && <hr className="dropdown-divider" />}
            {section.title && <span className="dropdown-heading">{section.title}</span>}
            <ul aria-label={section.title}>
              {section.links.map((link) => (
                <li key={link.key}>
                  <EntryLink link={link} described />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}
