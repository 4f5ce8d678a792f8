// Regressions made visible (issue 30 item 4): each run's rows are compared with the previous
// run's file, row by row (the same figure, matched by its budget text), and a row whose
// value got more than 20 % worse is printed as such. Not a failure: these machines are
// noisy and the budgets are the failures; this shows the drift before it becomes one.
import type { BenchResult } from './run';

/** How much worse a value may get before it is named (a fifth). */
export const REGRESSION_THRESHOLD = 0.2;

export interface Regression {
  budget: string;
  previous: number;
  current: number;
  /** How much worse, as a fraction (0.35 = 35 % worse). */
  worse: number;
}

/** A row's figure as a number, if the bench gave one. */
function figureOf(result: BenchResult): number | null {
  return typeof result.value === 'number' && Number.isFinite(result.value) ? result.value : null;
}

/** The rows of `current` more than REGRESSION_THRESHOLD worse than the same row of `previous`. */
export function findRegressions(previous: readonly BenchResult[], current: readonly BenchResult[]): Regression[] {
  const before = new Map(previous.map((result) => [result.budget, result]));
  const found: Regression[] = [];
  for (const result of current) {
    const old = before.get(result.budget);
    const now = figureOf(result);
    const then = old ? figureOf(old) : null;
    if (!old || now === null || then === null || !result.better || old.better !== result.better) continue;
    // Relative to the previous value; a previous 0 (nothing stalled) compares on the absolute change.
    const base = Math.abs(then) > 0 ? Math.abs(then) : 1;
    const worse = result.better === 'lower' ? (now - then) / base : (then - now) / base;
    if (worse > REGRESSION_THRESHOLD) found.push({ budget: result.budget, previous: then, current: now, worse });
  }
  return found;
}

/** Three significant digits: enough to see a drift. */
const shown = (value: number) => String(Number(value.toPrecision(3)));

/** The lines a run prints for its regressions (empty when none, or no previous run). */
export function formatRegressions(regressions: readonly Regression[], previousAt: string | null): string[] {
  if (previousAt === null) return ['(no previous run to compare with)'];
  if (regressions.length === 0)
    return [`no row more than ${REGRESSION_THRESHOLD * 100} % worse than the run of ${previousAt}`];
  return [
    `${regressions.length} row(s) more than ${REGRESSION_THRESHOLD * 100} % worse than the run of ${previousAt} (not a failure: noisy machines; budgets decide):`,
    ...regressions.map(
      (regression) =>
        `WORSE  ${regression.budget}: ${shown(regression.previous)} -> ${shown(regression.current)} (${(regression.worse * 100).toFixed(0)} % worse)`,
    ),
  ];
}
