import type { SearchKind } from '@outpost/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSearch } from './use-search';

export const GROUP_TITLES: Record<SearchKind, string> = {
  player: 'Players',
  ban: 'Bans',
  note: 'Notes',
  server: 'Servers',
};

/** Only links into our own app are followed; anything else is shown without a link. */
export function internalLink(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

/** /search?q=: players, bans, notes and servers in one ranked answer, grouped by kind. */
export default function SearchResults() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const state = useSearch(q);
  return (
    <section className="search-results" aria-label="Search results">
      <SearchBox initial={q} />
      {state.status === 'idle' && (
        <p className="muted">Search players (name or any SteamID form), bans, notes and servers.</p>
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
                  const to = internalLink(hit.link);
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
        placeholder="Name, SteamID, ban id, server…"
        onChange={(event) => setText(event.target.value)}
      />{' '}
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
