// Small checks for the browser's first load, without zod. Each Shape is data generated from a
// zod schema of this package (check/describe.ts, browser-shapes.ts), so the zod schemas stay
// the one source of truth; `checker` reads a Shape with zod's semantics for the parts the
// contracts use (unknown keys dropped, defaults filled, the first failing path first), and
// answers like zod's safeParse/parse. browser-shapes.test.ts holds the two to the same verdicts.
import { RULES } from './rules';

export interface ShapeCheck {
  /** min_length, max_length, regex, gte/gt/lte/lt (numbers), rule (a named predicate, check/rules.ts). */
  k: 'min_length' | 'max_length' | 'regex' | 'gte' | 'gt' | 'lte' | 'lt' | 'rule';
  n?: number;
  /** regex: [source, flags]; rule: the predicate's name. */
  pattern?: [string, string];
  rule?: string;
  path?: (string | number)[];
  message?: string;
}

export type Shape =
  | { t: 'string' | 'boolean' | 'unknown'; checks?: ShapeCheck[] }
  | { t: 'number'; int?: boolean; checks?: ShapeCheck[] }
  | { t: 'literal' | 'enum'; values: (string | number | boolean | null)[] }
  | { t: 'array'; of: Shape; checks?: ShapeCheck[] }
  | { t: 'object'; shape: Record<string, Shape>; checks?: ShapeCheck[] }
  | { t: 'record'; key: Shape; value: Shape }
  | { t: 'optional' | 'nullable'; of: Shape }
  | { t: 'default'; of: Shape; value: unknown }
  | { t: 'custom'; rule: string; message?: string };

export interface Issue {
  path: PropertyKey[];
  message: string;
  /** Whether a later check of an enclosing value still runs (zod's `continue`). */
  continue: boolean;
}

export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

export interface Checker<T> {
  safeParse(value: unknown): CheckResult<T>;
  /** The checked value, or an Error naming the first problem. */
  parse(value: unknown): T;
}

const INVALID = 'Invalid input';
const regexes = new Map<string, RegExp>();
function regex([source, flags]: [string, string]): RegExp {
  const key = `${flags}/${source}`;
  let found = regexes.get(key);
  if (!found) {
    found = new RegExp(source, flags);
    regexes.set(key, found);
  }
  found.lastIndex = 0;
  return found;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function runChecks(checks: ShapeCheck[] | undefined, value: unknown, path: PropertyKey[], issues: Issue[]) {
  for (const check of checks ?? []) {
    let ok: boolean;
    const size = typeof value === 'string' || Array.isArray(value) ? value.length : Number.NaN;
    const n = check.n ?? 0;
    switch (check.k) {
      case 'min_length':
        ok = size >= n;
        break;
      case 'max_length':
        ok = size <= n;
        break;
      case 'regex':
        ok = check.pattern !== undefined && regex(check.pattern).test(value as string);
        break;
      case 'gte':
        ok = (value as number) >= n;
        break;
      case 'gt':
        ok = (value as number) > n;
        break;
      case 'lte':
        ok = (value as number) <= n;
        break;
      case 'lt':
        ok = (value as number) < n;
        break;
      case 'rule': {
        const rule = check.rule === undefined ? undefined : RULES[check.rule];
        ok = rule?.(value as never) ?? false;
        break;
      }
    }
    if (!ok) issues.push({ path: [...path, ...(check.path ?? [])], message: check.message ?? INVALID, continue: true });
  }
}

/** Whether an issue from index `from` on stops the checks of an enclosing value (zod's `aborted`). */
const aborted = (issues: Issue[], from: number) => issues.slice(from).some((issue) => !issue.continue);

/** The checked (and, like zod, copied: unknown keys dropped, defaults filled) value; issues pushed. */
function run(shape: Shape, value: unknown, path: PropertyKey[], issues: Issue[]): unknown {
  const fail = () => {
    issues.push({ path, message: INVALID, continue: false });
    return value;
  };
  switch (shape.t) {
    case 'unknown':
      return value;
    case 'string':
      if (typeof value !== 'string') return fail();
      runChecks(shape.checks, value, path, issues);
      return value;
    case 'boolean':
      return typeof value === 'boolean' ? value : fail();
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail();
      if (shape.int && !Number.isSafeInteger(value)) return fail();
      runChecks(shape.checks, value, path, issues);
      return value;
    case 'literal':
    case 'enum':
      return shape.values.includes(value as never) ? value : fail();
    case 'optional':
      return value === undefined ? value : run(shape.of, value, path, issues);
    case 'nullable':
      return value === null ? value : run(shape.of, value, path, issues);
    case 'default':
      return value === undefined ? structuredClone(shape.value) : run(shape.of, value, path, issues);
    case 'custom': {
      const rule = RULES[shape.rule];
      if (!rule?.(value as never)) issues.push({ path, message: shape.message ?? INVALID, continue: true });
      return value;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail();
      // zod's size cap: an array longer than a max_length among its leading length checks is
      // refused on that alone, its items never read (so a huge array costs nothing to refuse).
      for (const check of shape.checks ?? []) {
        if (check.k !== 'min_length' && check.k !== 'max_length') break;
        if (check.k === 'max_length' && value.length > (check.n ?? 0)) {
          issues.push({ path: [...path, ...(check.path ?? [])], message: check.message ?? INVALID, continue: false });
          return value;
        }
      }
      const from = issues.length;
      const out = value.map((item, index) => run(shape.of, item, [...path, index], issues));
      if (!aborted(issues, from)) runChecks(shape.checks, value, path, issues);
      return out;
    }
    case 'record': {
      if (!isPlainObject(value)) return fail();
      const out: Record<string, unknown> = {};
      for (const key of Reflect.ownKeys(value)) {
        // zod skips __proto__ too (an own key only when the JSON named it).
        if (typeof key !== 'string' || key === '__proto__') continue;
        run(shape.key, key, [...path, key], issues);
        out[key] = run(shape.value, value[key], [...path, key], issues);
      }
      return out;
    }
    case 'object': {
      if (!isPlainObject(value)) return fail();
      const from = issues.length;
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(shape.shape)) {
        const checked = run(inner, value[key], [...path, key], issues);
        // zod keeps a key the input had, and one a default filled in.
        if (key in value || checked !== undefined) out[key] = checked;
      }
      if (!aborted(issues, from)) runChecks(shape.checks, out, path, issues);
      return out;
    }
  }
}

export function checker<T>(shape: Shape): Checker<T> {
  const safeParse = (value: unknown): CheckResult<T> => {
    const issues: Issue[] = [];
    const data = run(shape, value, [], issues);
    return issues.length === 0 ? { success: true, data: data as T } : { success: false, error: { issues } };
  };
  return {
    safeParse,
    parse(value) {
      const result = safeParse(value);
      if (result.success) return result.data;
      const issue = result.error.issues[0];
      throw new Error(
        `${issue?.message ?? INVALID}${issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : ''}`,
      );
    },
  };
}
