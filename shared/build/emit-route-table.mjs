// Run by the route-table plugin in a child process under tsx:
//   node --import tsx emit-route-table.mjs <remote dir> <remote id>
// Imports the remote's src/manifest.ts (the page loaders are never called), checks it against
// the contract's zod schema and version, and prints the route table (the manifest without the
// loaders) as JSON, with each locale's route labels from the remote's catalogs (route-labels.mjs).
// Any problem exits 1 with a message, which fails the remote's build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeLabels } from './route-labels.mjs';

const [remoteDir, expectedId] = process.argv.slice(2);
const manifestPath = path.join(remoteDir, 'src/manifest.ts');

function fail(message) {
  console.error(`[route-table] ${expectedId}: ${message}`);
  process.exit(1);
}

const contracts = await import(pathToFileURL(createRequire(import.meta.url).resolve('@outpost/contracts')).href);
const { default: manifest } = await import(pathToFileURL(manifestPath).href);

const parsed = contracts.remoteBuildManifestSchema.safeParse(manifest);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  fail(`src/manifest.ts is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
}
if (parsed.data.id !== expectedId)
  fail(`src/manifest.ts says id "${parsed.data.id}", the build is for "${expectedId}"`);
if (!contracts.isContractCompatible(parsed.data.contractVersion)) {
  fail(`built against contract ${parsed.data.contractVersion}, this tree speaks ${contracts.CONTRACT_VERSION}`);
}
const table = {
  id: parsed.data.id,
  contractVersion: parsed.data.contractVersion,
  routes: parsed.data.routes.map(({ load: _load, waitsForCatalogs: _waits, ...route }) => route),
};
const waitingWithoutLoader = parsed.data.routes.find((route) => route.waitsForCatalogs && !route.load);
if (waitingWithoutLoader) fail(`route ${waitingWithoutLoader.path} waits for catalogs but has no page loader`);
const checked = contracts.routeTableSchema.safeParse(table);
if (!checked.success) fail(`route table is invalid: ${checked.error.issues[0]?.message}`);
if (process.argv[4] === '--loaders') {
  // Which module each route's loader imports (`() => import('./pages/x')`), so the build can
  // name the page's chunks for the server's preload hints (page-assets.json). A loader
  // written any other way is simply not hinted. `catalogs`: the route declares that its loader
  // waits for the remote's catalogs too (`waitsForCatalogs`), so their English chunk is the page's.
  const loaders = {};
  for (const route of parsed.data.routes) {
    const specifier = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(route.load?.toString() ?? '')?.[1];
    if (specifier) loaders[route.path] = { specifier, catalogs: route.waitsForCatalogs === true };
  }
  process.stdout.write(JSON.stringify(loaders));
} else {
  const { labels, problem } = routeLabels(remoteDir, expectedId, checked.data.routes, contracts);
  if (problem) fail(problem);
  process.stdout.write(JSON.stringify(labels ? { ...checked.data, labels } : checked.data));
}
