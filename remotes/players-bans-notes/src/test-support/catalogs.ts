import { playersBansNotesCatalogs } from '../catalogs';

// The remote's English catalog, as the page loader brings it before a page draws (manifest.ts).
await playersBansNotesCatalogs.ready();
