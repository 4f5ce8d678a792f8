// The door of the docs module: the tours route and what the global search needs from the docs build.
import { readSearchIndex } from './docs-build';
import { searchDocsIndex } from './docs-search';

export { docsModule } from './docs-module';

/**
 * The docs module keeps no tables: its data is the docs remote's build in the web root, so its
 * functions take the web root (null = this process serves the API only) instead of a database.
 */
export const docsService = {
  /** Docs pages, tutorials and commands matching q, scored like the other search kinds. */
  search(webRoot: string | null, q: string) {
    return webRoot ? searchDocsIndex(readSearchIndex(webRoot), q) : [];
  },
};
