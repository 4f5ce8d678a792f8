#!/usr/bin/env node
// DESIGN rule 2: remotes talk to the host only through shared/. This refuses imports
// from one remote into another, from a remote into the shell or the API, and from the
// shell into a remote. Inside the API (issue 8): a module is reached only through its door
// (api/src/modules/<id>/index.ts), and db/ and lib/ import no module or plugin (db/schema.ts
// only composes the modules' tables.ts). Run by `pnpm lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** Which area of the repository a file belongs to: 'shell', 'api', 'remote:<id>', 'shared', or null. */
export function areaOf(file) {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] === 'remotes' && relative[1]) return `remote:${relative[1]}`;
  if (relative[0] === 'shell' || relative[0] === 'api' || relative[0] === 'shared') return relative[0];
  return null;
}

/** The area an import specifier points into, resolving relative paths and workspace package names. */
export function targetArea(fromFile, specifier) {
  if (specifier.startsWith('.')) return areaOf(path.resolve(path.dirname(fromFile), specifier));
  const remote = /^@outpost\/remote-([a-z0-9-]+)/.exec(specifier);
  if (remote) return `remote:${remote[1]}`;
  if (specifier.startsWith('@outpost/shell')) return 'shell';
  if (specifier.startsWith('@outpost/api')) return 'api';
  return null;
}

/** Null when the import is allowed, else the reason it is not. */
export function violation(fromArea, toArea) {
  if (!fromArea || !toArea || fromArea === toArea) return null;
  if (fromArea.startsWith('remote:') && toArea.startsWith('remote:')) return 'a remote imports another remote';
  if (fromArea.startsWith('remote:') && (toArea === 'shell' || toArea === 'api'))
    return `a remote imports the ${toArea}`;
  if (fromArea === 'shell' && toArea.startsWith('remote:')) return 'the shell imports a remote';
  if (fromArea === 'shared' && (toArea === 'shell' || toArea === 'api' || toArea.startsWith('remote:')))
    return 'shared/ imports an app';
  return null;
}

const API_SRC = path.join(root, 'api', 'src');

/** Where a file sits inside api/src: { layer: 'modules' | 'db' | 'lib' | ..., module, rest } or null. */
export function apiPlaceOf(file) {
  const relative = path.relative(API_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) {
    return {
      layer: 'modules',
      module: parts[1],
      rest: parts
        .slice(2)
        .join('/')
        .replace(/\.(ts|tsx|mts|js|mjs)$/, ''),
    };
  }
  if (parts[0] === 'modules') return { layer: 'modules', module: parts[1].replace(/\.(ts|js)$/, ''), rest: 'index' };
  return { layer: parts.length > 1 ? parts[0] : 'root', module: null, rest: parts.slice(1).join('/') };
}

/** Null when an import between two files of api/src is allowed, else the reason it is not. */
export function apiViolation(fromFile, targetFile) {
  const from = apiPlaceOf(fromFile);
  const to = apiPlaceOf(targetFile);
  if (!from || !to) return null;
  if (from.layer === 'db' || from.layer === 'lib') {
    const composesTables =
      path.relative(API_SRC, fromFile).replace(/\.ts$/, '') === path.join('db', 'schema') &&
      to.layer === 'modules' &&
      to.rest === 'tables';
    if (to.layer === 'modules' && !composesTables) return `${from.layer}/ imports a module`;
    if (to.layer === 'plugins') return `${from.layer}/ imports a plugin`;
    return null;
  }
  // plugins/ are given what they need of a module by app.ts (issue 23); their tests may wire it too.
  if (from.layer === 'plugins' && to.layer === 'modules' && !/\.test\.[a-z]+$/.test(fromFile))
    return 'plugins/ imports a module';
  if (to.layer === 'modules' && from.module !== to.module && to.rest !== 'index') {
    return `imports the inside of module ${to.module}: import its door (modules/${to.module}/index.ts)`;
  }
  if (to.layer === 'modules' && from.layer === 'modules' && from.module === to.module) {
    return subDoorViolation(from.rest, to.rest, to.module);
  }
  return null;
}

/**
 * Inside a module (issue 23), a sub-feature folder (players-bans-notes/bans/, panel/webhooks/,
 * ...) is reached from outside it only through its own index.ts, its sub-door: a file not in
 * modules/<id>/<sub>/ imports modules/<id>/<sub>/index, never a file deeper in.
 */
export function subDoorViolation(fromRest, toRest, module) {
  const toParts = toRest.split('/');
  if (toParts.length < 2) return null;
  const sub = toParts[0];
  if (fromRest.split('/')[0] === sub && fromRest.includes('/')) return null;
  if (toParts.length === 2 && toParts[1] === 'index') return null;
  return `reaches past the sub-door of ${module}/${sub}: import modules/${module}/${sub}/index.ts`;
}

/** The module an import lands in, or null when it lands outside api/src/modules. */
function moduleOf(file) {
  const place = apiPlaceOf(file);
  return place?.layer === 'modules' ? place.module : null;
}

/**
 * The modules' door graph: module -> the modules its production code imports (test files
 * set up other modules' data and are left out). Edges: Map<from, Map<to, firstImportingFile>>.
 */
export function moduleGraph(files) {
  const graph = new Map();
  for (const { file, specifiers } of files) {
    if (/\.test\.[a-z]+$/.test(file)) continue;
    const from = moduleOf(file);
    if (!from) continue;
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), specifier));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, file);
    }
  }
  return graph;
}

/** Every cycle of the module graph, each as [a, b, ..., a] (one per strongly connected group). */
export function moduleCycles(graph) {
  const cycles = [];
  const done = new Set();
  for (const start of [...graph.keys()].sort()) {
    if (done.has(start)) continue;
    // Depth-first from start; a path back to a module on the stack is a cycle.
    const stack = [];
    const onStack = new Set();
    const visit = (node) => {
      stack.push(node);
      onStack.add(node);
      for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
        if (onStack.has(next)) {
          const cycle = [...stack.slice(stack.indexOf(next)), next];
          const key = [...new Set(cycle)].sort().join(',');
          if (!cycles.some((known) => [...new Set(known)].sort().join(',') === key)) cycles.push(cycle);
        } else if (!done.has(next)) visit(next);
      }
      stack.pop();
      onStack.delete(node);
      done.add(node);
    };
    visit(start);
  }
  return cycles;
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(name)) yield full;
  }
}

export function findViolations(dirs = ['shell', 'remotes', 'api', 'shared'].map((dir) => path.join(root, dir))) {
  const problems = [];
  const files = [];
  for (const dir of dirs) {
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
      files.push({ file, specifiers });
      for (const specifier of specifiers) {
        const reason =
          violation(areaOf(file), targetArea(file, specifier)) ??
          (specifier.startsWith('.') ? apiViolation(file, path.resolve(path.dirname(file), specifier)) : null);
        if (reason) problems.push(`${path.relative(root, file)}: imports '${specifier}': ${reason}`);
      }
    }
  }
  const graph = moduleGraph(files);
  for (const cycle of moduleCycles(graph)) {
    const via = cycle
      .slice(1)
      .map((to, i) => `${cycle[i]} -> ${to} (${path.relative(root, graph.get(cycle[i]).get(to))})`);
    problems.push(`API modules import each other in a cycle: ${via.join(', ')}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = findViolations();
  if (problems.length > 0) {
    console.error(`Import boundaries broken (DESIGN rule 2, API module doors):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Import boundaries: ok');
}
