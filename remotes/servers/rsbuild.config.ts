import { defineRemoteConfig } from '@outpost/build';

// The overview's words travel in the page the server sends for `/` (features/overview/catalogs.ts).
export default defineRemoteConfig({
  id: 'servers',
  pageCatalogs: { 'servers-overview': ['src/features/overview/locales'] },
});
