// Rspack loader for locales/<locale>.json (Lingui's "minimal" JSON catalog: id -> ICU message):
// compiles every message at build time, so the browser ships Lingui's small runtime and no
// ICU parser. CommonJS: Rspack loads loaders with require().
const { compileCatalog } = require('./compile-catalog.cjs');

module.exports = function catalogLoader(source) {
  return compileCatalog(source, this.resourcePath);
};
