import { overviewCatalogs, serversCatalogs } from '../catalogs';

// The staff pages' and the overview's English catalogs, as the page loaders bring them before a
// page draws (manifest.ts).
await Promise.all([serversCatalogs.ready(), overviewCatalogs.ready()]);
