import { LOCALE_NAMES, LOCALES } from '@outpost/contracts/browser';
import { useLocale } from '@outpost/host';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/catalogs';
import { chooseLocale } from '../i18n/locale';
import { closeOnEscape } from './close-on-escape';

/**
 * Each language named in itself (and marked with its own `lang`, so a screen reader says
 * "Deutsch" in German), the active one marked current: the list items of a dropdown menu.
 */
export function LanguageChoices({ onChoose }: { onChoose?(): void }) {
  const active = useLocale();
  return LOCALES.map((locale) => (
    <li key={locale}>
      <button
        type="button"
        className="navbar-item"
        lang={locale}
        aria-current={locale === active ? 'true' : undefined}
        onClick={() => {
          onChoose?.();
          void chooseLocale(locale);
        }}
      >
        {LOCALE_NAMES[locale]}
      </button>
    </li>
  ));
}

/**
 * A visitor's language menu in the navbar (a signed-in user's is in their user menu, where the
 * row has room for it: the navbar's entries would otherwise move into More).
 */
export function LanguageMenu() {
  const active = useLocale();
  const t = useT();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div
      className={`navbar-dropdown language-menu${open ? ' is-open' : ''}`}
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
        aria-label={t('shell.nav.languageCurrent', { language: LOCALE_NAMES[active] })}
        title={t('shell.nav.language')}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The language's code alone (PT, ZH: two letters, as EN and DE), so the navbar keeps its room. */}
        <span aria-hidden="true">{active.split('-')[0]?.toUpperCase()}</span>
      </button>
      <ul className="dropdown-menu dropdown-right">
        <LanguageChoices onChoose={() => setOpen(false)} />
      </ul>
    </div>
  );
}
