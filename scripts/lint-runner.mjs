// What the allow-listed source checks of `pnpm lint` share (check-kit-usage.mjs,
// check-jsx-strings.mjs): which files they read, and how a check reports and exits when run as
// a script. Each check keeps only its rules, its file selection and its sentences.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this folder's parent). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function* walk(directory) {
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Every remote's src folder that exists (`remotes/<id>/src`), relative to `base`. */
export function remoteSourceFolders(base = root) {
  const folders = [];
  for (const remote of readdirSync(path.join(base, 'remotes'))) {
    const src = path.join('remotes', remote, 'src');
    try {
      if (statSync(path.join(base, src)).isDirectory()) folders.push(src.split(path.sep).join('/'));
    } catch {}
  }
  return folders;
}

/** The files below `folders` (relative to `base`) that `keep` accepts, as sorted repository paths with `/`. */
export function filesUnder(folders, keep, base = root) {
  return folders
    .flatMap((folder) => [...walk(path.join(base, folder))])
    .map((file) => path.relative(base, file).split(path.sep).join('/'))
    .filter(keep)
    .sort();
}

/** Reads a repository path (as `filesUnder` gives it) from the working tree. */
export function readSource(file) {
  return readFileSync(path.join(root, file), 'utf8');
}

/**
 * Runs a check when `moduleUrl` is the script node was started with (not when a test imports
 * it): `check()` gives the problems, one sentence each, and the line to print when there are
 * none. Problems go to stderr and exit 1, which fails `pnpm lint`.
 */
export function runAsScript(moduleUrl, check) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const { problems, ok } = check();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(ok);
}
