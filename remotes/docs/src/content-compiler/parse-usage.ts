import { COMMAND_ARG_TYPES, type CommandArg, type CommandArgType } from '@outpost/contracts';

// A command's usage string (SPEC 3): the command name, then its arguments, required ones in
// angle brackets and optional ones in square brackets:
//
//   sm_ftt <targets:players> <troll:text{vomit|slow|...}> [seconds:integer{>=0}=60]
//
// Inside the brackets: name ':' type, then optionally the allowed values in braces separated
// by '|', then optionally '=' and the default. Anything else is malformed: the docs build
// fails with the reason instead of showing a broken table.

export type UsageResult =
  | { ok: true; command: string; args: CommandArg[] }
  | { ok: false; reason: string; column: number };

class UsageError extends Error {
  constructor(
    readonly reason: string,
    readonly column: number,
  ) {
    super(reason);
  }
}

const NAME = /^[a-z][a-z0-9_-]*$/i;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const BOOLEANS = ['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'];
const COMPARISON = /^(>=|<=|>|<)\s*(\S+)$/;
const CLOSER: Record<string, string> = { '<': '>', '[': ']' };

/** '>=' and '<=' as readers see them (SPEC 5). */
export function showAllowed(text: string): string {
  return text.replaceAll('>=', '≥').replaceAll('<=', '≤');
}

export function parseUsage(usage: string, expectedCommand?: string): UsageResult {
  try {
    return { ok: true, ...parse(usage, expectedCommand) };
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, reason: error.reason, column: error.column };
    throw error;
  }
}

function parse(usage: string, expectedCommand?: string): { command: string; args: CommandArg[] } {
  if (usage.trim() === '') throw new UsageError('the usage string is empty', 1);
  if (/^\s/.test(usage)) throw new UsageError('the usage string starts with a space', 1);
  const command = /^\S+/.exec(usage)?.[0] ?? '';
  if (command.includes('<') || command.includes('['))
    throw new UsageError('the usage string must start with the command name', 1);
  if (expectedCommand !== undefined && command !== expectedCommand)
    throw new UsageError(`the usage string starts with "${command}", not the command name "${expectedCommand}"`, 1);

  const args: CommandArg[] = [];
  let i = command.length;
  while (i < usage.length) {
    if (/\s/.test(usage[i] as string)) {
      i++;
      continue;
    }
    const opener = usage[i] as string;
    const closer = CLOSER[opener];
    if (!closer) {
      const stray = /^\S+/.exec(usage.slice(i))?.[0] ?? opener;
      throw new UsageError(
        `unexpected "${stray}" at column ${i + 1}: arguments go in <required> or [optional] brackets`,
        i + 1,
      );
    }
    const end = findCloser(usage, i, closer);
    const arg = parseArg(usage.slice(i + 1, end), opener === '<', i + 1);
    if (args.some((a) => a.name === arg.name)) throw new UsageError(`argument "${arg.name}" appears twice`, i + 1);
    if (arg.required && args.some((a) => !a.required))
      throw new UsageError(`required argument "${arg.name}" follows an optional one`, i + 1);
    args.push(arg);
    i = end + 1;
  }
  return { command, args };
}

/** Index of the bracket closing the one at `start`; braces inside are skipped whole. */
function findCloser(usage: string, start: number, closer: string): number {
  const opener = usage[start] as string;
  for (let i = start + 1; i < usage.length; i++) {
    const c = usage[i] as string;
    if (c === '{') {
      const close = usage.indexOf('}', i);
      if (close === -1) throw new UsageError(`unclosed "{" at column ${i + 1}`, i + 1);
      i = close;
    } else if (c === closer) {
      return i;
    } else if (c === '<' || c === '[') {
      throw new UsageError(`"${c}" at column ${i + 1} inside another argument: brackets do not nest`, i + 1);
    } else if (c === '>' || c === ']') {
      throw new UsageError(`"${opener}" at column ${start + 1} is closed by "${c}" instead of "${closer}"`, i + 1);
    }
  }
  throw new UsageError(`unclosed "${opener}" at column ${start + 1}`, start + 1);
}

function parseArg(spec: string, required: boolean, column: number): CommandArg {
  const text = spec.trim();
  if (text === '') throw new UsageError(`empty argument at column ${column}`, column);
  const colon = text.indexOf(':');
  if (colon === -1) throw new UsageError(`argument "${text}" has no type: write name:type`, column);
  const name = text.slice(0, colon).trim();
  if (!NAME.test(name)) throw new UsageError(`"${name}" is not a valid argument name`, column);

  let rest = text.slice(colon + 1);
  const typeName = /^[a-z]*/i.exec(rest)?.[0] ?? '';
  if (!(COMMAND_ARG_TYPES as readonly string[]).includes(typeName))
    throw new UsageError(
      `argument "${name}" has unknown type "${typeName || rest}": use ${COMMAND_ARG_TYPES.join(', ')}`,
      column,
    );
  const type = typeName as CommandArgType;
  rest = rest.slice(typeName.length);

  let allowed: string[] = [];
  if (rest.startsWith('{')) {
    const close = rest.indexOf('}');
    allowed = rest
      .slice(1, close)
      .split('|')
      .map((value) => value.trim());
    if (allowed.some((value) => value === ''))
      throw new UsageError(`argument "${name}" has an empty allowed value`, column);
    for (const value of allowed) checkAllowed(name, type, value, column);
    rest = rest.slice(close + 1);
  }

  let defaultValue: string | null = null;
  if (rest.startsWith('=')) {
    defaultValue = rest.slice(1).trim();
    if (required)
      throw new UsageError(`required argument "${name}" has a default: only [optional] arguments take one`, column);
    if (defaultValue === '') throw new UsageError(`argument "${name}" has an empty default after "="`, column);
    checkDefault(name, type, defaultValue, allowed, column);
    rest = '';
  }
  if (rest.trim() !== '')
    throw new UsageError(`unexpected "${rest.trim()}" after the type of argument "${name}"`, column);
  return { name, type, required, default: defaultValue, allowed: allowed.map(showAllowed) };
}

function isNumber(type: CommandArgType, value: string): boolean {
  return type === 'integer' ? INTEGER.test(value) : DECIMAL.test(value);
}

function checkAllowed(name: string, type: CommandArgType, value: string, column: number): void {
  if (type === 'boolean' || type === 'players' || type === 'player')
    throw new UsageError(`argument "${name}" is a ${type}: it takes no list of allowed values`, column);
  if (type === 'text') return;
  const comparison = COMPARISON.exec(value);
  const number = comparison ? (comparison[2] as string) : value;
  if (!isNumber(type, number))
    throw new UsageError(`allowed value "${value}" of argument "${name}" is not an ${type} or a comparison`, column);
}

function satisfies(value: number, rule: string): boolean {
  const comparison = COMPARISON.exec(rule);
  if (!comparison) return value === Number(rule);
  const bound = Number(comparison[2]);
  switch (comparison[1]) {
    case '>=':
      return value >= bound;
    case '<=':
      return value <= bound;
    case '>':
      return value > bound;
    default:
      return value < bound;
  }
}

function checkDefault(name: string, type: CommandArgType, value: string, allowed: string[], column: number): void {
  const article = type === 'integer' ? 'an' : 'a';
  if ((type === 'integer' || type === 'decimal') && !isNumber(type, value))
    throw new UsageError(`default "${value}" of argument "${name}" is not ${article} ${type} value`, column);
  if (type === 'boolean' && !BOOLEANS.includes(value.toLowerCase()))
    throw new UsageError(
      `default "${value}" of argument "${name}" is not a boolean value (${BOOLEANS.join(', ')})`,
      column,
    );
  if (allowed.length === 0) return;
  if (type === 'text') {
    if (!allowed.includes(value))
      throw new UsageError(`default "${value}" of argument "${name}" is not one of its allowed values`, column);
    return;
  }
  const n = Number(value);
  const comparisons = allowed.filter((rule) => COMPARISON.test(rule));
  const values = allowed.filter((rule) => !COMPARISON.test(rule));
  const ok =
    comparisons.every((rule) => satisfies(n, rule)) && (values.length === 0 || values.some((v) => satisfies(n, v)));
  if (!ok) throw new UsageError(`default "${value}" of argument "${name}" is not one of its allowed values`, column);
}
