// `pnpm bench`: runs every bench/*.bench.ts (or those named on the command line) and
// prints each budget of DESIGN section 5 with its measurement and verdict. Budgets are
// ratios against a baseline measured in the same run, never absolute timings in tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchResult {
  budget: string;
  measured: string;
  limit: string;
  ok: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((want) => name.includes(want)))
  .sort();

const results: BenchResult[] = [];
for (const file of files) {
  console.log(`\n== ${file}`);
  const started = Date.now();
  const bench = (await import(pathToFileURL(path.join(here, file)).href)) as { default: () => Promise<BenchResult[]> };
  const produced = await bench.default();
  for (const result of produced)
    console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.budget}: ${result.measured} (budget ${result.limit})`);
  console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push(...produced);
}

const failed = results.filter((result) => !result.ok);
console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'latest.json'), JSON.stringify(results, null, 2));
process.exit(failed.length > 0 ? 1 : 0);
