import { LoadingState } from '@outpost/ui/core';
import { lazy, Suspense } from 'react';

// The results view (and the zod schemas it parses with) loads only when /search is opened,
// keeping it out of the first page's JavaScript.
// Its words come with it (search/catalogs.ts): drawn once they have arrived.
const SearchResults = lazy(() =>
  import('../search/search-results').then(async (module) => {
    await module.searchCatalogs.ready();
    return module;
  }),
);

export default function SearchPage() {
  return (
    <Suspense fallback={<LoadingState what="search" />}>
      <SearchResults />
    </Suspense>
  );
}
