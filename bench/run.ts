// `pnpm bench`: runs every bench/*.bench.ts (or those named on the command line) and
// prints each budget of DESIGN section 5 with its measurement and verdict. Budgets are
// ratios against a baseline measured in the same run, never absolute timings in tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findRegressions, formatRegressions } from './regressions';

export interface BenchResult {
  /** The figure measured (what DESIGN section 5 names). */
  budget: string;
  measured: string;
  /** The budget it must meet. */
  limit: string;
  /**
   * The baseline measured in the same run that a relative budget compares against (the bare
   * page, the bare route, a plain stream copy...). Absent for absolute budgets.
   */
  baseline?: string;
  ok: boolean;
  /** The figure as one number (ms, KB, a ratio...), compared with the previous run's (regressions.ts). */
  value?: number;
  /** Which way the value is better, so a regression can be named. */
  better?: 'lower' | 'higher';
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** One table of every budget: figure, budget, same-run baseline, measured, verdict. */
export function formatTable(results: readonly BenchResult[]): string {
  const header = ['figure', 'budget', 'baseline (same run)', 'measured', 'verdict'];
  const rows = results.map((result) => [
    result.budget,
    result.limit,
    result.baseline ?? '-',
    result.measured,
    result.ok ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] as string).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] as number)).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
function readPrevious(file: string): { finishedAt: string; results: BenchResult[] } | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      finishedAt?: unknown;
      results?: unknown;
      earlier?: unknown;
    };
    if (typeof parsed.finishedAt !== 'string' || !Array.isArray(parsed.results)) return null;
    const earlier = Array.isArray(parsed.earlier) ? (parsed.earlier as BenchResult[]) : [];
    return { finishedAt: parsed.finishedAt, results: [...(parsed.results as BenchResult[]), ...earlier] };
  } catch {
    return null; // no previous run, or a file from an older format
  }
}

/** The previous rows this run did not measure. */
function notMeasured(previous: readonly BenchResult[], current: readonly BenchResult[]): BenchResult[] {
  const measured = new Set(current.map((result) => result.budget));
  return previous.filter((result) => !measured.has(result.budget));
}

// Every bench opens PostgreSQL through TEST_DATABASE_URL (test-databases.ts); BENCH_DATABASE_URL,
// when set, names the server to bench instead, for every bench alike.
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

/** One bench file run here: its rows, or one failed row when it crashed. */
async function runHere(file: string): Promise<BenchResult[]> {
  try {
    const bench = (await import(pathToFileURL(path.join(here, file)).href)) as {
      default: () => Promise<BenchResult[]>;
    };
    return await bench.default();
  } catch (error) {
    // One broken bench is a failed row in the table, not a run without a table.
    console.error(error);
    return [{ budget: file, measured: `crashed: ${(error as Error).message}`, limit: 'runs', ok: false }];
  }
}

/**
 * One bench file in a process of its own (`run.ts --one <file> <rows file>`), so no bench pays
 * for what the ones before it left: a heap grown by the 10,000,000-row seeding made every
 * collection dearer for whichever server allocated more (GET /api/servers against its bare
 * route: 84-90 % in the full run's process, 87-97 % alone), and a child process's
 * `resourceUsage().maxRSS` starts at its parent's RSS on Linux.
 */
async function runInOwnProcess(file: string): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-bench-'));
  const rowsFile = path.join(dir, 'rows.json');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(here, '..', 'node_modules/.bin/tsx'),
        [fileURLToPath(import.meta.url), '--one', file, rowsFile],
        {
          stdio: 'inherit',
        },
      );
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (!fs.existsSync(rowsFile))
      return [{ budget: file, measured: `crashed: its process exited with ${code}`, limit: 'runs', ok: false }];
    return JSON.parse(fs.readFileSync(rowsFile, 'utf8')) as BenchResult[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--one') {
  const [file, rowsFile] = process.argv.slice(3) as [string, string];
  fs.writeFileSync(rowsFile, JSON.stringify(await runHere(file)));
  // Fake servers and pools a bench left open must not keep its process alive.
  process.exit(0);
}

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
  const produced = await runInOwnProcess(file);
  for (const result of produced)
    console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${result.budget}: ${result.measured} (budget ${result.limit})`);
  console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  results.push(...produced);
}

const failed = results.filter((result) => !result.ok);
console.log(`\n${formatTable(results)}\n\n${results.length - failed.length} passed, ${failed.length} failed`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
const latestFile = path.join(here, 'results', 'latest.json');
// The previous run's rows (the file this run replaces), compared before it is overwritten.
const previous = readPrevious(latestFile);
console.log(
  `\n${formatRegressions(findRegressions(previous?.results ?? [], results), previous?.finishedAt ?? null).join('\n')}`,
);
if (previous) fs.copyFileSync(latestFile, path.join(here, 'results', 'previous.json'));
fs.writeFileSync(
  latestFile,
  // A run of some benches carries the previous file's other rows as `earlier`, so the next run compares them too.
  JSON.stringify(
    {
      finishedAt: new Date().toISOString(),
      benches: files,
      results,
      earlier: notMeasured(previous?.results ?? [], results),
    },
    null,
    2,
  ),
);
process.exit(failed.length > 0 ? 1 : 0);
