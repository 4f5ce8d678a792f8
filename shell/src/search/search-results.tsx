import type { SearchKind } from '@outpost/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearch } from './use-search';

export const GROUP_TITLES: Record<SearchKind, string> = {
  player: 'Players',
  ban: 'Bans',
  note: 'Notes',
  server: 'Servers',
  doc: 'Docs',
  command: 'Commands',
};

/**
 * Only links into our own app are followed; anything else is shown without a link. A player
 * link is the manage-user route, so it carries returnTo = this page.
 */
export function internalLink(link: string, returnTo: string): string | null {
  if (!link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) return null;
  if (!link.startsWith('/admin/players/') || link.includes('?')) return link;
  return `${link}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** /search?q=: players, bans, notes, servers, docs and commands in one ranked answer, grouped by kind. */
export default function SearchResults() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = useSearch(q);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="search-results" aria-label="Search results">
      <SearchBox initial={q} />
      {state.status === 'idle' && (
        <p className="muted">Search players (name or any SteamID form), bans, notes, servers, docs and commands.</p>
      )}
      {state.status === 'loading' && <p className="loading">Searching…</p>}
      {state.status === 'failed' && (
        <p className="error-text" role="alert">
          Search failed: {state.message}
        </p>
      )}
      {state.status === 'ready' && state.response.groups.every((group) => group.hits.length === 0) && (
        <p className="card muted">Nothing found for “{state.response.query}”.</p>
      )}
      {state.status === 'ready' &&
        state.response.groups
          .filter((group) => group.hits.length > 0)
          .map((group) => (
            <section key={group.kind} className="card" aria-label={GROUP_TITLES[group.kind]}>
              <h2>{GROUP_TITLES[group.kind]}</h2>
              <ul>
                {group.hits.map((hit) => {
                  const to = internalLink(hit.link, here);
                  return (
                    <li key={`${hit.kind}:${hit.id}`}>
                      {to ? <Link to={to}>{hit.title}</Link> : <span>{hit.title}</span>}
                      {hit.subtitle && <span className="muted"> · {hit.subtitle}</span>}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
    </section>
  );
}

// The shell's stylesheet has no text-input class yet (another team owns it).
const SEARCH_INPUT_STYLE = { font: 'inherit', padding: '0.4rem 0.55rem', minWidth: 'min(24rem, 60vw)' };

function SearchBox({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC 5: blank after trimming does nothing.
    if (text.trim()) navigate(`/search?q=${encodeURIComponent(text.trim())}`);
  };
  return (
    <form role="search" className="card" onSubmit={submit}>
      <label htmlFor="search-page-input">Search</label>{' '}
      <input
        id="search-page-input"
        type="search"
        value={text}
        maxLength={200}
        style={SEARCH_INPUT_STYLE}
        placeholder="Name, SteamID, ban id, server…"
        onChange={(event) => setText(event.target.value)}
      />{' '}
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
