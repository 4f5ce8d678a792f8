#!/usr/bin/env node
// DESIGN rule 9: every remote draws with the kit. Refuses, in remotes/*/src (tests aside), raw
// <table>s, the kit's look classes on a remote's own elements, colours of a remote's own (CSS and
// TSX) and hand-made date formatting; and, in the shell and the kit too, physical left/right in
// layout (issue 27 item 5: logical properties, so a right-to-left locale mirrors). Files not yet redrawn are listed in kit-usage/allow-list.mjs,
// which must shrink to empty; an entry whose file now passes is an error too (take it out).
// Run by `pnpm lint`; each rule has a fixture test (kit-usage/rules.test.mjs).
import { ALLOW_LIST } from './kit-usage/allow-list.mjs';
import { RULES } from './kit-usage/rules.mjs';
import { filesUnder, readSource, remoteSourceFolders, root, runAsScript } from './lint-runner.mjs';

const notATest = (file) => !/\.test\.[tj]sx?$/.test(file);

/** The remote sources the rules read: remotes/<id>/src/**, without tests. */
export function remoteSources(base = root) {
  return filesUnder(remoteSourceFolders(base), notATest, base);
}

/** Every violation, and the allow-list entries that no longer match one (stale). */
export function checkKitUsage(files, read, allowList = ALLOW_LIST) {
  const violations = [];
  const allowedHits = new Set();
  for (const file of files) {
    const isRemote = file.startsWith('remotes/');
    for (const [rule, { files: pattern, check, everywhere }] of Object.entries(RULES)) {
      if (!pattern.test(file) || (!isRemote && !everywhere)) continue;
      const found = check(read(file), file);
      if (found.length === 0) continue;
      if (allowList[rule]?.includes(file)) {
        allowedHits.add(`${rule}\u0000${file}`);
        continue;
      }
      for (const hit of found) violations.push({ rule, file, ...hit });
    }
  }
  const stale = Object.entries(allowList).flatMap(([rule, listed]) =>
    listed.filter((file) => !allowedHits.has(`${rule}\u0000${file}`)).map((file) => ({ rule, file })),
  );
  return { violations, stale };
}

/** The shell's and the kit's sources (tests aside): the rules marked `everywhere` read them too. */
export function hostSources(base = root) {
  return filesUnder(['shell/src', 'shared/ui/src'], notATest, base);
}

runAsScript(import.meta.url, () => {
  const { violations, stale } = checkKitUsage([...remoteSources(), ...hostSources()], readSource);
  const waiting = Object.values(ALLOW_LIST).reduce((sum, list) => sum + list.length, 0);
  return {
    problems: [
      ...violations.map((v) => `${v.file}:${v.line}: ${v.rule}: ${v.excerpt}\n    ${RULES[v.rule].why}`),
      ...stale.map((s) => `scripts/kit-usage/allow-list.mjs: ${s.file} passes ${s.rule} now: take it off the list`),
    ],
    ok: `Kit usage: ok (${waiting} allow-listed file${waiting === 1 ? '' : 's'} still to redraw)`,
  };
});
