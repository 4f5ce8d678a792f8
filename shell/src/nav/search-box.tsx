import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../i18n/catalogs';

/** The query of /search?q=, so the box shows what the results page was opened with. */
function queryOnSearchPage(pathname: string, search: string): string | null {
  return pathname === '/search' ? new URLSearchParams(search).get('q') : null;
}

/** SPEC 5: enter with text that is blank after trimming does nothing; otherwise /search?q=. */
export function SearchBox() {
  const location = useLocation();
  const [text, setText] = useState(() => queryOnSearchPage(location.pathname, location.search) ?? '');
  const navigate = useNavigate();
  const t = useT();
  // /search?q=demo opened directly (or by back and forward) shows demo in the box.
  useEffect(() => {
    const query = queryOnSearchPage(location.pathname, location.search);
    if (query !== null) setText(query);
  }, [location.pathname, location.search]);
  return (
    <form
      className="navbar-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
      }}
    >
      <input
        type="search"
        className="input"
        placeholder={t('shell.nav.search')}
        aria-label={t('shell.nav.search')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
