import OverviewPage from './pages/overview-page';

/**
 * Pages the server may draw for a visitor's first screen (api/src/web/prerender), by route
 * path: the same component the browser renders, given the route's `data` the same way
 * (HostApi.takePrefetched). Built for Node into dist/prerender.cjs (shared/build).
 */
export const pages = { '/': { default: OverviewPage } };
