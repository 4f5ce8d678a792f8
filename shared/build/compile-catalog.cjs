// One catalog compiler for the two builds that import catalogs: the browser's (Rspack loader)
// and the prerender module's (esbuild plugin); vitest.config.ts compiles with it too (Lingui 5
// does not compile raw messages at run time).
// The throwing variant: a broken message fails the build instead of shipping as raw text.
const { compileMessageOrThrow } = require('@lingui/message-utils/compileMessage');

/** locales/*.json: what counts as a catalog file. */
const CATALOG_PATTERN = /[\\/]locales[\\/][a-z]{2,3}(?:-[A-Za-z0-9]+)*\.json$/;

/**
 * `<remote>.route.<route>.<field>`: a route's label, which the build puts in the route table
 * (route-labels.mjs) and the server serves in the visitor's language. No page asks for it:
 * left out of the compiled catalog, so no locale's chunk carries it twice.
 */
const ROUTE_LABEL_KEY = /^[a-z0-9-]+\.route\./;

/**
 * The kit's English catalog is bundled with its first part, on every first load; the English of a
 * kit word its code carries anyway (the parts outside the first one: StatusBadge's labels in
 * STATUSES, the reason dialog, kick action, markdown editor, form buttons and not-built-yet page,
 * the toolbar's Search button and the access-denied card, through useKitWords) is left out of it, so the other locales' words for it cost the English
 * first load nothing. The component falls back to its own English when the active locale has no
 * message for the key.
 */
const ENGLISH_IN_CODE = {
  file: /[\\/]shared[\\/]ui[\\/]locales[\\/]en\.json$/,
  key: /^ui\.(status|reason|kick|markdown|form|notBuilt|search|accessDenied)\./,
};

/** JSON text of {id: ICU message} -> an ES module whose default export is Lingui's compiled messages. */
function compileCatalog(source, file = 'catalog') {
  return `export default ${JSON.stringify(compileMessages(JSON.parse(source), file))};\n`;
}

/** {id: ICU message} -> Lingui's compiled messages (what a page's catalogs carry as JSON). */
function compileMessages(messages, file = 'catalog') {
  const compiled = {};
  const englishInCode = ENGLISH_IN_CODE.file.test(file);
  for (const [id, message] of Object.entries(messages)) {
    if (ROUTE_LABEL_KEY.test(id)) continue;
    if (englishInCode && ENGLISH_IN_CODE.key.test(id)) continue;
    if (typeof message !== 'string') throw new Error(`${file}: ${id} is not a string`);
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: ${id} is not a valid ICU message: ${error.message}`);
    }
  }
  return compiled;
}

module.exports = { CATALOG_PATTERN, ENGLISH_IN_CODE, compileCatalog, compileMessages };
