import { serversCatalogs } from '../catalogs';

// The staff pages' English catalog, as the page loader brings it before a page draws (manifest.ts).
await serversCatalogs.ready();
