import { can, useSessionStore } from '@outpost/host';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAccountModals } from '../account/account-modals';
import { useT } from '../i18n/catalogs';
import { logout } from '../session/logout';
import { closeOnEscape } from './close-on-escape';
import { LanguageChoices } from './language-menu';

/** SPEC 2 user menu: Profile, User Settings, Panel Administration (panel.view only), Logout; and (issue 27) the language. */
export function UserMenu() {
  const session = useSessionStore((state) => state.session);
  const show = useAccountModals((state) => state.show);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setOpen(false), [location.pathname]);
  if (!session) return null;
  return (
    <div
      className={`navbar-dropdown user-menu${open ? ' is-open' : ''}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => closeOnEscape(event, open, setOpen)}
    >
      <button
        ref={toggle}
        type="button"
        className="navbar-item"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {session.avatarUrl && <img className="avatar" src={session.avatarUrl} alt="" width={24} height={24} />}
        {session.name}
      </button>
      <ul className="dropdown-menu dropdown-right">
        <li>
          <Link className="navbar-item" to={`/admin/players/${encodeURIComponent(session.id)}`}>
            {t('shell.userMenu.profile')}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="navbar-item"
            onClick={() => {
              setOpen(false);
              // The item hides with the menu: the focus moves to the menu's button, where the
              // modal gives it back when it closes.
              toggle.current?.focus();
              show('settings', toggle.current);
            }}
          >
            {t('shell.userMenu.settings')}
          </button>
        </li>
        {can(session, 'panel.view') && (
          <li>
            <Link className="navbar-item" to="/panel/dashboard">
              {t('shell.userMenu.panel')}
            </Link>
          </li>
        )}
        <li className="dropdown-section">
          <hr className="dropdown-divider" />
          <span className="dropdown-heading">{t('shell.nav.language')}</span>
          <ul aria-label={t('shell.nav.language')}>
            <LanguageChoices onChoose={() => setOpen(false)} />
          </ul>
        </li>
        <li>
          <hr className="dropdown-divider" />
          <button
            type="button"
            className="navbar-item"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
          >
            {t('shell.userMenu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
