import { lazy, Suspense } from 'react';

// The results view (and the zod schemas it parses with) loads only when /search is opened,
// keeping it out of the first page's JavaScript.
const SearchResults = lazy(() => import('../search/search-results'));

export default function SearchPage() {
  return (
    <Suspense fallback={<p className="loading">Loading search…</p>}>
      <SearchResults />
    </Suspense>
  );
}
