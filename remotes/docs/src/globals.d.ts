declare module '*.css';

/** The compiled content/ folder, set at build time by docsContentPlugin (DocsContent). */
declare const __DOCS_CONTENT__: import('@outpost/contracts').DocsContent;
