#!/usr/bin/env node
// Issue 27 item 6: `pnpm lint` refuses user-visible words written into JSX (text children and
// the title/aria-label/placeholder/alt/label attributes) in every remote, the shell and the
// kit: they come from the owner's catalog (locales/<locale>.json, useT()). Proper nouns and code
// are allowed (jsx-strings/rule.mjs). Files not yet translated are listed in
// jsx-strings/allow-list.mjs, which must shrink to empty; an entry whose file now passes is an
// error too (take it out). Rule tests: jsx-strings/rule.test.mjs.
import { ALLOW_LIST } from './jsx-strings/allow-list.mjs';
import { findJsxStrings } from './jsx-strings/rule.mjs';
import { filesUnder, readSource, remoteSourceFolders, root, runAsScript } from './lint-runner.mjs';

/** The JSX sources a visitor sees: remotes/<id>/src, shell/src and the kit (shared/ui/src), tests and test-support aside. */
export function jsxSources(base = root) {
  return filesUnder(
    ['shell/src', 'shared/ui/src', ...remoteSourceFolders(base)],
    (file) => /\.[tj]sx$/.test(file) && !/\.test\.[tj]sx$/.test(file) && !/\/test-support\//.test(file),
    base,
  );
}

/** Every violation outside the allow-list, and the allow-list entries whose file now passes (stale). */
export function checkJsxStrings(files, read, allowList = ALLOW_LIST) {
  const violations = [];
  const stale = [];
  const listed = new Set(allowList);
  for (const file of files) {
    const hits = findJsxStrings(read(file), file);
    if (listed.has(file)) {
      listed.delete(file);
      if (hits.length === 0) stale.push(file);
      continue;
    }
    for (const hit of hits) violations.push({ file, ...hit });
  }
  // An entry naming a file that no longer exists is stale too.
  stale.push(...listed);
  return { violations, stale };
}

runAsScript(import.meta.url, () => {
  const { violations, stale } = checkJsxStrings(jsxSources(), readSource);
  return {
    problems: [
      ...violations.map(
        (v) =>
          `${v.file}:${v.line}: user-visible text in JSX: "${v.excerpt}"\n    take it from the catalog (useT()); proper nouns and code go in jsx-strings/rule.mjs`,
      ),
      ...stale.map(
        (file) => `scripts/jsx-strings/allow-list.mjs: ${file} passes now (or is gone): take it off the list`,
      ),
    ],
    ok: `JSX strings: ok (${ALLOW_LIST.length} allow-listed file${ALLOW_LIST.length === 1 ? '' : 's'} still to translate)`,
  };
});
