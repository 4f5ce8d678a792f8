import { SESSION_COUNTS } from '@outpost/contracts/browser';
import { useMetaStore, useSessionStore } from '@outpost/host';
import { Icon } from '@outpost/ui';
import { useEffect, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { SignedInNavItems } from '../layout/signed-in-lazy';
import { LoginButtons } from '../session/login-buttons';
import { Preloaded } from '../startup/preloadable';
import { ThemeToggle } from '../theme/theme-toggle';
import type { NavDropdown, NavLink } from './build-nav';
import { closeOnEscape } from './close-on-escape';
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

  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar-brand">
        <Link to="/" className="brand-label">
          {siteName}
        </Link>
        <button
          type="button"
          className="burger"
          aria-label="Menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name="menu" size={22} />
          <NavBadge badge={menuBadge(entries)} />
        </button>
      </div>
      <ul className={`navbar-menu${menuOpen ? ' is-open' : ''}`}>
        {entries.map((entry) =>
          entry.kind === 'dropdown' ? (
            <Dropdown key={entry.key} entry={entry} />
          ) : (
            <li key={entry.key}>
              <EntryLink link={entry} />
            </li>
          ),
        )}
      </ul>
      <div className={`navbar-end${menuOpen ? ' is-open' : ''}`}>
        <SearchBox />
        <ThemeToggle />
        {signedIn ? <Preloaded piece={SignedInNavItems} /> : <LoginButtons className="navbar-item" />}
      </div>
    </nav>
  );
}

/**
 * On a phone the entries hide behind the burger, so it carries the first badge among them
 * (its own name stays "Menu"; the entry inside says what the count is).
 */
function menuBadge(entries: ReturnType<typeof useNav>): NavLink['badge'] {
  for (const entry of entries) {
    if (entry.badge) return entry.badge;
    if (entry.kind === 'dropdown') for (const link of entry.sections.flat()) if (link.badge) return link.badge;
  }
  return undefined;
}

/** A route's live count (e.g. unread discussions): the number, and what it counts for screen readers. */
function NavBadge({ badge }: { badge: NavLink['badge'] }) {
  if (!badge) return null;
  return (
    <>
      <span className="tag nav-badge" aria-hidden="true">
        {badge.count}
      </span>
      <span className="visually-hidden">{` (${badge.count} ${SESSION_COUNTS[badge.name]})`}</span>
    </>
  );
}

function EntryLink({ link }: { link: NavLink }) {
  const content = (
    <>
      <Icon name={link.icon} /> {link.label}
      {link.tag && <span className="tag">{link.tag}</span>}
      <NavBadge badge={link.badge} />
    </>
  );
  if (link.external) {
    return (
      <a className="navbar-item" href={link.to} title={link.description} rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <RouterNavLink
      className="navbar-item"
      to={link.to}
      title={link.description}
      end={link.to === '/'}
      onMouseEnter={() => prefetchPath(link.to)}
      onFocus={() => prefetchPath(link.to)}
    >
      {content}
    </RouterNavLink>
  );
}

function Dropdown({ entry }: { entry: NavDropdown }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <li
      className={`navbar-dropdown${open ? ' is-open' : ''}`}
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
          <li key={section[0]?.key ?? index} className="dropdown-section">
            {index > 0 && <hr className="dropdown-divider" />}
            <ul>
              {section.map((link) => (
                <li key={link.key}>
                  <EntryLink link={link} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </li>
  );
}
