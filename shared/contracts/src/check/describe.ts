// zod schema -> Shape (check/shape.ts): run at build/test time only (it imports zod), to write
// browser-shapes.ts. Throws on any part of zod it does not know, and on a refinement or custom
// predicate not named in check/rules.ts, so the browser checks can never silently differ.
import { RULES } from './rules';
import type { Shape, ShapeCheck } from './shape';

// zod's internals (_zod.def) are read as plain data.
type Any = any;

function ruleName(fn: unknown): string {
  const found = Object.entries(RULES).find(([, rule]) => rule === fn);
  if (!found) throw new Error('a refinement that is not in check/rules.ts: add the predicate there and use it');
  return found[0];
}

/** The message a check or schema was given (zod keeps it as a function returning it). */
function messageOf(def: Any): string | undefined {
  if (typeof def.error !== 'function') return undefined;
  const message = def.error({});
  return typeof message === 'string' ? message : undefined;
}

function describeCheck(check: Any): ShapeCheck {
  const def = check._zod.def;
  const message = messageOf(def);
  const withMessage = (value: ShapeCheck): ShapeCheck => (message === undefined ? value : { ...value, message });
  switch (def.check) {
    case 'min_length':
      return withMessage({ k: 'min_length', n: def.minimum });
    case 'max_length':
      return withMessage({ k: 'max_length', n: def.maximum });
    case 'greater_than':
      return withMessage({ k: def.inclusive ? 'gte' : 'gt', n: def.value });
    case 'less_than':
      return withMessage({ k: def.inclusive ? 'lte' : 'lt', n: def.value });
    case 'string_format':
      if (def.format !== 'regex') throw new Error(`string format ${def.format} is not supported by the browser checks`);
      return withMessage({ k: 'regex', pattern: [def.pattern.source, def.pattern.flags] });
    case 'custom':
      return withMessage({ k: 'rule', rule: ruleName(def.fn), ...(def.path ? { path: def.path } : {}) });
    default:
      throw new Error(`check ${def.check} is not supported by the browser checks`);
  }
}

function describeChecks(def: Any): { checks?: ShapeCheck[] } {
  const checks = (def.checks ?? []).map(describeCheck);
  return checks.length > 0 ? { checks } : {};
}

export function describeSchema(schema: Any): Shape {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'boolean':
    case 'unknown':
      return { t: def.type, ...describeChecks(def) };
    case 'number':
      if (def.format !== undefined && def.format !== 'safeint') throw new Error(`number format ${def.format}`);
      return { t: 'number', ...(def.format === 'safeint' ? { int: true } : {}), ...describeChecks(def) };
    case 'literal':
      return { t: 'literal', values: [...def.values] };
    case 'enum':
      return { t: 'enum', values: Object.values(def.entries) };
    case 'array':
      return { t: 'array', of: describeSchema(def.element), ...describeChecks(def) };
    case 'object':
      if (def.catchall !== undefined) throw new Error('object catchall is not supported by the browser checks');
      return {
        t: 'object',
        shape: Object.fromEntries(Object.entries(def.shape).map(([key, value]) => [key, describeSchema(value)])),
        ...describeChecks(def),
      };
    case 'record':
      return { t: 'record', key: describeSchema(def.keyType), value: describeSchema(def.valueType) };
    case 'optional':
    case 'nullable':
      return { t: def.type, of: describeSchema(def.innerType) };
    case 'default':
      return { t: 'default', of: describeSchema(def.innerType), value: def.defaultValue };
    case 'custom': {
      const message = messageOf(def);
      return { t: 'custom', rule: ruleName(def.fn), ...(message === undefined ? {} : { message }) };
    }
    default:
      throw new Error(`zod type ${def.type} is not supported by the browser checks`);
  }
}
