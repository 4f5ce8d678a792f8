import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as browser from './browser';
import { BROWSER_SHAPES } from './browser-shapes';
import { describeSchema } from './check/describe';
import { BROWSER_SCHEMAS } from './check/emit-browser-shapes';
import type { Shape } from './check/shape';

/** Values a schema may meet: mostly well-formed ones, with anything at all now and then at every level. */
function arbitrary(shape: Shape): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: wellFormed(shape) }, { weight: 1, arbitrary: fc.anything() });
}

function wellFormed(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.t) {
    case 'unknown':
      return fc.jsonValue();
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = shape.checks?.find((check) => check.k === 'min_length')?.n ?? 0;
      const max = shape.checks?.find((check) => check.k === 'max_length')?.n;
      const pattern = shape.checks?.find((check) => check.k === 'regex')?.pattern;
      const plain = fc.string({ minLength: Math.max(0, min - 1), maxLength: (max ?? min + 20) + 1 });
      if (!pattern) return plain;
      return fc.oneof(fc.stringMatching(new RegExp(pattern[0], pattern[1])), plain);
    }
    case 'number': {
      const min = shape.checks?.find((check) => check.k === 'gte')?.n;
      const max = shape.checks?.find((check) => check.k === 'lte')?.n;
      const near = fc.integer({ min: (min ?? -1000) - 2, max: (max ?? 1000) + 2 });
      return shape.int
        ? fc.oneof({ weight: 8, arbitrary: near }, fc.double(), fc.constantFrom(2 ** 53, Number.NaN, -0))
        : fc.oneof(near, fc.double());
    }
    case 'literal':
    case 'enum':
      return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...shape.values) }, fc.string());
    case 'array': {
      const max = shape.checks?.find((check) => check.k === 'max_length')?.n;
      return fc.array(arbitrary(shape.of), { maxLength: Math.min((max ?? 3) + 1, 4) });
    }
    case 'object': {
      const keys = Object.keys(shape.shape);
      const inner = Object.fromEntries(keys.map((key) => [key, arbitrary(shape.shape[key] as Shape)]));
      return fc
        .tuple(
          fc.record(inner, { requiredKeys: keys.filter((key) => (shape.shape[key] as Shape).t !== 'optional') }),
          fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
        )
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 6 }), arbitrary(shape.value), { maxKeys: 3 });
    case 'optional':
      return fc.option(arbitrary(shape.of), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitrary(shape.of), { nil: null, freq: 3 });
    case 'default':
      return fc.option(arbitrary(shape.of), { nil: undefined, freq: 3 });
    case 'custom':
      return fc.constantFrom(async () => ({ default: null }), 'not a function', undefined);
  }
}

/** What @outpost/contracts/browser exports, by the name of the zod schema it stands for. */
// Typed by BROWSER_SCHEMAS's names: one the browser entry does not export fails the typecheck.
const CHECKERS: Record<keyof typeof BROWSER_SCHEMAS, { safeParse(value: unknown): unknown }> = browser;

describe('the browser checks (@outpost/contracts/browser)', () => {
  it('are generated from the current zod schemas (pnpm --filter @outpost/contracts shapes)', () => {
    for (const [name, schema] of Object.entries(BROWSER_SCHEMAS)) {
      expect(BROWSER_SHAPES[name], name).toEqual(JSON.parse(JSON.stringify(describeSchema(schema))));
    }
    expect(Object.keys(BROWSER_SHAPES).sort()).toEqual(Object.keys(BROWSER_SCHEMAS).sort());
  });

  it.each(Object.keys(BROWSER_SCHEMAS))('%s answers as its zod schema does', (name) => {
    const zodSchema = BROWSER_SCHEMAS[name as keyof typeof BROWSER_SCHEMAS];
    const small = CHECKERS[name as keyof typeof BROWSER_SCHEMAS] as typeof browser.routeTableSchema;
    let accepted = 0;
    // A large schema (the profile) draws a well-formed value rarely: about one run in eight of
    // 400 drew none. More runs, only until one is accepted, so what is kept is always compared.
    for (let round = 0; round < 10 && accepted === 0; round++)
      fc.assert(
        fc.property(arbitrary(BROWSER_SHAPES[name] as Shape), (value) => {
          const expected = zodSchema.safeParse(value);
          const actual = small.safeParse(value);
          expect(actual.success).toBe(expected.success);
          if (expected.success && actual.success) {
            accepted++;
            expect(actual.data).toEqual(expected.data);
          } else if (!expected.success && !actual.success) {
            expect(actual.error.issues[0]?.path).toEqual(expected.error.issues[0]?.path);
          }
        }),
        { numRuns: 400 },
      );
    // The well-formed values are well-formed often enough to test what is kept and dropped.
    expect(accepted).toBeGreaterThan(0);
  });

  it('refuses an array over its maximum on its length alone, items unread, as zod does', () => {
    // fast-check found it: nine aliases (eight at most), the first ones bad too.
    const manifest = {
      id: 'a',
      contractVersion: '0.0.0',
      routes: [{ path: '/', aliases: ['', 0, null, false, '', 0, '', 0, 0], title: '' }],
    };
    for (const [checker, schema] of [
      [CHECKERS.remoteManifestSchema, BROWSER_SCHEMAS.remoteManifestSchema],
      [CHECKERS.routeTableSchema, BROWSER_SCHEMAS.routeTableSchema],
    ] as const) {
      const expected = schema.safeParse(manifest);
      const actual = (checker as typeof browser.routeTableSchema).safeParse(manifest);
      expect(actual.success).toBe(false);
      expect(!actual.success && actual.error.issues.map((issue) => issue.path)).toEqual(
        !expected.success && expected.error.issues.map((issue) => issue.path),
      );
      expect(!actual.success && actual.error.issues[0]?.path).toEqual(['routes', 0, 'aliases']);
    }
  });

  it('names the first problem, like the zod schema', () => {
    const table = { id: 'docs', contractVersion: '1.0.0', routes: [{ path: 'no-slash', title: 'Docs' }] };
    const result = browser.routeTableSchema.safeParse(table);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues[0]).toMatchObject({
      path: ['routes', 0, 'path'],
      message: 'must be an absolute route path',
    });
    const external = browser.routeTableSchema.safeParse({
      ...table,
      routes: [{ path: '/x', title: 'X', external: true }],
    });
    expect(!external.success && external.error.issues[0]).toMatchObject({
      path: ['routes', 0, 'redirect'],
      message: 'an external route needs a redirect target',
    });
    expect(() => browser.profileResponseSchema.parse({ user: {} })).toThrow(/at user\.name/);
  });
});
