declare module '*.css';

/** The compiled content/ folder, set at build time by docsContentPlugin (DocsContent). */
declare const __DOCS_CONTENT__: import('@outpost/contracts').DocsContent;

/** A locale's translated pages (page id → markdown), written by docsContentPlugin to .generated/. */
declare module '*.translations.json' {
  const pages: Record<string, string>;
  export default pages;
}
