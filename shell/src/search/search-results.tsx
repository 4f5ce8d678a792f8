import type { SearchHit, SearchKind } from '@outpost/contracts';
import {
  type Column,
  DataTable,
  DateTime,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  SearchFilter,
  StatusBadge,
  Toolbar,
} from '@outpost/ui';
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
  const { state, retry } = useSearch(q);
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const groups = state.status === 'ready' ? state.response.groups.filter((group) => group.hits.length > 0) : [];
  return (
    <section className="search-page" aria-label="Search results">
      {/* The page's title and description are the shell's header (its route entry). */}
      <Toolbar>
        <SearchFilter
          label="Search everything"
          placeholder="Name, SteamID, ban reason or id, server"
          value={q}
          // SPEC 5: blank after trimming does nothing (SearchFilter hands over the trimmed text).
          onSearch={(text) => {
            if (text) void navigate(`/search?q=${encodeURIComponent(text)}`);
          }}
        />
      </Toolbar>
      {state.status === 'idle' && (
        <EmptyState title="What are you looking for?">
          Type a name, a SteamID, a ban reason or a server above.
        </EmptyState>
      )}
      {state.status === 'loading' && <LoadingState what="results" />}
      {state.status === 'failed' && <ErrorState what="results" message={state.message} onRetry={retry} />}
      {state.status === 'ready' && groups.length === 0 && (
        <EmptyState title="Nothing found">
          No player, ban, note, server or page matches “{state.response.query}”.
        </EmptyState>
      )}
      {/* A section per kind, its table drawn straight on the page (cards on a phone, as on /bans). */}
      {groups.map((group) => (
        <section key={group.kind} className="search-group" aria-label={GROUP_TITLES[group.kind]}>
          <PageHeader level={2} title={GROUP_TITLES[group.kind]} />
          <DataTable
            caption={`${GROUP_TITLES[group.kind]} matching “${q.trim()}”`}
            columns={COLUMNS[group.kind](here)}
            rows={group.hits}
            rowKey={(hit) => `${hit.kind}:${hit.id}`}
          />
        </section>
      ))}
    </section>
  );
}

/** The hit's title, as a link when it leads somewhere in the app. */
function HitLink({ hit, returnTo }: { hit: SearchHit; returnTo: string }) {
  const to = internalLink(hit.link, returnTo);
  return to ? <Link to={to}>{hit.title}</Link> : <span>{hit.title}</span>;
}

const subtitle = (hit: SearchHit) => hit.subtitle ?? <span className="muted">-</span>;
const created = (hit: SearchHit) =>
  hit.createdAt === undefined ? <span className="muted">-</span> : <DateTime value={hit.createdAt} />;

function titleColumn(label: string, returnTo: string): Column<SearchHit> {
  return {
    key: 'title',
    label,
    phone: 'primary',
    render: (hit) => <HitLink hit={hit} returnTo={returnTo} />,
  };
}

/** One table per kind of result, with the columns that kind has (cards on a phone). */
const COLUMNS: Record<SearchKind, (returnTo: string) => Column<SearchHit>[]> = {
  player: (returnTo) => [
    titleColumn('Player', returnTo),
    { key: 'steamid', label: 'SteamID', render: (hit) => <code>{hit.subtitle ?? hit.id}</code> },
  ],
  ban: (returnTo) => [
    titleColumn('Ban', returnTo),
    { key: 'reason', label: 'Reason', render: subtitle },
    {
      key: 'status',
      label: 'Status',
      render: (hit) => (hit.status ? <StatusBadge status={`ban.${hit.status}`} /> : <span className="muted">-</span>),
    },
    { key: 'banned', label: 'Banned', render: created },
  ],
  note: (returnTo) => [
    titleColumn('Note', returnTo),
    { key: 'text', label: 'Text', render: subtitle },
    { key: 'written', label: 'Written', render: created },
  ],
  server: (returnTo) => [
    titleColumn('Server', returnTo),
    { key: 'where', label: 'Group and address', render: subtitle },
  ],
  doc: (returnTo) => [titleColumn('Page', returnTo), { key: 'summary', label: 'Summary', render: subtitle }],
  command: (returnTo) => [titleColumn('Command', returnTo), { key: 'summary', label: 'Summary', render: subtitle }],
};
