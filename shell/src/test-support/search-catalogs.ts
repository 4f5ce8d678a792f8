import { searchCatalogs } from '../search/catalogs';

// The search results' English catalog, as the page brings it before the view draws (search-page.tsx).
await searchCatalogs.ready();
