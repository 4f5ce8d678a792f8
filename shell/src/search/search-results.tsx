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
import { useT } from '../i18n/catalogs';
import { searchCatalogs } from './catalogs';
import { useSearch } from './use-search';

export { searchCatalogs };

type T = (key: string, values?: Record<string, unknown>) => string;

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
  const t = useT();
  const groups = state.status === 'ready' ? state.response.groups.filter((group) => group.hits.length > 0) : [];
  return (
    <section className="search-page" aria-label={t('shell.search.label')}>
      {/* The page's title and description are the shell's header (its route entry). */}
      <Toolbar>
        <SearchFilter
          label={t('shell.search.field')}
          placeholder={t('shell.search.placeholder')}
          value={q}
          // SPEC 5: blank after trimming does nothing (SearchFilter hands over the trimmed text).
          onSearch={(text) => {
            if (text) void navigate(`/search?q=${encodeURIComponent(text)}`);
          }}
        />
      </Toolbar>
      {state.status === 'idle' && (
        <EmptyState title={t('shell.search.idleTitle')}>{t('shell.search.idleText')}</EmptyState>
      )}
      {state.status === 'loading' && <LoadingState what={t('shell.search.what')} />}
      {state.status === 'failed' && (
        <ErrorState what={t('shell.search.what')} message={state.message} onRetry={retry} />
      )}
      {state.status === 'ready' && groups.length === 0 && (
        <EmptyState title={t('shell.search.noneTitle')}>
          {t('shell.search.noneText', { query: state.response.query })}
        </EmptyState>
      )}
      {/* A section per kind, its table drawn straight on the page (cards on a phone, as on /bans). */}
      {groups.map((group) => (
        <section key={group.kind} className="search-group" aria-label={t(`shell.search.group.${group.kind}`)}>
          <PageHeader level={2} title={t(`shell.search.group.${group.kind}`)} />
          <DataTable
            caption={t('shell.search.caption', { group: t(`shell.search.group.${group.kind}`), query: q.trim() })}
            columns={COLUMNS[group.kind](here, t)}
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
const COLUMNS: Record<SearchKind, (returnTo: string, t: T) => Column<SearchHit>[]> = {
  player: (returnTo, t) => [
    titleColumn(t('shell.search.col.player'), returnTo),
    { key: 'steamid', label: t('shell.search.col.steamid'), render: (hit) => <code>{hit.subtitle ?? hit.id}</code> },
  ],
  ban: (returnTo, t) => [
    titleColumn(t('shell.search.col.ban'), returnTo),
    { key: 'reason', label: t('shell.search.col.reason'), render: subtitle },
    {
      key: 'status',
      label: t('shell.search.col.status'),
      render: (hit) => (hit.status ? <StatusBadge status={`ban.${hit.status}`} /> : <span className="muted">-</span>),
    },
    { key: 'banned', label: t('shell.search.col.banned'), render: created },
  ],
  note: (returnTo, t) => [
    titleColumn(t('shell.search.col.note'), returnTo),
    { key: 'text', label: t('shell.search.col.text'), render: subtitle },
    { key: 'written', label: t('shell.search.col.written'), render: created },
  ],
  server: (returnTo, t) => [
    titleColumn(t('shell.search.col.server'), returnTo),
    { key: 'where', label: t('shell.search.col.where'), render: subtitle },
  ],
  doc: (returnTo, t) => [
    titleColumn(t('shell.search.col.page'), returnTo),
    { key: 'summary', label: t('shell.search.col.summary'), render: subtitle },
  ],
  command: (returnTo, t) => [
    titleColumn(t('shell.search.col.command'), returnTo),
    { key: 'summary', label: t('shell.search.col.summary'), render: subtitle },
  ],
};
